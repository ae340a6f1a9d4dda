import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.preprocessing import LabelEncoder
from sklearn.model_selection import TimeSeriesSplit
from sklearn.metrics import accuracy_score

TARGET = "weather"
NUM = ["precipitation", "temp_max", "temp_min", "wind"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sub = pd.read_csv("input/sample_submission.csv")
print(f"train {train.shape} test {test.shape}")
print(train[TARGET].value_counts(normalize=True).round(3).to_dict())

train["is_test"] = 0
test["is_test"] = 1
full = pd.concat([train, test], ignore_index=True)
full = full.sort_values("date").reset_index(drop=True)


def add_lags(df, cols, lags=(1, 2, 3)):
    for c in cols:
        for l in lags:
            df[f"{c}_lag{l}"] = df[c].shift(l)
            df[f"{c}_lead{l}"] = df[c].shift(-l)
    return df


def add_rolling(df, cols, windows=(3, 7, 14)):
    for c in cols:
        for w in windows:
            r = df[c].rolling(w, min_periods=1)
            df[f"{c}_rmean{w}"] = r.mean()
            df[f"{c}_rstd{w}"] = r.std()
        df[f"{c}_diff1"] = df[c].diff()
    return df


def add_date_feats(df):
    df["month"] = df["date"].dt.month
    df["doy"] = df["date"].dt.dayofyear
    df["doy_sin"] = np.sin(2 * np.pi * df["doy"] / 365.25)
    df["doy_cos"] = np.cos(2 * np.pi * df["doy"] / 365.25)
    df["year"] = df["date"].dt.year
    return df


def add_misc(df):
    df["temp_range"] = df["temp_max"] - df["temp_min"]
    df["temp_mean"] = (df["temp_max"] + df["temp_min"]) / 2
    df["rain_flag"] = (df["precipitation"] > 0).astype(int)
    df["log_precip"] = np.log1p(df["precipitation"])
    df["wet_streak"] = df["rain_flag"].groupby((df["rain_flag"] != df["rain_flag"].shift()).cumsum()).cumcount() + 1
    df["wet_streak"] = df["wet_streak"] * df["rain_flag"]
    df["month_temp_dev"] = df["temp_max"] - df.groupby("month")["temp_max"].transform("mean")
    return df


full = add_lags(full, NUM)
full = add_rolling(full, NUM)
print("after lags/rolling:", full.shape)
full = add_date_feats(full)
full = add_misc(full)

trn = full[full.is_test == 0].reset_index(drop=True)
tst = full[full.is_test == 1].reset_index(drop=True)

le = LabelEncoder()
y = le.fit_transform(trn[TARGET])
n_class = len(le.classes_)
features = [c for c in trn.columns if c not in ("id", "date", TARGET, "is_test", "year")]
print(f"{len(features)} features, classes: {list(le.classes_)}")

params = {
    "objective": "multiclass",
    "num_class": n_class,
    "metric": "multi_logloss",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_data_in_leaf": 10,
    "feature_fraction": 0.6,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "num_threads": 2,
    "seed": 3,
}

tss = TimeSeriesSplit(n_splits=5)
oof = np.full((len(trn), n_class), np.nan)
iters = []
for fold, (tr, va) in enumerate(tss.split(trn)):
    dtr = lgb.Dataset(trn.loc[tr, features], y[tr])
    dva = lgb.Dataset(trn.loc[va, features], y[va], reference=dtr)
    m = lgb.train(params, dtr, 2000, valid_sets=[dva],
                  callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(200)])
    oof[va] = m.predict(trn.loc[va, features], num_iteration=m.best_iteration)
    iters.append(m.best_iteration)
    acc = accuracy_score(y[va], oof[va].argmax(1))
    print(f"fold {fold}: trn {len(tr)} val {len(va)} acc {acc:.4f} it {m.best_iteration}")

mask = ~np.isnan(oof[:, 0])
print(f"OOF accuracy (time folds): {accuracy_score(y[mask], oof[mask].argmax(1)):.4f}")

rounds = int(np.median(iters) * 1.2) + 10
test_prob = np.zeros((len(tst), n_class))
for s in range(3):
    params["seed"] = s
    m = lgb.train(params, lgb.Dataset(trn[features], y), rounds)
    test_prob += m.predict(tst[features]) / 3

tst[TARGET] = le.inverse_transform(test_prob.argmax(1))
sub = sub[["id"]].merge(tst[["id", TARGET]], on="id", how="left")
print(sub[TARGET].value_counts())
sub.to_csv("submission/submission.csv", index=False)
