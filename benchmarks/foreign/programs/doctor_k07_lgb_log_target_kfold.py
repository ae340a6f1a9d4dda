"""Doctor visits (NMES 1988): four count targets, one LightGBM per target
fitted on log1p(count) with L2 loss, which is what RMSLE rewards.

A cross-section of people, no time axis -> ordinary shuffled K-fold.
Baseline: a constant per target (mean of log1p in the training fold).
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
YES_NO = ["adl", "afam", "gender", "married", "employed", "insurance", "medicaid"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train[TARGETS].describe().loc[["mean", "50%", "max"]].round(2).to_string())


def make_features(df):
    out = pd.DataFrame(index=df.index)
    out["health"] = df["health"].map({"poor": 0, "average": 1, "excellent": 2})
    for c in YES_NO:
        first = {"adl": "limited", "gender": "male"}.get(c, "yes")
        out[c] = (df[c] == first).astype(int)
    for r in ["midwest", "northeast", "west", "other"]:
        out[f"region_{r}"] = (df["region"] == r).astype(int)
    out["chronic"] = df["chronic"]
    out["age"] = df["age"]
    out["school"] = df["school"]
    out["income"] = df["income"].clip(lower=0)
    out["log_income"] = np.log1p(out["income"])
    out["chronic_x_poor"] = df["chronic"] * (out["health"] == 0)
    out["covered"] = out["insurance"] + out["medicaid"]
    return out


def rmsle(y, p):
    return float(np.sqrt(np.mean((np.log1p(p) - np.log1p(y)) ** 2)))


X, X_test = make_features(train), make_features(test)
params = dict(objective="regression", n_estimators=250, learning_rate=0.03,
              num_leaves=8, min_child_samples=40, subsample=0.8, subsample_freq=1,
              colsample_bytree=0.8, reg_lambda=5.0, verbose=-1, n_jobs=2, random_state=2)

kf = KFold(n_splits=4, shuffle=True, random_state=2)
folds = list(kf.split(X))
oof = pd.DataFrame(0.0, index=train.index, columns=TARGETS)
base = pd.DataFrame(0.0, index=train.index, columns=TARGETS)
test_pred = pd.DataFrame(0.0, index=test.index, columns=TARGETS)

for t in TARGETS:
    y_log = np.log1p(train[t].values)
    for k, (i_tr, i_va) in enumerate(folds):
        m = lgb.LGBMRegressor(**params).fit(X.iloc[i_tr], y_log[i_tr])
        oof.loc[oof.index[i_va], t] = np.expm1(m.predict(X.iloc[i_va])).clip(0)
        base.loc[base.index[i_va], t] = np.expm1(y_log[i_tr].mean())
        test_pred[t] += np.expm1(m.predict(X_test)).clip(0) / len(folds)
    per_fold = [rmsle(train[t].values[i_va], oof[t].values[i_va]) for _, i_va in folds]
    print(f"{t:10s} folds: " + " ".join(f"{s:.4f}" for s in per_fold)
          + f" | const {rmsle(train[t], base[t]):.4f} -> lgb {rmsle(train[t], oof[t]):.4f}")

cv = np.mean([rmsle(train[t], oof[t]) for t in TARGETS])
cv_base = np.mean([rmsle(train[t], base[t]) for t in TARGETS])
print(f"columnwise RMSLE: constant {cv_base:.4f}, lgb {cv:.4f} "
      f"({100 * (1 - cv / cv_base):.1f}% better)")

sub = pd.concat([test[["id"]], test_pred], axis=1)
sub.to_csv("./submission/submission.csv", index=False)
print(f"CV RMSLE: {cv:.4f}")
