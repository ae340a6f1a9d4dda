import os
import warnings

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import KFold
from tqdm import tqdm

warnings.filterwarnings("ignore", category=UserWarning)

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
CATS = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]
N_FOLDS = 5
SEED = 3


def rmsle(y, p):
    return float(np.sqrt(np.mean((np.log1p(np.clip(p, 0, None)) - np.log1p(y)) ** 2)))


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

full = pd.concat([train.drop(columns=TARGETS), test], keys=["tr", "te"])
for c in CATS:
    full[c] = full[c].astype("category")
full["health_ord"] = full["health"].map({"poor": 0, "average": 1, "excellent": 2}).astype(int)
full["chronic_x_poor"] = full["chronic"] * (full["health_ord"] == 0)
full["log_income"] = np.log1p(full["income"].clip(lower=0))
feats = [c for c in full.columns if c != "id"]
X = full.loc["tr", feats].reset_index(drop=True)
X_te = full.loc["te", feats].reset_index(drop=True)
print("features:", len(feats))

kf = KFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
oof = pd.DataFrame(0.0, index=train.index, columns=TARGETS)
pred = pd.DataFrame(0.0, index=test.index, columns=TARGETS)

for target in tqdm(TARGETS, desc="targets"):
    y = train[target].to_numpy()
    for fold, (tr_idx, va_idx) in enumerate(kf.split(X)):
        model = lgb.LGBMRegressor(
            objective="poisson", n_estimators=2000, learning_rate=0.02, num_leaves=8,
            min_child_samples=30, subsample=0.8, subsample_freq=1, colsample_bytree=0.7,
            reg_lambda=3.0, n_jobs=1, random_state=SEED + fold, verbose=-1,
        )
        model.fit(
            X.iloc[tr_idx], y[tr_idx],
            eval_set=[(X.iloc[va_idx], y[va_idx])],
            eval_metric="poisson",
            callbacks=[lgb.early_stopping(100, verbose=False)],
        )
        oof.loc[va_idx, target] = model.predict(X.iloc[va_idx])
        pred[target] += model.predict(X_te) / N_FOLDS

scores = {t: rmsle(train[t].to_numpy(), oof[t].to_numpy()) for t in TARGETS}
print("fold-averaged OOF RMSLE per target:")
for t, s in scores.items():
    print(f"  {t:10s} {s:.4f}")
print(f"Columnwise RMSLE: {np.mean(list(scores.values())):.4f}")

os.makedirs("submission", exist_ok=True)
sub = pd.concat([test[["id"]], pred.clip(lower=0)], axis=1)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
