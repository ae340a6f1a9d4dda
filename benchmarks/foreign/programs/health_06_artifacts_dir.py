import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import StandardScaler

LABELS = ["health", "limit", "insurance"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id"] + LABELS), drop_first=True, dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), drop_first=True, dtype=float).reindex(columns=X.columns, fill_value=0)
scaler = StandardScaler().fit(X)
Xs, Xts = scaler.transform(X), scaler.transform(X_test)

oof = pd.DataFrame({"id": train["id"]})
sub = pd.DataFrame({"id": test["id"]})
for label in LABELS:
    y = train[label].to_numpy()
    col = np.zeros(len(y))
    for a, b in StratifiedKFold(5, shuffle=True, random_state=42).split(Xs, y):
        col[b] = LogisticRegression(max_iter=1000).fit(Xs[a], y[a]).predict_proba(Xs[b])[:, 1]
    oof[label] = col
    print(f"{label}: OOF AUC = {roc_auc_score(y, col):.4f}")
    sub[label] = LogisticRegression(max_iter=1000).fit(Xs, y).predict_proba(Xts)[:, 1]

oof.to_csv("artifacts/oof_logreg.csv", index=False)
sub.to_csv("./submission/submission.csv", index=False)
print("mean OOF AUC:", np.mean([roc_auc_score(train[l], oof[l]) for l in LABELS]))
