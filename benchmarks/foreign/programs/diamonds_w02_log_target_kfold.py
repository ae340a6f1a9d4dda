import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_log_error

SEED = 2023
N_FOLDS = 5

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sub = pd.read_csv("input/sample_submission.csv")

print(f"train {train.shape}  test {test.shape}")

# a few rows have zero dimensions -> junk, drop them from train
bad = (train["x"] == 0) | (train["y"] == 0) | (train["z"] == 0)
print(f"dropping {bad.sum()} rows with zero dims")
train = train[~bad]

CUT_ORDER = {"Fair": 0, "Good": 1, "Very Good": 2, "Premium": 3, "Ideal": 4}
COLOR_ORDER = {c: i for i, c in enumerate("JIHGFED")}
CLARITY_ORDER = {c: i for i, c in enumerate(["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"])}


def add_features(df):
    df = df.copy()
    df["cut_ord"] = df["cut"].map(CUT_ORDER)
    df["color_ord"] = df["color"].map(COLOR_ORDER)
    df["clarity_ord"] = df["clarity"].map(CLARITY_ORDER)
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["density"] = df["carat"] / (df["volume"] + 1e-6)
    df["xy_ratio"] = df["x"] / (df["y"] + 1e-6)
    df["depth_calc"] = 2 * df["z"] / (df["x"] + df["y"] + 1e-6) * 100
    df["depth_diff"] = df["depth"] - df["depth_calc"]
    df["log_carat"] = np.log(df["carat"])
    df["quality"] = df["cut_ord"] + df["color_ord"] + df["clarity_ord"]
    return df


def add_aggs(df, keys, col="carat"):
    for k in keys:
        grp = df.groupby(k)[col]
        df[f"{col}_mean_{k}"] = grp.transform("mean")
        df[f"{col}_rank_{k}"] = grp.rank(pct=True)
        df[f"{k}_count"] = df.groupby(k)[k].transform("count")
    return df


n_train = len(train)
full = pd.concat([train, test], axis=0)
full = add_features(full)
full = add_aggs(full, ["cut", "color", "clarity"])
full["cc"] = full["color"] + full["clarity"]
full["cc_count"] = full.groupby("cc")["cc"].transform("count")
full = full.drop(columns=["cut", "color", "clarity", "cc"])

train = full.iloc[:n_train]
test = full.iloc[n_train:]

features = [c for c in train.columns if c not in ("id", "price")]
print("features:", len(features))

X = train[features]
y = np.log1p(train["price"])
X_test = test[features]

params = {
    "objective": "regression",
    "metric": "rmse",
    "learning_rate": 0.05,
    "num_leaves": 31,
    "min_data_in_leaf": 20,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l1": 0.1,
    "verbose": -1,
    "seed": SEED,
    "num_threads": 2,
}

kf = KFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
oof = np.zeros(len(X))
preds = np.zeros(len(X_test))

for fold, (trn_idx, val_idx) in enumerate(kf.split(X)):
    print(f"----- fold {fold} -----")
    X_tr, y_tr = X.iloc[trn_idx], y[trn_idx]
    X_va, y_va = X.iloc[val_idx], y[val_idx]

    dtr = lgb.Dataset(X_tr, y_tr)
    dva = lgb.Dataset(X_va, y_va)
    model = lgb.train(params, dtr, num_boost_round=3000, valid_sets=[dva],
                      callbacks=[lgb.early_stopping(150), lgb.log_evaluation(250)])

    oof[val_idx] = model.predict(X_va, num_iteration=model.best_iteration)
    preds += model.predict(X_test, num_iteration=model.best_iteration) / N_FOLDS
    fold_rmsle = np.sqrt(mean_squared_log_error(np.expm1(y_va), np.expm1(oof[val_idx])))
    print(f"fold {fold} rmsle: {fold_rmsle:.5f}")

cv = np.sqrt(mean_squared_log_error(np.expm1(y), np.expm1(oof)))
print(f"CV RMSLE: {cv:.5f}")

sub["price"] = np.clip(np.expm1(preds), 300, None)
sub.to_csv("submission/submission.csv", index=False)
print("saved", sub.shape)
