import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

LABELS = ["health", "limit", "insurance"]
CATS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
NUMS = ["age", "family"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def model():
    pre = ColumnTransformer([("cat", OneHotEncoder(handle_unknown="ignore"), CATS), ("num", StandardScaler(), NUMS)])
    return Pipeline([("pre", pre), ("lr", LogisticRegression(C=1.0, max_iter=2000))])


sub = pd.DataFrame({"id": test["id"]})
aucs = []
for label in LABELS:
    y = train[label].to_numpy()
    oof = np.zeros(len(train))
    for a, b in StratifiedKFold(5, shuffle=True, random_state=0).split(train, y):
        oof[b] = model().fit(train.iloc[a], y[a]).predict_proba(train.iloc[b])[:, 1]
    aucs.append(roc_auc_score(y, oof))
    print(f"{label:<10} OOF AUC {aucs[-1]:.4f}")
    sub[label] = model().fit(train, y).predict_proba(test)[:, 1]
print(f"mean column-wise AUC: {np.mean(aucs):.4f}")
sub.to_csv("./submission/submission.csv", index=False)
