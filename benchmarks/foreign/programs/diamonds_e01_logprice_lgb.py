#!/usr/bin/env python
# coding: utf-8
# Diamonds price (RMSLE) - log target, LightGBM + Ridge blend

# In[1]:
import os
import logging
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.linear_model import RidgeCV
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.compose import make_column_transformer
from sklearn.pipeline import make_pipeline
from sklearn.metrics import mean_squared_error

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
log = logging.getLogger("diamonds")

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
log.info("train %s test %s", train.shape, test.shape)
print(train.head())
print(train[["cut", "color", "clarity"]].describe())
print(train.price.describe())

# In[3]:
print((train[["x", "y", "z"]] == 0).sum())

def fe(df):
    df = df.copy()
    for c in ["x", "y", "z"]:
        df[c] = df[c].replace(0, np.nan)
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["density"] = df["carat"] / df["volume"]
    df["xy_ratio"] = df["x"] / df["y"]
    df["log_carat"] = np.log(df["carat"])
    return df

train = fe(train)
test = fe(test)

# group stats of carat within (cut, color, clarity)
grp = pd.concat([train, test]).groupby(["cut", "color", "clarity"])["carat"].agg(["mean", "std"]).reset_index()
grp.columns = ["cut", "color", "clarity", "grp_carat_mean", "grp_carat_std"]
train = train.merge(grp, on=["cut", "color", "clarity"], how="left")
test = test.merge(grp, on=["cut", "color", "clarity"], how="left")
train["carat_rel"] = train["carat"] / train["grp_carat_mean"]
test["carat_rel"] = test["carat"] / test["grp_carat_mean"]

cats = ["cut", "color", "clarity"]
for c in cats:
    levels = sorted(train[c].unique())
    train[c] = pd.Categorical(train[c], categories=levels)
    test[c] = pd.Categorical(test[c], categories=levels)

feats = [c for c in train.columns if c not in ("id", "price")]
y = np.log1p(train["price"].values)

# In[4]:
lin = make_pipeline(
    make_column_transformer(
        (OneHotEncoder(handle_unknown="ignore"), cats),
        (make_pipeline(StandardScaler()), ["log_carat", "depth", "table"]),
    ),
    RidgeCV(alphas=np.logspace(-3, 2, 12)),
)

kf = KFold(5, shuffle=True, random_state=5)
oof_lgb, oof_lin = np.zeros(len(train)), np.zeros(len(train))
pt_lgb, pt_lin = np.zeros(len(test)), np.zeros(len(test))
for fold, (a, b) in enumerate(kf.split(train)):
    m = lgb.LGBMRegressor(n_estimators=3000, learning_rate=0.05, num_leaves=31, min_child_samples=20,
                          subsample=0.8, subsample_freq=1, colsample_bytree=0.8, random_state=fold,
                          n_jobs=1, verbose=-1)
    m.fit(train.iloc[a][feats], y[a], eval_set=[(train.iloc[b][feats], y[b])],
          callbacks=[lgb.early_stopping(100, verbose=False)])
    oof_lgb[b] = m.predict(train.iloc[b][feats])
    pt_lgb += m.predict(test[feats]) / 5
    lin.fit(train.iloc[a], y[a])
    oof_lin[b] = lin.predict(train.iloc[b])
    pt_lin += lin.predict(test) / 5
    log.info("fold %d best_iter %d rmsle %.4f", fold, m.best_iteration_,
             np.sqrt(mean_squared_error(y[b], oof_lgb[b])))

# In[5]:
for w in [1.0, 0.9, 0.8, 0.7]:
    print(w, np.sqrt(mean_squared_error(y, w * oof_lgb + (1 - w) * oof_lin)))
score = np.sqrt(mean_squared_error(y, 0.9 * oof_lgb + 0.1 * oof_lin))
print(f"Validation RMSLE: {score:.5f}")

# In[6]:
os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "price": np.expm1(0.9 * pt_lgb + 0.1 * pt_lin)})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
