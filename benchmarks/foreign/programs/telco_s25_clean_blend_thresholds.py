import re
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import roc_auc_score, log_loss, f1_score, accuracy_score, precision_score, recall_score

SEED = 42
TARGET = "churn"

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train {train.shape}  test {test.shape}")

# ---------------------------------------------------------------- data quality
def quality_report(df, name):
    print(f"\n===== data quality: {name} =====")
    rep = pd.DataFrame({
        "dtype": df.dtypes.astype(str),
        "n_missing": df.isna().sum(),
        "pct_missing": (df.isna().mean() * 100).round(2),
        "n_unique": df.nunique(),
    })
    print(rep.to_string())

quality_report(train, "train")
quality_report(test, "test")

assert train["id"].is_unique and test["id"].is_unique
assert set(train.columns) - set(test.columns) == {TARGET}
assert train[TARGET].isin([0, 1]).all()
print("\ntarget balance:")
print(train[TARGET].value_counts(normalize=True).round(4).to_string())

cat_cols = [c for c in train.columns if train[c].dtype == object or str(train[c].dtype) in ("str", "string")]
print("\ncategorical columns:", cat_cols)
for c in cat_cols:
    print(f"-- {c}")
    print(train[c].value_counts(dropna=False).to_string())

# ---------------------------------------------------------------- cleaning
def clean_label(s):
    return (s.astype(str).str.strip().str.lower()
             .str.replace(r"\(automatic\)", "auto", regex=True)
             .str.replace(r"[^a-z0-9]+", "_", regex=True)
             .str.strip("_"))

full = pd.concat([train.assign(_part="train"), test.assign(_part="test")], ignore_index=True)
for c in cat_cols:
    full[c] = clean_label(full[c])

# total_charges: fill from monthly * tenure when missing, then clip outliers on train quantiles
miss_tc = full["total_charges"].isna()
print(f"\ntotal_charges missing before fill: {miss_tc.sum()}")
full.loc[miss_tc, "total_charges"] = full.loc[miss_tc, "monthly_charges"] * full.loc[miss_tc, "tenure"].clip(lower=1)

num_cols = ["tenure", "monthly_charges", "total_charges"]
is_tr = full["_part"] == "train"
for c in num_cols:
    lo, hi = full.loc[is_tr, c].quantile([0.005, 0.995])
    n_clip = ((full[c] < lo) | (full[c] > hi)).sum()
    full[c] = full[c].clip(lo, hi)
    print(f"clip {c:16s} to [{lo:8.2f}, {hi:8.2f}]  ({n_clip} values touched)")

full["charge_ratio"] = full["total_charges"] / (full["monthly_charges"] * full["tenure"].clip(lower=1))
full["tenure_bin"] = pd.cut(full["tenure"], bins=[-1, 6, 12, 24, 48, 72], labels=["0_6", "7_12", "13_24", "25_48", "49_72"])
full["n_services"] = (full[["online_security", "online_backup", "device_protection",
                            "tech_support", "streaming_tv", "streaming_movies"]] == "yes").sum(axis=1)
print("\ntenure_bin counts:")
print(full.loc[is_tr, "tenure_bin"].value_counts().sort_index().to_string())

tr = full[is_tr].drop(columns="_part").reset_index(drop=True)
te = full[~is_tr].drop(columns=["_part", TARGET]).reset_index(drop=True)

dummy_cols = cat_cols + ["tenure_bin"]
X = pd.get_dummies(tr.drop(columns=["id", TARGET]), columns=dummy_cols, drop_first=True, dtype=float)
X_test = pd.get_dummies(te.drop(columns=["id"]), columns=dummy_cols, drop_first=True, dtype=float)
X, X_test = X.align(X_test, join="left", axis=1, fill_value=0.0)
y = tr[TARGET].astype(int).values

assert X.shape[1] == X_test.shape[1]
assert not X.isna().any().any(), "NaN left in train matrix"
assert not X_test.isna().any().any(), "NaN left in test matrix"
X.columns = [re.sub(r"[^A-Za-z0-9_]", "_", c) for c in X.columns]
X_test.columns = X.columns
print(f"\nmodel matrix: {X.shape}, test {X_test.shape}")

