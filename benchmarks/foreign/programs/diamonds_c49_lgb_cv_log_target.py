import numpy as np
import pandas as pd
import lightgbm as lgb

SEED = 123
np.random.seed(SEED)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "test", test.shape)

CUT = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def prepare(df):
    d = df.copy()
    for col, order in (("cut", CUT), ("color", COLOR), ("clarity", CLARITY)):
        d[col + "_rank"] = d[col].map({v: i for i, v in enumerate(order)})
        d[col] = pd.Categorical(d[col], categories=order)
    dims = d[["x", "y", "z"]].replace(0, np.nan)
    d["volume"] = dims["x"] * dims["y"] * dims["z"]
    d["density"] = d["carat"] / d["volume"]
    d["log_carat"] = np.log(d["carat"])
    d["xy_ratio"] = dims["x"] / dims["y"]
    d["quality"] = d["cut_rank"] + d["color_rank"] + d["clarity_rank"]
    return d


tr = prepare(train)
te = prepare(test)
features = [c for c in tr.columns if c not in ("id", "price")]
y_log = np.log1p(train["price"].values)

params = {
    "objective": "regression",
    "metric": "rmse",
    "learning_rate": 0.05,
    "num_leaves": 48,
    "min_data_in_leaf": 20,
    "feature_fraction": 0.9,
    "bagging_fraction": 0.9,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbosity": -1,
    "num_threads": 1,
    "seed": SEED,
}

dtrain = lgb.Dataset(tr[features], label=y_log, categorical_feature=["cut", "color", "clarity"], free_raw_data=False)
cv_res = lgb.cv(
    params,
    dtrain,
    num_boost_round=3000,
    nfold=5,
    stratified=False,
    shuffle=True,
    seed=SEED,
    callbacks=[lgb.early_stopping(100), lgb.log_evaluation(250)],
)
key_mean = [k for k in cv_res if k.endswith("rmse-mean")][0]
key_std = key_mean.replace("mean", "stdv")
best_rounds = len(cv_res[key_mean])
print(f"best rounds: {best_rounds}")
print(f"CV RMSLE = {cv_res[key_mean][-1]:.5f} +/- {cv_res[key_std][-1]:.5f}")

model = lgb.train(params, dtrain, num_boost_round=best_rounds)
pred = np.expm1(model.predict(te[features]))
pred = np.clip(pred, train["price"].min() * 0.8, None)

imp = pd.Series(model.feature_importance("gain"), index=features).sort_values(ascending=False)
print("top features:\n", imp.head(8).round(0).to_string())

pd.DataFrame({"id": test["id"], "price": pred}).to_csv("./submission/submission.csv", index=False)
print("submission written:", len(pred), "rows; mean price", round(pred.mean(), 1))
