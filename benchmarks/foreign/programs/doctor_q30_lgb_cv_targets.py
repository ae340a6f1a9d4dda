import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold, cross_val_predict

np.random.seed(17)
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
TARGETS = ["visits", "ovisits", "emergency", "hospital"]

yes_no = ["adl", "afam", "gender", "married", "employed", "insurance", "medicaid"]
def build(df):
    X = df.drop(columns=["id"] + [t for t in TARGETS if t in df.columns]).copy()
    X["health"] = X["health"].map({"poor": 0, "average": 1, "excellent": 2})
    X["adl"] = (X["adl"] == "limited").astype(int)
    X["gender"] = (X["gender"] == "male").astype(int)
    for c in ["afam", "married", "employed", "insurance", "medicaid"]:
        X[c] = (X[c] == "yes").astype(int)
    X["region"] = X["region"].astype("category")
    return X

X = build(train)
X_test = build(test)
print("features:", list(X.columns))
print(train[TARGETS].describe().loc[["mean", "50%", "max"]].round(2))

kf = KFold(n_splits=4, shuffle=True, random_state=17)

def rmsle_log(y_log, p_log):
    return np.sqrt(np.mean((y_log - np.clip(p_log, 0, None)) ** 2))

base_scores = {}
for t in TARGETS:
    y_log = np.log1p(train[t])
    oof = cross_val_predict(lgb.LGBMRegressor(n_estimators=200, verbose=-1, n_jobs=1), X, y_log, cv=kf)
    base_scores[t] = rmsle_log(y_log, oof)
print("baseline RMSLE per target:", {k: round(v, 4) for k, v in base_scores.items()})
print(f"baseline mean RMSLE: {np.mean(list(base_scores.values())):.4f}")

ranges = {
    "learning_rate": (0.01, 0.1),
    "num_leaves": (4, 31),
    "min_data_in_leaf": (20, 120),
    "feature_fraction": (0.5, 1.0),
    "lambda_l2": (0.0, 10.0),
}

def sample(rng):
    return {
        "learning_rate": float(np.exp(rng.uniform(np.log(ranges["learning_rate"][0]), np.log(ranges["learning_rate"][1])))),
        "num_leaves": int(rng.integers(*ranges["num_leaves"])),
        "min_data_in_leaf": int(rng.integers(*ranges["min_data_in_leaf"])),
        "feature_fraction": float(rng.uniform(*ranges["feature_fraction"])),
        "lambda_l2": float(rng.uniform(*ranges["lambda_l2"])),
    }

rng = np.random.default_rng(17)
best_by_target = {}
for t in TARGETS:
    y_log = np.log1p(train[t])
    trials = []
    for i in range(6):
        p = sample(rng)
        p.update({"objective": "regression", "metric": "rmse", "verbose": -1, "num_threads": 1})
        ds = lgb.Dataset(X, y_log, params={"feature_pre_filter": False})
        cv_res = lgb.cv(p, ds, num_boost_round=1000, folds=kf, stratified=False,
                        callbacks=[lgb.early_stopping(40, verbose=False)])
        scores = cv_res["rmse-mean"]
        trials.append((min(scores), len(scores), p))
    trials.sort(key=lambda r: r[0])
    best_by_target[t] = trials[0]
    print(f"{t:>10}: best cv rmsle {trials[0][0]:.4f} (baseline {base_scores[t]:.4f}), rounds={trials[0][1]}")

tuned_mean = np.mean([v[0] for v in best_by_target.values()])
print(f"improvement over baseline: {np.mean(list(base_scores.values())):.4f} -> {tuned_mean:.4f}")

sub = pd.DataFrame({"id": test["id"]})
for t in TARGETS:
    score, rounds, p = best_by_target[t]
    booster = lgb.train(p, lgb.Dataset(X, np.log1p(train[t])), num_boost_round=rounds)
    sub[t] = np.clip(np.expm1(booster.predict(X_test)), 0, None)
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().round(3))
