#!/usr/bin/env python
# coding: utf-8
# NMES1988 doctor visits - 4 count targets, poisson GBM vs GLM per target

# In[1]:
import os
from dataclasses import dataclass, field
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import PoissonRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import KFold


@dataclass
class CFG:
    seed: int = 123
    folds: int = 5
    lr: float = 0.03
    targets: list = field(default_factory=lambda: ["visits", "ovisits", "emergency", "hospital"])
    glm_weight: float = 0.3


cfg = CFG()
print(cfg)

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train[cfg.targets].describe())
print((train[cfg.targets] == 0).mean().rename("zero share"))

# In[3]:
binary = ["afam", "gender", "married", "employed", "insurance", "medicaid"]
for df in (train, test):
    for c in binary:
        df[c] = (df[c].isin(["yes", "male"])).astype(int)
    df["health_num"] = df["health"].map({"poor": 0, "average": 1, "excellent": 2})
    df["adl_limited"] = (df["adl"] == "limited").astype(int)
    df["chronic_x_age"] = df["chronic"] * df["age"]
    df["log_income"] = np.log1p(df["income"].clip(lower=0))

# region target means (visits) as a quick feature, computed on train only
reg_mean = train.groupby("region")["visits"].mean().rename("region_visits_mean")
train = train.join(reg_mean, on="region")
test = test.join(reg_mean, on="region")
print(reg_mean)

region_d = pd.get_dummies(pd.concat([train["region"], test["region"]]), prefix="reg").astype(int)
train = pd.concat([train, region_d.iloc[: len(train)].reset_index(drop=True)], axis=1)
test = pd.concat([test, region_d.iloc[len(train):].reset_index(drop=True)], axis=1)

feats = ["health_num", "chronic", "adl_limited", "age", "school", "income", "log_income",
         "chronic_x_age", "region_visits_mean"] + binary + list(region_d.columns)
print(len(feats), "features")

# In[4]:
def rmsle(y, p):
    return np.sqrt(np.mean((np.log1p(y) - np.log1p(np.clip(p, 0, None))) ** 2))

kf = KFold(cfg.folds, shuffle=True, random_state=cfg.seed)
scores = {}
sub = pd.read_csv("./input/sample_submission.csv")
sub = sub[["id"]].merge(test[["id"]].reset_index(), on="id", how="left")
X, Xt = train[feats], test[feats]
for t in cfg.targets:
    y = train[t].values
    oof_g, oof_p = np.zeros(len(X)), np.zeros(len(X))
    tp = np.zeros(len(Xt))
    for a, b in kf.split(X):
        m = lgb.LGBMRegressor(objective="poisson", n_estimators=2000, learning_rate=cfg.lr, num_leaves=15,
                              min_child_samples=30, subsample=0.8, subsample_freq=1,
                              colsample_bytree=0.8, random_state=cfg.seed, n_jobs=1, verbose=-1)
        m.fit(X.iloc[a], y[a], eval_set=[(X.iloc[b], y[b])], callbacks=[lgb.early_stopping(100, verbose=False)])
        sc = StandardScaler().fit(X.iloc[a])
        glm = PoissonRegressor(alpha=1e-3, max_iter=1000).fit(sc.transform(X.iloc[a]), y[a])
        oof_g[b] = m.predict(X.iloc[b])
        oof_p[b] = glm.predict(sc.transform(X.iloc[b]))
        tp += ((1 - cfg.glm_weight) * m.predict(Xt) + cfg.glm_weight * glm.predict(sc.transform(Xt))) / cfg.folds
    blend = (1 - cfg.glm_weight) * oof_g + cfg.glm_weight * oof_p
    scores[t] = rmsle(y, blend)
    print(f"{t:10s} gbm {rmsle(y, oof_g):.4f}  glm {rmsle(y, oof_p):.4f}  blend {scores[t]:.4f}")
    sub[t] = tp[sub["index"].values]

print(f"Validation RMSLE (mean over targets): {np.mean(list(scores.values())):.4f}")

# In[5]:
os.makedirs("./submission", exist_ok=True)
sub.drop(columns="index").to_csv("./submission/submission.csv", index=False)
print(sub.head())
