import pandas as pd
from sklearn.linear_model import RidgeClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

LABELS = ["health", "limit", "insurance"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id"] + LABELS), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)

sub = pd.DataFrame({"id": test["id"]})
for label in LABELS:
    X_tr, X_va, y_tr, y_va = train_test_split(X, train[label], test_size=0.2, random_state=0, stratify=train[label])
    clf = RidgeClassifier(alpha=3.0).fit(X_tr, y_tr)
    print(label, "AUC", round(roc_auc_score(y_va, clf.predict_proba(X_va)[:, 1]), 4))
    sub[label] = clf.fit(X, train[label]).predict_proba(X_test)[:, 1]
sub.to_csv("./submission/submission.csv", index=False)
