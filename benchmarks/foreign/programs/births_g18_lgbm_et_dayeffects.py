"""
Daily births, second attempt.

Changes vs attempt 1 (HistGB on the given calendar columns):
  - yearly level handled by modelling births relative to the previous year's mean
  - day-of-year effects: out-of-fold target encoding of (month, day) and of
    (month, day, weekday) on the relative target
  - holiday proximity features
  - LGBMRegressor (MAE objective, early stopping), ExtraTrees, Ridge;
    folds = blocks of whole years, blend weights chosen on OOF MAE
"""
import os
import time
import warnings

import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor, early_stopping, log_evaluation
from sklearn.ensemble import ExtraTreesRegressor
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import GroupKFold
from sklearn.metrics import mean_absolute_error

warnings.filterwarnings("ignore")
START = time.time()
RS = 3

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
sub = pd.read_csv("./input/sample_submission.csv")
print("shapes:", tr.shape, te.shape)

# ------------------------------------------------------------------ EDA bits
yearly = tr.groupby("year")["births"].mean()
print("mean births per year (last 6):")
print(yearly.tail(6).round(0).to_string())
wd = tr.groupby("wday")["births"].mean().sort_values()
print("weekday means:", wd.round(0).to_dict())

# level for each year = mean of the previous year (known at prediction time for
# 1985; for later test years we carry 1984 forward)
prev_level = yearly.shift(1)
prev_level.iloc[0] = yearly.iloc[0]
last_level = yearly.iloc[-1]


def level_for(years):
    return pd.Series(years).map(prev_level).fillna(last_level).values


FIXED_HOLIDAYS = [(1, 1), (7, 4), (12, 25), (12, 24), (12, 31), (11, 11), (2, 14), (10, 31)]


def make_features(df):
    f = pd.DataFrame(index=df.index)
    d = pd.to_datetime(df["date"], format="%Y/%m/%d")
    f["year"] = d.dt.year
    f["month"] = d.dt.month
    f["dom"] = d.dt.day
    f["dow"] = d.dt.dayofweek
    f["doy"] = d.dt.dayofyear
    f["quarter"] = d.dt.quarter
    f["weekend"] = (f["dow"] >= 5).astype(int)
    f["is_leap"] = d.dt.is_leap_year.astype(int)
    f["days_in_month"] = d.dt.days_in_month
    f["dom_frac"] = f["dom"] / f["days_in_month"]

    # thanksgiving (4th Thursday of November) and the friday after it
    first_nov = pd.to_datetime(f["year"].astype(str) + "-11-01")
    offset = (3 - first_nov.dt.dayofweek) % 7
    tg_day = 1 + offset + 21
    f["thanksgiving"] = ((f["month"] == 11) & (f["dom"] == tg_day)).astype(int)
    f["thanks_fri"] = ((f["month"] == 11) & (f["dom"] == tg_day + 1)).astype(int)
    # memorial day (last monday of may), labor day (first monday of september)
    f["memorial"] = ((f["month"] == 5) & (f["dow"] == 0) & (f["dom"] >= 25)).astype(int)
    f["labor"] = ((f["month"] == 9) & (f["dow"] == 0) & (f["dom"] <= 7)).astype(int)

    f["fixed_hol"] = 0
    f["near_fixed_hol"] = 0
    for m, dd in FIXED_HOLIDAYS:
        hol = pd.to_datetime(f["year"].astype(str) + f"-{m:02d}-{dd:02d}")
        gap = (d - hol).dt.days
        f["fixed_hol"] |= (gap == 0).astype(int)
        f["near_fixed_hol"] |= (gap.abs().between(1, 3)).astype(int)
    f["any_hol"] = f[["fixed_hol", "thanksgiving", "memorial", "labor"]].max(axis=1)
    f["hol_weekday"] = f["any_hol"] * (f["weekend"] == 0)
    f["md_key"] = f["month"] * 100 + f["dom"]
    f["mdw_key"] = f["md_key"] * 10 + f["dow"]
    return f


