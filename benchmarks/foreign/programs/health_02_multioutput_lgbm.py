import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.multioutput import MultiOutputClassifier

LABELS = ["health", "limit", "insurance"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
features = [c for c in train.columns if c not in LABELS + ["id"]]
for df in (train, test):
    for col in features:
        if pd.api.types.is_string_dtype(df[col]):
            df[col] = pd.Categorical(df[col], categories=sorted(train[col].unique()))

X_tr, X_va, Y_tr, Y_va = train_test_split(train[features], train[LABELS], test_size=0.2, random_state=1)
clf = MultiOutputClassifier(LGBMClassifier(n_estimators=300, learning_rate=0.03, num_leaves=15, min_child_samples=30, verbose=-1))
clf.fit(X_tr, Y_tr)
probas = clf.predict_proba(X_va)
scores = {label: roc_auc_score(Y_va[label], p[:, 1]) for label, p in zip(LABELS, probas)}
for label, s in scores.items():
    print(f"AUC[{label}] = {s:.4f}")
print(f"average AUC = {np.mean(list(scores.values())):.4f}")

clf.fit(train[features], train[LABELS])
sub = pd.DataFrame({"id": test["id"]})
for label, p in zip(LABELS, clf.predict_proba(test[features])):
    sub[label] = p[:, 1]
sub.to_csv("./submission/submission.csv", index=False)
