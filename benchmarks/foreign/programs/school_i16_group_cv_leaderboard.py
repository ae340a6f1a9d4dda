"""school-math: compare regressors with GroupKFold on School (test schools are unseen).

Every candidate in CANDIDATES is cross-validated with the same group folds;
the ones listed in GRIDS get a small GridSearchCV first.  The leaderboard is
saved as CSV, the winner is refit on all rows.
"""
import os
import time
import warnings

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingRegressor, RandomForestRegressor
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.model_selection import GridSearchCV, GroupKFold, cross_validate
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

warnings.filterwarnings("ignore")

OUT_LOG = "cv_logs"
TARGET = "MathAch"

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
groups = train["School"].to_numpy()
print(f"train rows {len(train)} in {train['School'].nunique()} schools; test rows {len(test)}")


def add_features(df):
    df = df.copy()
    df["SES_within"] = df["SES"] - df["MEANSES"]        # pupil relative to own school
    df["SES_x_MEANSES"] = df["SES"] * df["MEANSES"]
    return df


train = add_features(train)
test = add_features(test)

categorical = ["Minority", "Sex"]
numeric = ["SES", "MEANSES", "SES_within", "SES_x_MEANSES"]
FEATURES = categorical + numeric

X = train[FEATURES]
y = train[TARGET].to_numpy()
X_test = test[FEATURES]


def preprocessor():
    return ColumnTransformer(
        [
            ("cat", OneHotEncoder(drop="if_binary", handle_unknown="ignore"), categorical),
            ("num", StandardScaler(), numeric),
        ]
    )


CANDIDATES = {
    "ols": LinearRegression(),
    "ridge": Ridge(),
    "knn": KNeighborsRegressor(),
    "forest": RandomForestRegressor(n_estimators=120, random_state=0, n_jobs=1),
    "hgb": HistGradientBoostingRegressor(random_state=0),
}
GRIDS = {
    "ridge": {"model__alpha": [1.0, 10.0, 100.0]},
    "knn": {"model__n_neighbors": [25, 75, 150]},
    "forest": {"model__min_samples_leaf": [20, 60]},
    "hgb": {"model__learning_rate": [0.03, 0.1], "model__max_depth": [2, 3]},
}

gkf = GroupKFold(n_splits=5)
rows = []
chosen = {}

for name, model in CANDIDATES.items():
    pipe = Pipeline([("prep", preprocessor()), ("model", model)])
    tic = time.time()
    if name in GRIDS:
        search = GridSearchCV(pipe, GRIDS[name], cv=gkf, scoring="neg_root_mean_squared_error", n_jobs=1)
        search.fit(X, y, groups=groups)
        pipe.set_params(**search.best_params_)
        chosen[name] = search.best_params_
    else:
        chosen[name] = {}
    res = cross_validate(
        pipe, X, y, groups=groups, cv=gkf, scoring=["neg_root_mean_squared_error", "r2"], n_jobs=1
    )
    rmse = -res["test_neg_root_mean_squared_error"]
    rows.append(
        {
            "model": name,
            "rmse_mean": rmse.mean(),
            "rmse_std": rmse.std(),
            "r2_mean": res["test_r2"].mean(),
            "params": chosen[name],
            "seconds": round(time.time() - tic, 1),
        }
    )
    print(f"{name:8s} rmse {rmse.mean():.4f} (+/-{rmse.std():.4f})  r2 {res['test_r2'].mean():.4f}  {chosen[name]}")

board = pd.DataFrame(rows).sort_values("rmse_mean").reset_index(drop=True)
print("\nleaderboard")
print(board.drop(columns="params").to_string(index=False))

os.makedirs(OUT_LOG, exist_ok=True)
board.assign(params=board["params"].astype(str)).to_csv(os.path.join(OUT_LOG, "school_math_leaderboard.csv"), index=False)

winner = board.iloc[0]["model"]
final_pipe = Pipeline([("prep", preprocessor()), ("model", CANDIDATES[winner])])
final_pipe.set_params(**chosen[winner])
final_pipe.fit(X, y)
pred = final_pipe.predict(X_test)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], TARGET: pred}).to_csv("submission/submission.csv", index=False)
print(f"winner: {winner}")
print(f"CV RMSE: {board.iloc[0]['rmse_mean']:.4f}")