# ---------------------------------------------------------------- CV
def best_threshold(y_true, p):
    grid = np.linspace(0.1, 0.9, 81)
    f1s = [f1_score(y_true, (p >= t).astype(int)) for t in grid]
    i = int(np.argmax(f1s))
    return grid[i], f1s[i]

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
oof_lr = np.zeros(len(X))
oof_gb = np.zeros(len(X))
pred_lr = np.zeros(len(X_test))
pred_gb = np.zeros(len(X_test))
rows = []

pos_w = (y == 0).sum() / (y == 1).sum()
print(f"pos weight for lgb: {pos_w:.3f}")

for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y), 1):
    Xtr, Xva = X.iloc[tr_idx], X.iloc[va_idx]
    ytr, yva = y[tr_idx], y[va_idx]

    lr = make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=2000, class_weight="balanced"))
    lr.fit(Xtr, ytr)
    oof_lr[va_idx] = lr.predict_proba(Xva)[:, 1]
    pred_lr += lr.predict_proba(X_test)[:, 1] / skf.n_splits

    w = np.where(ytr == 1, pos_w, 1.0)
    gb = lgb.LGBMClassifier(n_estimators=400, learning_rate=0.03, num_leaves=15, min_child_samples=40,
                            subsample=0.8, subsample_freq=1, colsample_bytree=0.7, reg_lambda=2.0,
                            random_state=SEED, verbose=-1)
    gb.fit(Xtr, ytr, sample_weight=w)
    oof_gb[va_idx] = gb.predict_proba(Xva)[:, 1]
    pred_gb += gb.predict_proba(X_test)[:, 1] / skf.n_splits

    for name, p in (("logreg", oof_lr[va_idx]), ("lgbm", oof_gb[va_idx])):
        t, f1 = best_threshold(yva, p)
        yhat = (p >= t).astype(int)
        rows.append({"fold": fold, "model": name, "auc": roc_auc_score(yva, p),
                     "logloss": log_loss(yva, np.clip(p, 1e-6, 1 - 1e-6)),
                     "thr": t, "f1": f1, "prec": precision_score(yva, yhat),
                     "rec": recall_score(yva, yhat), "acc": accuracy_score(yva, yhat)})
    r_lr, r_gb = rows[-2], rows[-1]
    print(f"fold {fold}: logreg auc={r_lr['auc']:.4f} f1@{r_lr['thr']:.2f}={r_lr['f1']:.4f} | "
          f"lgbm auc={r_gb['auc']:.4f} f1@{r_gb['thr']:.2f}={r_gb['f1']:.4f}")

res = pd.DataFrame(rows)
print("\n===== per-fold metrics =====")
print(res.round(4).to_string(index=False))
print("\n===== summary (mean +- std) =====")
summ = res.drop(columns="fold").groupby("model").agg(["mean", "std"]).round(4)
print(summ.to_string())

# blend weight search on OOF AUC
best_w, best_auc = 0.0, -1.0
for wgt in np.linspace(0, 1, 21):
    a = roc_auc_score(y, wgt * oof_lr + (1 - wgt) * oof_gb)
    if a > best_auc:
        best_w, best_auc = wgt, a
print(f"\nOOF AUC logreg: {roc_auc_score(y, oof_lr):.5f}")
print(f"OOF AUC lgbm  : {roc_auc_score(y, oof_gb):.5f}")
print(f"OOF AUC blend : {best_auc:.5f}  (w_logreg={best_w:.2f})")

final = best_w * pred_lr + (1 - best_w) * pred_gb
sub = pd.DataFrame({"id": test["id"].values, TARGET: np.clip(final, 0, 1)})
assert len(sub) == len(test) and sub[TARGET].between(0, 1).all()
sub.to_csv("submission/submission.csv", index=False)
print(f"\nwrote submission/submission.csv {sub.shape}; mean pred {sub[TARGET].mean():.4f}")
print(f"VALIDATION AUC = {best_auc:.5f}")
