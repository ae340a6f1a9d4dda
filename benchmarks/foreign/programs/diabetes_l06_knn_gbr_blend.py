import os
import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsRegressor
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.linear_model import LassoCV
from sklearn.metrics import mean_squared_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

feats = [c for c in train.columns if c not in ("id", "progression")]
X = train[feats].to_numpy(np.float64)
Xt = test[feats].to_numpy(np.float64)
y = train["progression"].to_numpy(np.float64)

mean_, std_ = X.mean(axis=0), X.std(axis=0)
Xz = (X - mean_) / std_
Xtz = (Xt - mean_) / std_

rng = np.random.default_rng(42)
perm = rng.permutation(len(y))
n_val = len(y) // 5
va, tr = perm[:n_val], perm[n_val:]


def rmse(a, b):
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    return float(np.sqrt(np.mean(np.square(a - b))))


def check_metric(y_true, y_pred):
    mine = rmse(y_true, y_pred)
    ref = mean_squared_error(y_true, y_pred, squared=False)
    if not np.isclose(mine, ref):
        raise RuntimeError(f"rmse mismatch {mine} vs {ref}")
    return mine


models = {
    "lasso": LassoCV(cv=5, alphas=np.logspace(-2, 1.5, 40), random_state=0),
    "knn15": KNeighborsRegressor(n_neighbors=15, weights="distance"),
    "gbr": GradientBoostingRegressor(n_estimators=150, max_depth=2, learning_rate=0.05, subsample=0.8, random_state=0),
}

val_preds = {}
for name, mdl in models.items():
    mdl.fit(Xz[tr], y[tr])
    p = mdl.predict(Xz[va])
    val_preds[name] = p
    print(f"{name:6s} holdout RMSE: {rmse(y[va], p):.3f}")

P = np.column_stack([val_preds[k] for k in models])
blend = P.mean(axis=1)
score = check_metric(y[va], blend)
print(f"Validation RMSE: {score:.3f}")

test_P = []
for name, mdl in models.items():
    mdl.fit(Xz, y)
    test_P.append(mdl.predict(Xtz))
pred = np.mean(np.column_stack(test_P), axis=1)
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "progression": pred}).to_csv("./submission/submission.csv", index=False)
print("saved")
