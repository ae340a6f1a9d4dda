import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

for df in (train, test):
    df["pclass"] = df["pclass"].astype(int)
    df["sex"] = df["sex"].map({"male": 0, "female": 1})
    df["age"] = df["age"].fillna(df["age"].median())
    df["child"] = (df["age"] < 14).astype(int)

cols = ["pclass", "sex", "age", "child"]
X_tr, X_va, y_tr, y_va = train_test_split(train[cols], train["survived"], test_size=0.2, random_state=0)
rf = RandomForestClassifier(n_estimators=300, max_depth=6, random_state=0).fit(X_tr, y_tr)
print("Validation AUC:", roc_auc_score(y_va, rf.predict_proba(X_va)[:, 1]))
rf.fit(train[cols], train["survived"])
pd.DataFrame({"id": test["id"], "survived": rf.predict_proba(test[cols])[:, 1]}).to_csv("./submission/submission.csv", index=False)
