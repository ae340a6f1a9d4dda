import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

for df in (train, test):
    df["Income"] = df["Income"].astype(int)
    df["Assets"] = df["Assets"].fillna(0)
    df["Debt"] = df["Debt"].fillna(0)
    df["ratio"] = df["Amount"] / df["Price"]

X = pd.get_dummies(train.drop(columns=["id", "Status"]), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)
X_tr, X_va, y_tr, y_va = train_test_split(X, train["Status"], test_size=0.2, random_state=0, stratify=train["Status"])
rf = RandomForestClassifier(n_estimators=400, min_samples_leaf=5, random_state=0).fit(X_tr, y_tr)
print("valid logloss:", log_loss(y_va, rf.predict_proba(X_va)[:, 1]))
rf.fit(X, train["Status"])
pd.DataFrame({"id": test["id"], "Status": rf.predict_proba(X_test)[:, 1]}).to_csv("./submission/submission.csv", index=False)
