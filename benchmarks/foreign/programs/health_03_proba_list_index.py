import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.multioutput import MultiOutputClassifier

LABELS = ["health", "limit", "insurance"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id"] + LABELS), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)

X_tr, X_va, Y_tr, Y_va = train_test_split(X, train[LABELS], test_size=0.2, random_state=0)
clf = MultiOutputClassifier(HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05, random_state=0))
clf.fit(X_tr, Y_tr)
proba = clf.predict_proba(X_va)
for j, label in enumerate(LABELS):
    print(label, "AUC:", round(roc_auc_score(Y_va[label], proba[:, j]), 4))

clf.fit(X, train[LABELS])
test_proba = clf.predict_proba(X_test)
sub = pd.DataFrame({"id": test["id"]})
for j, label in enumerate(LABELS):
    sub[label] = test_proba[:, j]
sub.to_csv("./submission/submission.csv", index=False)
