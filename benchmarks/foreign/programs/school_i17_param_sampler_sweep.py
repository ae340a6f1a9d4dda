# school-math: hand-rolled sweep with ParameterSampler / ParameterGrid + cross_val_score,
# grouped by School because the test schools never appear in train.
import json
import os
import time
from datetime import datetime

import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.base import clone
from sklearn.linear_model import ElasticNet, Ridge
from sklearn.model_selection import GroupKFold, ParameterGrid, ParameterSampler, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import SplineTransformer, StandardScaler
from sklearn.svm import SVR

SEED = 3
LOG_PATH = os.path.join("sweeps", "school_math_sweep.json")
os.makedirs(os.path.dirname(LOG_PATH), exist_ok=True)

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")


def to_matrix(df):
    m = pd.DataFrame(
        {
            "minority": (df["Minority"] == "Yes").astype(float),
            "male": (df["Sex"] == "Male").astype(float),
            "ses": df["SES"],
            "meanses": df["MEANSES"],
        }
    )
    m["ses_dev"] = m["ses"] - m["meanses"]
    m["minority_x_meanses"] = m["minority"] * m["meanses"]
    return m


X = to_matrix(tr)
X_te = to_matrix(te)
y = tr["MathAch"].to_numpy()
groups = tr["School"].to_numpy()

search_space = {
    "elasticnet": (
        make_pipeline(StandardScaler(), ElasticNet(max_iter=5000)),
        ParameterGrid({"elasticnet__alpha": [0.001, 0.01, 0.1], "elasticnet__l1_ratio": [0.2, 0.8]}),
    ),
    "spline_ridge": (
        make_pipeline(StandardScaler(), SplineTransformer(degree=3), Ridge()),
        ParameterGrid({"splinetransformer__n_knots": [4, 6], "ridge__alpha": [1.0, 30.0]}),
    ),
    "svr": (
        make_pipeline(StandardScaler(), SVR()),
        ParameterSampler({"svr__C": [0.3, 1.0, 3.0], "svr__epsilon": [0.5, 1.0, 2.0]}, n_iter=2, random_state=SEED),
    ),
    "lgbm": (
        LGBMRegressor(verbose=-1, random_state=SEED, n_jobs=1),
        ParameterSampler(
            {
                "n_estimators": [100, 200, 300],
                "learning_rate": [0.02, 0.05],
                "num_leaves": [4, 8, 15],
                "min_child_samples": [40, 100],
                "reg_lambda": [0.0, 5.0],
            },
            n_iter=5,
            random_state=SEED,
        ),
    ),
}

cv = GroupKFold(n_splits=4)
trials = []
t_start = time.time()

for family, (base, space) in search_space.items():
    for params in space:
        est = clone(base).set_params(**params)
        t0 = time.time()
        s = cross_val_score(est, X, y, groups=groups, cv=cv, scoring="neg_root_mean_squared_error")
        trials.append(
            {
                "family": family,
                "params": params,
                "rmse": float(-s.mean()),
                "rmse_std": float(s.std()),
                "fit_seconds": round(time.time() - t0, 2),
            }
        )
    fam = [t for t in trials if t["family"] == family]
    print(f"{family:13s} best rmse {min(t['rmse'] for t in fam):.4f} over {len(fam)} configs")

df = pd.DataFrame(trials).sort_values(["rmse", "rmse_std"]).reset_index(drop=True)
with pd.option_context("display.max_colwidth", 90, "display.width", 200, "display.max_columns", 10):
    print(df.head(10))

best = df.iloc[0]
print("best family:", best["family"], "params:", best["params"])

with open(LOG_PATH, "w") as f:
    json.dump(
        {
            "when": datetime.now().isoformat(timespec="seconds"),
            "cv": "GroupKFold(4) on School",
            "elapsed_s": round(time.time() - t_start, 1),
            "trials": df.to_dict(orient="records"),
        },
        f,
        indent=2,
        default=str,
    )

final = clone(search_space[best["family"]][0]).set_params(**best["params"])
final.fit(X, y)
preds = final.predict(X_te)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "MathAch": preds}).to_csv("submission/submission.csv", index=False)
print(f"CV RMSE: {best['rmse']:.4f}")
