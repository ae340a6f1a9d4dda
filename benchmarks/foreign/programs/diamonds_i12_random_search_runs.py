# diamonds-price: randomized search over three model families, leaderboard + run log
import json
import os

import numpy as np
import pandas as pd
from scipy.stats import loguniform, randint, uniform
from lightgbm import LGBMRegressor
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import KFold, RandomizedSearchCV
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

RANDOM_STATE = 2024
RUNS_ROOT = "runs"
RUN_NAME = "diamonds_random_search_v3"
RUN_DIR = os.path.join(RUNS_ROOT, RUN_NAME)
os.makedirs(RUNS_ROOT, exist_ok=True)

df_train = pd.read_csv("./input/train.csv")
df_test = pd.read_csv("./input/test.csv")

TARGET = "price"
CATS = ["cut", "color", "clarity"]


def prepare(train_df, test_df):
    full = pd.concat([train_df.drop(columns=[TARGET]), test_df], axis=0, ignore_index=True)
    # zero dimensions show up now and then -> treat them as missing and fill with median
    for c in ["x", "y", "z"]:
        full[c] = full[c].replace(0, np.nan)
        full[c] = full[c].fillna(full[c].median())
    full["xy_ratio"] = full["x"] / full["y"]
    full["carat_per_vol"] = full["carat"] / (full["x"] * full["y"] * full["z"])
    full = pd.get_dummies(full, columns=CATS, dtype=float)
    full = full.drop(columns=["id"])
    n = len(train_df)
    return full.iloc[:n].reset_index(drop=True), full.iloc[n:].reset_index(drop=True)


X, X_test = prepare(df_train, df_test)
y = np.log1p(df_train[TARGET].to_numpy())
print(f"features: {X.shape[1]}  train rows: {len(X)}  test rows: {len(X_test)}")

model_zoo = {
    "knn": make_pipeline(StandardScaler(), KNeighborsRegressor()),
    "rf": RandomForestRegressor(random_state=RANDOM_STATE, n_jobs=1),
    "lgbm": LGBMRegressor(random_state=RANDOM_STATE, verbose=-1, n_jobs=1),
}

search_spaces = {
    "knn": {"kneighborsregressor__n_neighbors": randint(4, 30), "kneighborsregressor__weights": ["uniform", "distance"]},
    "rf": {"n_estimators": randint(40, 90), "max_depth": randint(8, 18), "min_samples_leaf": randint(1, 5)},
    "lgbm": {
        "n_estimators": randint(150, 400),
        "learning_rate": loguniform(0.02, 0.15),
        "num_leaves": randint(15, 48),
        "subsample": uniform(0.7, 0.3),
        "subsample_freq": [1],
        "colsample_bytree": uniform(0.6, 0.4),
    },
}
n_iter_for = {"knn": 6, "rf": 3, "lgbm": 5}

folds = KFold(n_splits=3, shuffle=True, random_state=RANDOM_STATE)
records = []
best_estimators = {}

for family, base in model_zoo.items():
    rs = RandomizedSearchCV(
        base,
        search_spaces[family],
        n_iter=n_iter_for[family],
        scoring="neg_root_mean_squared_error",
        cv=folds,
        random_state=RANDOM_STATE,
        n_jobs=1,
        refit=False,
    )
    rs.fit(X, y)
    cvr = pd.DataFrame(rs.cv_results_)
    for _, r in cvr.iterrows():
        records.append(
            {
                "family": family,
                "params": json.dumps({k: (v.item() if hasattr(v, "item") else v) for k, v in r["params"].items()}),
                "rmsle": -r["mean_test_score"],
                "rmsle_std": r["std_test_score"],
                "fit_time": r["mean_fit_time"],
            }
        )
    best_estimators[family] = rs.best_params_
    print(f"[{family}] best rmsle {-rs.best_score_:.5f} over {n_iter_for[family]} draws")

results = pd.DataFrame(records).sort_values("rmsle", ascending=True).reset_index(drop=True)
print()
print(results.head(8).to_string())

results.to_csv(os.path.join(RUN_DIR, "leaderboard.csv"), index=False)
with open(os.path.join(RUN_DIR, "summary.json"), "w") as f:
    json.dump({"best_family": results.loc[0, "family"], "best_rmsle": float(results.loc[0, "rmsle"])}, f)

top_family = results.loc[0, "family"]
final_model = model_zoo[top_family].set_params(**best_estimators[top_family])
final_model.fit(X, y)
test_pred = np.expm1(final_model.predict(X_test))

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": df_test["id"], "price": np.maximum(test_pred, 0)}).to_csv("submission/submission.csv", index=False)
print(f"CV RMSLE: {results.loc[0, 'rmsle']:.5f}  ({top_family})")
