import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.model_selection import KFold, cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id", "price"]), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)
y = np.log1p(train["price"])

gbr = GradientBoostingRegressor(n_estimators=5000, learning_rate=0.01, max_depth=7, subsample=0.9, random_state=0)
rmse = -cross_val_score(gbr, X, y, cv=KFold(5, shuffle=True, random_state=0), scoring="neg_root_mean_squared_error")
print("CV RMSLE:", rmse.mean())
gbr.fit(X, y)
pd.DataFrame({"id": test["id"], "price": np.expm1(gbr.predict(X_test))}).to_csv("./submission/submission.csv", index=False)
