import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_log_error

SEED = 7

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print(train.describe().T[["mean", "min", "max"]])

# quality grades have a natural order, so keep it rather than one-hot
cut_map = {"Fair": 0, "Good": 1, "Very Good": 2, "Premium": 3, "Ideal": 4}
color_map = {c: i for i, c in enumerate(["J", "I", "H", "G", "F", "E", "D"])}
clarity_map = {c: i for i, c in enumerate(["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"])}


def prep(df):
    out = pd.DataFrame(index=df.index)
    out["carat"] = df["carat"]
    out["cut"] = df["cut"].map(cut_map)
    out["color"] = df["color"].map(color_map)
    out["clarity"] = df["clarity"].map(clarity_map)
    out["depth"] = df["depth"]
    out["table"] = df["table"]
    dims = df[["x", "y", "z"]].replace(0, np.nan)
    # a couple of rows have absurd y (typos), clip to something physical
    dims = dims.clip(upper=12)
    out["x"], out["y"], out["z"] = dims["x"], dims["y"], dims["z"]
    out["volume"] = dims["x"] * dims["y"] * dims["z"]
    out["log_carat"] = np.log(df["carat"])
    out["density"] = df["carat"] / out["volume"]
    out["xy_ratio"] = dims["x"] / dims["y"]
    return out


X = prep(train)
X_test = prep(test)
y = np.log1p(train["price"].values)
print("unmapped categories:", int(X[["cut", "color", "clarity"]].isnull().sum().sum()),
      int(X_test[["cut", "color", "clarity"]].isnull().sum().sum()))

params = {
    "objective": "regression",
    "learning_rate": 0.05,
    "num_leaves": 31,
    "min_child_samples": 20,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "seed": SEED,
    "verbosity": -1,
}

kf = KFold(n_splits=5, shuffle=True, random_state=SEED)
oof = np.zeros(len(X))
preds = np.zeros(len(X_test))
best_iters = []

for fold, (tr, va) in enumerate(kf.split(X)):
    dtr = lgb.Dataset(X.iloc[tr], y[tr])
    dva = lgb.Dataset(X.iloc[va], y[va], reference=dtr)
    bst = lgb.train(
        params, dtr, num_boost_round=3000,
        valid_sets=[dva], valid_names=["valid"],
        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)],
    )
    best_iters.append(bst.best_iteration)
    oof[va] = bst.predict(X.iloc[va], num_iteration=bst.best_iteration)
    preds += bst.predict(X_test, num_iteration=bst.best_iteration) / kf.get_n_splits()
    fold_rmsle = np.sqrt(mean_squared_log_error(np.expm1(y[va]), np.expm1(oof[va])))
    print("fold %d: best_iter=%4d  RMSLE=%.5f" % (fold, bst.best_iteration, fold_rmsle))

cv = np.sqrt(mean_squared_log_error(train["price"].values, np.expm1(oof)))
print("-" * 40)
print("CV RMSLE: %.5f  (mean best iter %.0f)" % (cv, np.mean(best_iters)))

sub = pd.DataFrame({"id": test["id"], "price": np.expm1(preds)})
sub["price"] = sub["price"].clip(lower=300)
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe())
