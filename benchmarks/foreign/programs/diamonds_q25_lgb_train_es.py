import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split

RNG = np.random.RandomState(2024)

df = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(df.shape, test.shape)

cut_order = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
color_order = list("JIHGFED")
clarity_order = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]

def encode(d):
    d = d.copy()
    d["cut"] = d["cut"].map({v: i for i, v in enumerate(cut_order)})
    d["color"] = d["color"].map({v: i for i, v in enumerate(color_order)})
    d["clarity"] = d["clarity"].map({v: i for i, v in enumerate(clarity_order)})
    d["volume"] = d["x"] * d["y"] * d["z"]
    d["log_carat"] = np.log(d["carat"])
    return d

df = encode(df)
test = encode(test)
features = ["carat", "log_carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z", "volume"]
y_log = np.log1p(df["price"])

X_tr, X_va, y_tr, y_va = train_test_split(df[features], y_log, test_size=0.2, random_state=2024)

def rmsle_from_log(y_true_log, y_pred_log):
    return float(np.sqrt(np.mean((y_true_log - y_pred_log) ** 2)))

# baseline from previous iteration
base = lgb.LGBMRegressor(n_estimators=300, learning_rate=0.05, verbose=-1, n_jobs=1)
base.fit(X_tr, y_tr)
base_score = rmsle_from_log(y_va, base.predict(X_va))
print(f"Baseline holdout RMSLE: {base_score:.5f}")

search_space = {
    "num_leaves": [15, 31, 63, 127],
    "learning_rate": [0.02, 0.05, 0.1],
    "min_data_in_leaf": [10, 20, 50],
    "feature_fraction": [0.7, 0.85, 1.0],
    "bagging_fraction": [0.7, 0.9, 1.0],
    "lambda_l2": [0.0, 0.1, 1.0, 5.0],
}

dtrain = lgb.Dataset(X_tr, y_tr, free_raw_data=False, params={"feature_pre_filter": False})
dvalid = lgb.Dataset(X_va, y_va, reference=dtrain)

results = []
N_TRIALS = 8
for trial in range(N_TRIALS):
    params = {k: v[RNG.randint(len(v))] for k, v in search_space.items()}
    params.update({"objective": "regression", "metric": "rmse", "bagging_freq": 1,
                   "verbose": -1, "num_threads": 1, "seed": trial})
    booster = lgb.train(
        params,
        dtrain,
        num_boost_round=2000,
        valid_sets=[dvalid],
        early_stopping_rounds=50,
        verbose_eval=False,
    )
    score = booster.best_score["valid_0"]["rmse"]
    results.append({**{k: params[k] for k in search_space}, "best_iter": booster.best_iteration, "rmsle": score})
    print(f"trial {trial}: rmsle={score:.5f} iters={booster.best_iteration}")

res = pd.DataFrame(results).sort_values("rmsle")
print(res.to_string(index=False))
best = res.iloc[0].to_dict()
print("Best params:", best)
print(f"Improvement over baseline: {base_score - best['rmsle']:+.5f} RMSLE")

final_params = {k: best[k] for k in search_space}
final_params["num_leaves"] = int(final_params["num_leaves"])
final_params["min_data_in_leaf"] = int(final_params["min_data_in_leaf"])
final_params.update({"objective": "regression", "bagging_freq": 1, "verbose": -1, "num_threads": 1})
full = lgb.train(final_params, lgb.Dataset(df[features], y_log), num_boost_round=int(best["best_iter"] * 1.15))
pred = np.expm1(full.predict(test[features]))

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "price": pred}).to_csv("submission/submission.csv", index=False)
print("saved submission with", len(pred), "rows")
