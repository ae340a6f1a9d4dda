import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score, brier_score_loss, accuracy_score

pd.set_option("display.width", 160)
RNG = 2024
TARGET = "Status"

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
n_train = len(train)

print("=" * 70)
print("RAW SHAPES  train:", train.shape, " test:", test.shape)
print("=" * 70)
print("\nmissing values (train / test):")
miss = pd.concat([train.isna().sum().rename("train"), test.isna().sum().rename("test")], axis=1)
print(miss[miss.sum(axis=1) > 0].to_string())
print("\ndescribe (numeric):")
print(train.describe().T.round(2).to_string())

assert train[TARGET].isin([0, 1]).all(), "target not binary"
print(f"\nbad-credit rate: {train[TARGET].mean():.4f}")

# ------------------------------------------------------------------ string cleaning
cat_cols = ["Home", "Marital", "Records", "Job"]
df = pd.concat([train.drop(columns=TARGET), test], ignore_index=True)
for c in cat_cols:
    df[c] = df[c].astype("string").str.strip().str.lower().str.replace(r"\s+", "_", regex=True)
    print(f"\n{c}: ", df[c].value_counts(dropna=False).to_dict())

# 'ignore' in Home is a placeholder, treat as missing
df["Home"] = df["Home"].replace({"ignore": pd.NA})
for c in cat_cols:
    mode = df[c].mode().iloc[0]
    n = df[c].isna().sum()
    df[c] = df[c].fillna(mode)
    print(f"filled {n:3d} missing {c!r} with mode {mode!r}")

# ------------------------------------------------------------------ numeric cleaning
# the original data encodes unknowns with 99999999 in some versions; guard for it
num_cols = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]
for c in num_cols:
    big = (df[c] >= 99999999).sum()
    if big:
        print(f"{c}: {big} sentinel values -> NaN")
        df.loc[df[c] >= 99999999, c] = np.nan

# group-wise imputation: income depends on job and housing
before = df["Income"].isna().sum()
df["Income"] = df["Income"].fillna(df.groupby(["Job", "Home"])["Income"].transform("median"))
df["Income"] = df["Income"].fillna(df.groupby("Job")["Income"].transform("median"))
print(f"\nIncome missing: {before} -> {df['Income'].isna().sum()}")
for c in ["Assets", "Debt"]:
    before = df[c].isna().sum()
    df[c] = df[c].fillna(df.groupby("Home")[c].transform("median"))
    print(f"{c} missing: {before} -> {df[c].isna().sum()}")
assert df[num_cols].isna().sum().sum() == 0

# clip heavy tails using train quantiles only
for c in ["Income", "Assets", "Debt", "Amount", "Price", "Expenses"]:
    lo, hi = df.loc[: n_train - 1, c].quantile([0.01, 0.99])
    df[c] = df[c].clip(lo, hi)
print("\nafter clipping:")
print(df[num_cols].describe().T[["min", "50%", "max"]].round(1).to_string())

# ------------------------------------------------------------------ features
df["loan_to_price"] = df["Amount"] / df["Price"]
df["income_per_exp"] = df["Income"] / df["Expenses"]
df["net_worth"] = df["Assets"] - df["Debt"]
df["installment"] = df["Amount"] / df["Time"]
df["burden"] = df["installment"] / df["Income"]
df["age_bin"] = pd.cut(df["Age"], bins=[17, 25, 35, 45, 55, 70], labels=["18_25", "26_35", "36_45", "46_55", "56_70"])
df["income_q"] = pd.qcut(df["Income"], q=5, labels=[f"inc_q{i}" for i in range(1, 6)])
df["assets_q"] = pd.qcut(df["Assets"], q=4, labels=["a_low", "a_mid", "a_high", "a_top"])
print("\nbin counts:")
for c in ["age_bin", "income_q", "assets_q"]:
    print(c, df[c].value_counts().sort_index().to_dict())

X_all = pd.get_dummies(df.drop(columns="id"), columns=cat_cols + ["age_bin", "income_q", "assets_q"],
                       drop_first=True, dtype=np.float32)
X = X_all.iloc[:n_train].reset_index(drop=True)
X_test = X_all.iloc[n_train:].reset_index(drop=True)
y = train[TARGET].values
assert len(X) == len(y) and len(X_test) == len(test)
print(f"\nfeature matrix {X.shape}")

# ------------------------------------------------------------------ CV with logloss focus
params = dict(n_estimators=2000, learning_rate=0.02, num_leaves=12, min_child_samples=30,
              subsample=0.85, subsample_freq=1, colsample_bytree=0.6, reg_lambda=3.0,
              random_state=RNG, verbose=-1)
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=RNG)
oof = np.zeros(n_train)
test_pred = np.zeros(len(X_test))
log = []
for k, (a, b) in enumerate(skf.split(X, y), 1):
    m = lgb.LGBMClassifier(**params)
    m.fit(X.iloc[a], y[a], eval_set=[(X.iloc[b], y[b])], eval_metric="binary_logloss",
          callbacks=[lgb.early_stopping(100, verbose=False)])
    oof[b] = m.predict_proba(X.iloc[b])[:, 1]
    test_pred += m.predict_proba(X_test)[:, 1] / skf.n_splits
    row = dict(fold=k, iters=m.best_iteration_, logloss=log_loss(y[b], oof[b]),
               auc=roc_auc_score(y[b], oof[b]), brier=brier_score_loss(y[b], oof[b]),
               acc=accuracy_score(y[b], oof[b] > 0.5))
    log.append(row)
    print(f"[fold {k}] it={row['iters']:4d} logloss={row['logloss']:.5f} auc={row['auc']:.4f} brier={row['brier']:.4f}")

tab = pd.DataFrame(log).set_index("fold")
tab.loc["mean"] = tab.mean()
tab.loc["std"] = tab.iloc[:-1].std()
print("\n" + tab.round(5).to_string())

# temperature-style calibration of the OOF logits
logit = np.log(np.clip(oof, 1e-6, 1 - 1e-6) / (1 - np.clip(oof, 1e-6, 1 - 1e-6)))
best_t, best_ll = 1.0, log_loss(y, oof)
for t in np.linspace(0.6, 1.6, 41):
    ll = log_loss(y, 1 / (1 + np.exp(-logit / t)))
    if ll < best_ll:
        best_t, best_ll = t, ll
print(f"\nOOF logloss raw={log_loss(y, oof):.5f}  temperature={best_t:.3f} -> {best_ll:.5f}")

tl = np.log(np.clip(test_pred, 1e-6, 1 - 1e-6) / (1 - np.clip(test_pred, 1e-6, 1 - 1e-6)))
final = 1 / (1 + np.exp(-tl / best_t))
sub = pd.DataFrame({"id": test["id"], TARGET: final})
sub.to_csv("submission/submission.csv", index=False)
print(f"saved submission {sub.shape}")
print(f"CV logloss: {best_ll:.5f}")
