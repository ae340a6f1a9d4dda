import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.metrics import mean_squared_log_error
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

for df in (train, test):
    df["volume"] = np.product(df[["x", "y", "z"]].to_numpy(), axis=1)
    df["carat_per_volume"] = df["carat"] / (df["volume"] + 1)

X = pd.get_dummies(train.drop(columns=["id", "price"]), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)
X_tr, X_va, y_tr, y_va = train_test_split(X, np.log1p(train["price"]), test_size=0.2, random_state=0)
rf = RandomForestRegressor(n_estimators=200, min_samples_leaf=2, random_state=0).fit(X_tr, y_tr)
print("RMSLE:", np.sqrt(mean_squared_log_error(np.expm1(y_va), np.expm1(rf.predict(X_va)))))
rf.fit(X, np.log1p(train["price"]))
pd.DataFrame({"id": test["id"], "price": np.expm1(rf.predict(X_test))}).to_csv("./submission/submission.csv", index=False)
