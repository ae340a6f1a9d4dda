import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

for df in (train, test):
    df["log_amount"] = np.log1p(df["Amount"])
    df["log_price"] = np.log1p(df["Price"])
    df["Income"] = df["Income"].fillna(df["Income"].median())

X = pd.get_dummies(train.drop(columns=["id", "Status"]), dtype=float).fillna(0)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0).fillna(0)
gb = GradientBoostingClassifier(n_estimators=200, learning_rate=0.05, max_depth=3, random_state=0)
print("logloss:", -cross_val_score(gb, X, train["Status"], cv=3, scoring="neg_log_loss").mean())
gb.fit(X, train["Status"])
pd.DataFrame({"id": test["id"], "Status": gb.predict_proba(X_test)[:, 1]}).to_csv("./submission/submission.csv", index=False)
