"""Daily births - additive residual model, year-grouped CV, OOF target encodings.

target      : births - mean(births of that year)
encodings   : out-of-fold means of the residual per (month, day), (dow, month), (week, dow)
freq enc    : how often a (month, day) cell occurs (leap day is rare)
model       : lgb.train per fold, early stopping on the fold's held-out years
level       : damped linear trend of the yearly means
"""
import os

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import GroupKFold

N_FOLDS = 4
SMOOTH = 10.0
SEED = 7

tr = pd.read_csv("./input/train.csv", parse_dates=["date"])
te = pd.read_csv("./input/test.csv", parse_dates=["date"])

year_mean = tr.groupby("year")["births"].mean()
tr["resid"] = tr["births"] - tr["year"].map(year_mean)
print("resid std:", round(tr["resid"].std(), 1))


def base_feats(df):
    out = pd.DataFrame(index=df.index)
    out["dow"] = df["date"].dt.weekday
    out["month"] = df["month"]
    out["dom"] = df["day_of_month"]
    out["doy"] = df["day_of_year"]
    out["week"] = df["date"].dt.isocalendar().week.astype(int).values
    out["leap"] = df["date"].dt.is_leap_year.astype(int)
    # doy shifted so Mar-1 has the same index in leap and non-leap years
    out["doy_aligned"] = out["doy"] - ((out["leap"] == 1) & (out["month"] > 2)).astype(int)
    out["md"] = out["month"] * 100 + out["dom"]
    out["dow_month"] = out["dow"] * 100 + out["month"]
    out["week_dow"] = out["week"] * 10 + out["dow"]
    return out


X = base_feats(tr)
XT = base_feats(te)

# frequency encoding on the union of train and test keys
md_all = pd.concat([X["md"], XT["md"]])
freq = md_all.value_counts(normalize=True)
X["md_freq"] = X["md"].map(freq)
XT["md_freq"] = XT["md"].map(freq)

TE_KEYS = ["md", "dow_month", "week_dow"]


def target_encode(keys_tr, y_tr, keys_ap, prior):
    stats = pd.DataFrame({"k": keys_tr.values, "y": y_tr.values}).groupby("k")["y"].agg(["sum", "count"])
    enc = (stats["sum"] + prior * SMOOTH) / (stats["count"] + SMOOTH)
    return keys_ap.map(enc).fillna(prior).values


def add_oof_te(X_tr, y_tr, X_ap, groups):
    """OOF encoding for the fitting frame, full-fit encoding for the frame applied to."""
    X_tr = X_tr.copy()
    X_ap = X_ap.copy()
    prior = y_tr.mean()
    inner = GroupKFold(n_splits=4)
    for key in TE_KEYS:
        oof = np.zeros(len(X_tr))
        for a, b in inner.split(X_tr, y_tr, groups):
            oof[b] = target_encode(X_tr[key].iloc[a], y_tr.iloc[a], X_tr[key].iloc[b], prior)
        X_tr[f"te_{key}"] = oof
        X_ap[f"te_{key}"] = target_encode(X_tr[key], y_tr, X_ap[key], prior)
    return X_tr, X_ap


params = {
    "objective": "regression_l1",
    "learning_rate": 0.05,
    "num_leaves": 24,
    "min_child_samples": 15,
    "feature_fraction": 0.85,
    "bagging_fraction": 0.85,
    "bagging_freq": 1,
    "verbosity": -1,
    "num_threads": 2,
    "seed": SEED,
}

y = tr["resid"]
groups = tr["year"]
oof = np.zeros(len(tr))
test_resid = np.zeros(len(te))
gkf = GroupKFold(n_splits=N_FOLDS)
for fold, (ti, vi) in enumerate(gkf.split(X, y, groups)):
    X_tr, X_va = add_oof_te(X.iloc[ti], y.iloc[ti], X.iloc[vi], groups.iloc[ti])
    _, X_te = add_oof_te(X.iloc[ti], y.iloc[ti], XT, groups.iloc[ti])
    feats = list(X_tr.columns)
    dtr = lgb.Dataset(X_tr[feats], y.iloc[ti])
    dva = lgb.Dataset(X_va[feats], y.iloc[vi], reference=dtr)
    m = lgb.train(
        params, dtr, num_boost_round=1500, valid_sets=[dva],
        callbacks=[lgb.early_stopping(80, verbose=False), lgb.log_evaluation(0)],
    )
    oof[vi] = m.predict(X_va[feats], num_iteration=m.best_iteration)
    test_resid += m.predict(X_te[feats], num_iteration=m.best_iteration) / N_FOLDS
    fold_mae = np.abs(oof[vi] - y.iloc[vi].values).mean()
    print(f"fold {fold}: years={sorted(groups.iloc[vi].unique())} iters={m.best_iteration} mae={fold_mae:.1f}")

print(f"CV MAE: {np.abs(oof - y.values).mean():.2f}")

# ---- level: damped linear trend on the last 6 yearly means
last = year_mean.iloc[-6:]
slope, icpt = np.polyfit(last.index.values, last.values, 1)
anchor_year = last.index.max()
anchor = last.iloc[-3:].mean()
damp = 0.5
te_level = anchor + damp * slope * (te["year"].values - anchor_year + 1)
print(f"trend slope {slope:.1f}/yr, anchor {anchor:.0f}")

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "births": te_level + test_resid}).to_csv(
    "./submission/submission.csv", index=False
)
print("wrote", len(te), "rows")
