import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier

LABELS = ["health", "limit", "insurance"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
for df in (train, test):
    df["male"] = (df["gender"] == "male").astype(int)
    df["is_married"] = (df["married"] == "yes").astype(int)
    df["self_employed"] = (df["selfemp"] == "yes").astype(int)
features = ["age", "family", "male", "is_married", "self_employed", "region"]

X_tr, X_va, Y_tr, Y_va = train_test_split(train[features], train[LABELS], test_size=0.2, random_state=0)
knn = KNeighborsClassifier(n_neighbors=75)
aucs = []
for label in LABELS:
    knn.fit(X_tr, Y_tr[label])
    aucs.append(roc_auc_score(Y_va[label], knn.predict_proba(X_va)[:, 1]))
print("mean AUC:", np.mean(aucs))
sub = pd.DataFrame({"id": test["id"]})
for label in LABELS:
    sub[label] = knn.fit(train[features], train[label]).predict_proba(test[features])[:, 1]
sub.to_csv("./submission/submission.csv", index=False)
