import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import KFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "progression"]).to_numpy()
y = train["progression"].to_numpy()
X_test = test.drop(columns=["id"]).to_numpy()

base = GradientBoostingRegressor(n_estimators=150, learning_rate=0.05, max_depth=2, subsample=0.8, random_state=0)
oof = np.zeros(len(y))
for fold, (a, b) in enumerate(KFold(n_splits=5, shuffle=True, random_state=0).split(X)):
    m = clone(base).fit(X[a], y[a])
    oof[b] = m.predict(X[b])
    print(f"fold {fold + 1}: rmse {np.sqrt(mean_squared_error(y[b], oof[b])):.3f}")
print(f"OOF RMSE: {np.sqrt(mean_squared_error(y, oof)):.3f}")

test_pred = base.predict(X_test)
pd.DataFrame({"id": test["id"], "progression": test_pred}).to_csv("./submission/submission.csv", index=False)