print("building calendar features ...")
F_tr = make_features(tr)
F_te = make_features(te)
level_tr = level_for(F_tr["year"].values)
level_te = level_for(F_te["year"].values)
rel = tr["births"].values / level_tr
print("feature frame:", F_tr.shape)

# ------------------------------------------------------------------ OOF target encoding
folds = list(GroupKFold(n_splits=4).split(F_tr, rel, groups=F_tr["year"]))


def te_map(keys_fit, target_fit, keys_apply, prior, k=5):
    g = pd.DataFrame({"k": keys_fit, "t": target_fit}).groupby("k")["t"].agg(["mean", "count"])
    sm = (g["mean"] * g["count"] + prior * k) / (g["count"] + k)
    return pd.Series(keys_apply).map(sm).fillna(prior).values


for key in ["md_key", "mdw_key"]:
    col = key.replace("_key", "_te")
    F_tr[col] = 0.0
    for a, b in folds:
        F_tr.loc[F_tr.index[b], col] = te_map(F_tr[key].values[a], rel[a], F_tr[key].values[b], rel[a].mean())
    F_te[col] = te_map(F_tr[key].values, rel, F_te[key].values, rel.mean())

FEATS = [c for c in F_tr.columns if c not in ("year", "md_key", "mdw_key")]
print("model features:", len(FEATS))

# ------------------------------------------------------------------ models
oof = np.zeros((len(F_tr), 3))
pt = np.zeros((len(F_te), 3))
for i, (a, b) in enumerate(folds):
    Xa, Xb = F_tr.iloc[a][FEATS], F_tr.iloc[b][FEATS]

    gbm = LGBMRegressor(objective="mae", n_estimators=1500, learning_rate=0.05, num_leaves=31,
                        min_child_samples=15, colsample_bytree=0.8, random_state=RS,
                        n_jobs=2, verbose=-1)
    gbm.fit(Xa, rel[a], eval_set=[(Xb, rel[b])], eval_metric="l1",
            callbacks=[early_stopping(100, verbose=False), log_evaluation(0)])
    oof[b, 0] = gbm.predict(Xb) * level_tr[b]
    pt[:, 0] += gbm.predict(F_te[FEATS]) * level_te / len(folds)

    et = ExtraTreesRegressor(n_estimators=200, min_samples_leaf=3, max_features=0.7,
                             n_jobs=2, random_state=RS)
    et.fit(Xa, rel[a])
    oof[b, 1] = et.predict(Xb) * level_tr[b]
    pt[:, 1] += et.predict(F_te[FEATS]) * level_te / len(folds)

    sc = StandardScaler().fit(Xa)
    rg = Ridge(alpha=3.0).fit(sc.transform(Xa), rel[a])
    oof[b, 2] = rg.predict(sc.transform(Xb)) * level_tr[b]
    pt[:, 2] += rg.predict(sc.transform(F_te[FEATS])) * level_te / len(folds)

    yb = tr["births"].values[b]
    print(f"fold {i} (years {sorted(F_tr['year'].iloc[b].unique())[:2]}...): "
          f"lgbm {mean_absolute_error(yb, oof[b, 0]):.1f} | et {mean_absolute_error(yb, oof[b, 1]):.1f} "
          f"| ridge {mean_absolute_error(yb, oof[b, 2]):.1f}")

y_true = tr["births"].values
names = ["lgbm", "et", "ridge"]
for j, n in enumerate(names):
    print(f"OOF MAE {n}: {mean_absolute_error(y_true, oof[:, j]):.2f}")

best, best_w = np.inf, None
for w0 in np.linspace(0, 1, 21):
    for w1 in np.linspace(0, 1 - w0, int(round((1 - w0) * 20)) + 1):
        w = np.array([w0, w1, 1 - w0 - w1])
        s = mean_absolute_error(y_true, oof @ w)
        if s < best:
            best, best_w = s, w
print("weights:", dict(zip(names, best_w.round(2))))

os.makedirs("./submission", exist_ok=True)
sub["births"] = pt @ best_w
sub.to_csv("./submission/submission.csv", index=False)
print(f"elapsed {time.time() - START:.1f}s")
print(f"CV MAE: {best:.2f}")
