import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import RocCurveDisplay, roc_auc_score
from sklearn.model_selection import train_test_split

LABELS = ["health", "limit", "insurance"]


def design(df, columns=None):
    X = pd.get_dummies(df.drop(columns=[c for c in ["id", *LABELS] if c in df.columns]), dtype=float)
    return X if columns is None else X.reindex(columns=columns, fill_value=0.0)


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = design(train)
X_test = design(test, X.columns)
Y = train[LABELS]

X_tr, X_va, Y_tr, Y_va = train_test_split(X, Y, test_size=0.25, random_state=4)
forest = RandomForestClassifier(n_estimators=300, min_samples_leaf=8, random_state=4, n_jobs=1).fit(X_tr, Y_tr)
probas = forest.predict_proba(X_va)

fig, axes = plt.subplots(1, 3, figsize=(12, 4))
aucs = []
for ax, label, p in zip(axes, LABELS, probas):
    aucs.append(roc_auc_score(Y_va[label], p[:, 1]))
    RocCurveDisplay.from_predictions(Y_va[label], p[:, 1], ax=ax, name=label)
fig.tight_layout()
fig.savefig("./working/roc_per_label.png")
print("validation AUC by label:", dict(zip(LABELS, np.round(aucs, 4))))
print(f"column-averaged AUC: {np.mean(aucs):.4f}")

forest.fit(X, Y)
sub = pd.DataFrame({"id": test["id"]})
for label, p in zip(LABELS, forest.predict_proba(X_test)):
    sub[label] = p[:, 1]
sub.to_csv("./submission/submission.csv", index=False)
