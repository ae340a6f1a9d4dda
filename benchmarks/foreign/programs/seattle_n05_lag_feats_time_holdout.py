# %% Seattle weather -- lag/rolling features + LGBM, time-based holdout
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import accuracy_score

SEED = 2023
DATE_FMT = "%Y-%d-%m"

# %%
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train.weather.value_counts())
train["is_train"] = 1
test["is_train"] = 0
df = pd.concat([train, test], ignore_index=True)
print(df.shape)
print(df.date.head())

# %% dates
df["date"] = pd.to_datetime(df["date"], format=DATE_FMT)
df = df.sort_values("date").reset_index(drop=True)
df["month"] = df.date.dt.month
df["doy"] = df.date.dt.dayofyear
df["doy_sin"] = np.sin(2 * np.pi * df.doy / 365.25)
df["doy_cos"] = np.cos(2 * np.pi * df.doy / 365.25)
df["temp_range"] = df.temp_max - df.temp_min
df["temp_mean"] = (df.temp_max + df.temp_min) / 2
df["rain_flag"] = (df.precipitation > 0).astype(int)

for lag in [1, 2, 3]:
    for c in ["precipitation", "temp_max", "wind"]:
        df[f"{c}_lag{lag}"] = df[c].shift(lag)
        df[f"{c}_lead{lag}"] = df[c].shift(-lag)
for w in [3, 7]:
    df[f"precip_roll{w}"] = df.precipitation.rolling(w, min_periods=1).mean()
    df[f"tmax_roll{w}"] = df.temp_max.rolling(w, min_periods=1).mean()
# month-level climatology
df["tmax_vs_month"] = df.temp_max - df.groupby("month").temp_max.transform("mean")

# %%
LABELS = sorted(train.weather.unique())
lab2id = {l: i for i, l in enumerate(LABELS)}
feats = [c for c in df.columns if c not in ("id", "date", "weather", "is_train")]
print(len(feats))

trn = df[df.is_train == 1].reset_index(drop=True)
tst = df[df.is_train == 0].reset_index(drop=True)
cut = trn.date.quantile(0.8)
fit_part = trn[trn.date <= cut]
val_part = trn[trn.date > cut]
print("fit", fit_part.shape, "val", val_part.shape, "cut", cut)

params = dict(objective="multiclass", num_class=len(LABELS), learning_rate=0.03,
              num_leaves=7, min_data_in_leaf=20, feature_fraction=0.7,
              bagging_fraction=0.8, bagging_freq=1, lambda_l2=3.0,
              seed=SEED, verbose=-1, num_threads=2)
dfit = lgb.Dataset(fit_part[feats], fit_part.weather.map(lab2id))
dval = lgb.Dataset(val_part[feats], val_part.weather.map(lab2id), reference=dfit)
bst = lgb.train(params, dfit, 2000, valid_sets=[dval],
                callbacks=[lgb.early_stopping(100), lgb.log_evaluation(100)])
val_pred = bst.predict(val_part[feats], num_iteration=bst.best_iteration).argmax(1)
print(f"Holdout accuracy: {accuracy_score(val_part.weather.map(lab2id), val_pred):.4f}")

# %% refit on all train with best iters
full = lgb.Dataset(trn[feats], trn.weather.map(lab2id))
bst_full = lgb.train(params, full, int(bst.best_iteration * 1.15))
pt = bst_full.predict(tst[feats]).argmax(1)
sub = pd.DataFrame({"id": tst.id.values, "weather": [LABELS[i] for i in pt]})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.weather.value_counts())
