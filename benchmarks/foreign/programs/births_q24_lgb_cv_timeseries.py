import os
import random
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import TimeSeriesSplit
from sklearn.metrics import mean_absolute_error

random.seed(7)
np.random.seed(7)

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
train = train.sort_values("date").reset_index(drop=True)
print("train dates:", train["date"].min().date(), "->", train["date"].max().date())
print("test dates: ", test["date"].min().date(), "->", test["date"].max().date())

def add_feats(df):
    df = df.copy()
    df["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days
    df["week_of_year"] = df["date"].dt.isocalendar().week.astype(int)
    df["is_weekend"] = df["day_of_week"].isin([6, 7]).astype(int)
    md = df["month"] * 100 + df["day_of_month"]
    df["holiday"] = md.isin([101, 704, 1225, 1224, 1231, 1226]).astype(int)
    return df

train = add_feats(train)
test = add_feats(test)
FEATS = ["t", "year", "month", "day_of_year", "day_of_month", "day_of_week",
         "week_of_year", "is_weekend", "holiday"]
X, y = train[FEATS], train["births"]

tss = TimeSeriesSplit(n_splits=4, test_size=365)
folds = list(tss.split(X))

def run_cv(params):
    ds = lgb.Dataset(X, y, free_raw_data=False)
    res = lgb.cv(
        params, ds, num_boost_round=1500, folds=folds, stratified=False,
        callbacks=[lgb.early_stopping(50, verbose=False)],
    )
    curve = res["valid l1-mean"]
    return float(np.min(curve)), int(np.argmin(curve)) + 1

base_params = {"objective": "l1", "metric": "l1", "learning_rate": 0.05, "verbose": -1,
               "num_threads": 1, "seed": 7}
base_mae, base_iter = run_cv(base_params)
print(f"baseline cv MAE: {base_mae:.2f} @ {base_iter} rounds")

space = {
    "num_leaves": (7, 63),
    "min_data_in_leaf": (5, 60),
    "learning_rate": (0.02, 0.1),
    "feature_fraction": (0.6, 1.0),
    "lambda_l2": (0.0, 5.0),
}

trials = []
for i in range(10):
    p = dict(base_params)
    p["num_leaves"] = random.randint(*space["num_leaves"])
    p["min_data_in_leaf"] = random.randint(*space["min_data_in_leaf"])
    p["learning_rate"] = round(random.uniform(*space["learning_rate"]), 4)
    p["feature_fraction"] = round(random.uniform(*space["feature_fraction"]), 3)
    p["lambda_l2"] = round(random.uniform(*space["lambda_l2"]), 3)
    mae, it = run_cv(p)
    trials.append({**{k: p[k] for k in space}, "rounds": it, "cv_mae": mae})
    print(f"[{i:02d}] mae={mae:8.2f} rounds={it:4d} leaves={p['num_leaves']} lr={p['learning_rate']}")

tbl = pd.DataFrame(trials).sort_values("cv_mae").reset_index(drop=True)
print(tbl.head(5).to_string())

best = tbl.iloc[0]
best_params = dict(base_params)
for k in space:
    best_params[k] = best[k]
best_params["num_leaves"] = int(best_params["num_leaves"])
best_params["min_data_in_leaf"] = int(best_params["min_data_in_leaf"])
print("best params:", {k: best_params[k] for k in space})
print(f"improvement over baseline: {base_mae:.2f} -> {best['cv_mae']:.2f} MAE ({base_mae - best['cv_mae']:+.2f})")

# last fold holdout check with the chosen rounds
tr_idx, va_idx = folds[-1]
m = lgb.train(best_params, lgb.Dataset(X.iloc[tr_idx], y.iloc[tr_idx]), num_boost_round=int(best["rounds"]))
print("last-fold MAE:", round(mean_absolute_error(y.iloc[va_idx], m.predict(X.iloc[va_idx])), 2))

final = lgb.train(best_params, lgb.Dataset(X, y), num_boost_round=int(best["rounds"] * 1.1))
pred = final.predict(test[FEATS])
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "births": pred}).to_csv("submission/submission.csv", index=False)
print("done", pred[:3].round(1))
