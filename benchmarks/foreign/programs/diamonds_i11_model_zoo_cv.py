"""Diamonds price -- small model zoo, every candidate cross-validated on log1p(price).

Plan: build a handful of candidates, score them all with the same KFold,
collect everything into one leaderboard, refit the winner on all rows.
"""
import json
import os
import time

import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import ExtraTreesRegressor, HistGradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import GridSearchCV, KFold, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

SEED = 17
N_FOLDS = 3
LOG_DIR = "automl_logs"

CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "test", test.shape)


def featurize(df):
    out = pd.DataFrame(index=df.index)
    out["carat"] = df["carat"]
    out["log_carat"] = np.log(df["carat"])
    for col in ["depth", "table", "x", "y", "z"]:
        out[col] = df[col]
    out["volume"] = df["x"] * df["y"] * df["z"]
    out["cut_rank"] = df["cut"].map({v: i for i, v in enumerate(CUT_ORDER)}).fillna(-1)
    out["color_rank"] = df["color"].map({v: i for i, v in enumerate(COLOR_ORDER)}).fillna(-1)
    out["clarity_rank"] = df["clarity"].map({v: i for i, v in enumerate(CLARITY_ORDER)}).fillna(-1)
    # keep the raw labels too, the linear candidate one-hot encodes them
    out["cut"] = df["cut"]
    out["color"] = df["color"]
    out["clarity"] = df["clarity"]
    return out


X = featurize(train)
X_test = featurize(test)
y = np.log1p(train["price"].values)

cat_cols = ["cut", "color", "clarity"]
num_cols = [c for c in X.columns if c not in cat_cols]

linear_prep = ColumnTransformer(
    [
        ("num", StandardScaler(), num_cols),
        ("cat", OneHotEncoder(handle_unknown="ignore"), cat_cols),
    ]
)
tree_prep = ColumnTransformer([("num", "passthrough", num_cols)])

CANDIDATES = {
    "ridge": Pipeline([("prep", linear_prep), ("model", Ridge(alpha=1.0))]),
    "extra_trees": Pipeline(
        [("prep", tree_prep), ("model", ExtraTreesRegressor(n_estimators=80, min_samples_leaf=2, random_state=SEED, n_jobs=1))]
    ),
    "hist_gb": Pipeline(
        [("prep", tree_prep), ("model", HistGradientBoostingRegressor(max_iter=250, learning_rate=0.08, random_state=SEED))]
    ),
    "lgbm": Pipeline(
        [("prep", tree_prep), ("model", LGBMRegressor(n_estimators=300, learning_rate=0.05, num_leaves=31, random_state=SEED, verbose=-1, n_jobs=1))]
    ),
}

# small grids, only searched for the families worth it
PARAM_GRIDS = {
    "ridge": {"model__alpha": [0.3, 3.0]},
    "lgbm": {"model__num_leaves": [15, 31], "model__min_child_samples": [10, 30]},
}

cv = KFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
rows = []
fitted_params = {}

for name, est in CANDIDATES.items():
    t0 = time.time()
    if name in PARAM_GRIDS:
        search = GridSearchCV(est, PARAM_GRIDS[name], cv=cv, scoring="neg_root_mean_squared_error", n_jobs=1)
        search.fit(X, y)
        best_idx = search.best_index_
        rmse = -search.best_score_
        rmse_std = search.cv_results_["std_test_score"][best_idx]
        fitted_params[name] = search.best_params_
        n_configs = len(search.cv_results_["params"])
    else:
        res = cross_validate(est, X, y, cv=cv, scoring="neg_root_mean_squared_error", n_jobs=1)
        rmse = -res["test_score"].mean()
        rmse_std = res["test_score"].std()
        fitted_params[name] = {}
        n_configs = 1
    elapsed = time.time() - t0
    print(f"{name:12s} rmse(log) {rmse:.5f} +- {rmse_std:.5f}  configs={n_configs}  {elapsed:.1f}s")
    rows.append({"model": name, "cv_rmsle": rmse, "cv_std": rmse_std, "n_configs": n_configs, "seconds": round(elapsed, 2), "params": json.dumps(fitted_params[name])})

leaderboard = pd.DataFrame(rows).sort_values("cv_rmsle").reset_index(drop=True)
print("\n=== leaderboard ===")
print(leaderboard.to_string(index=False))

best_name = leaderboard.loc[0, "model"]
best_score = leaderboard.loc[0, "cv_rmsle"]
print(f"\nbest: {best_name} with {fitted_params[best_name]}")

best_est = CANDIDATES[best_name]
if fitted_params[best_name]:
    best_est.set_params(**fitted_params[best_name])
best_est.fit(X, y)

os.makedirs(LOG_DIR, exist_ok=True)
with open(os.path.join(LOG_DIR, "diamonds_runs.json"), "w") as fh:
    json.dump({"folds": N_FOLDS, "seed": SEED, "best": best_name, "results": leaderboard.to_dict(orient="records")}, fh, indent=2)

pred = np.expm1(best_est.predict(X_test))
pred = np.clip(pred, 300, None)

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "price": pred})
sub.to_csv("submission/submission.csv", index=False)
print("wrote", sub.shape, "rows to submission/submission.csv")
print(f"CV RMSLE: {best_score:.5f}")
