import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

train = pd.get_dummies(train, columns=["cut", "color", "clarity"], dtype=float)
test = pd.get_dummies(test, columns=["cut", "color", "clarity"], dtype=float)

# premium cuts sell at a mark-up
train["premium_cut"] = train["cut"].isin(["Premium", "Ideal"]).astype(int)
test["premium_cut"] = test["cut"].isin(["Premium", "Ideal"]).astype(int)

features = [c for c in train.columns if c not in ("id", "price")]
rf = RandomForestRegressor(n_estimators=150, random_state=0)
score = -cross_val_score(rf, train[features], np.log1p(train["price"]), cv=3, scoring="neg_root_mean_squared_error").mean()
print(f"CV RMSLE {score:.4f}")
rf.fit(train[features], np.log1p(train["price"]))
pd.DataFrame({"id": test["id"], "price": np.expm1(rf.predict(test[features]))}).to_csv("./submission/submission.csv", index=False)
