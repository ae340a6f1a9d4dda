"""
Worked example 7: diamond prices (regression, scored by RMSLE).

Key idea of this example: RMSLE is just RMSE on log1p(price). So if we
train on log1p(price) with an ordinary squared loss, the model optimises
exactly the metric. We compare:
    (a) a baseline: median price per carat bucket
    (b) ridge regression on one-hot + numeric features
    (c) LightGBM with native categorical handling
and finish with a residual summary and a submission.
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold

SEED = 7
CAT_COLS = ["cut", "color", "clarity"]
NUM_COLS = ["carat", "depth", "table", "x", "y", "z"]

# ordered grades, best last, as in the GIA scale
ORDER = {
    "cut": ["Fair", "Good", "Very Good", "Premium", "Ideal"],
    "color": ["J", "I", "H", "G", "F", "E", "D"],
    "clarity": ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
}


def banner(text):
    print("\n" + "-" * 60 + f"\n{text}\n" + "-" * 60)


def rmsle(y_true, y_pred):
    y_pred = np.clip(y_pred, 0, None)
    return float(np.sqrt(np.mean((np.log1p(y_true) - np.log1p(y_pred)) ** 2)))


def clean_dimensions(df):
    """x, y, z of 0 are recording errors; replace them by NaN, then by a
    value implied by carat (volume ~ carat)."""
    df = df.copy()
    for c in ["x", "y", "z"]:
        df.loc[df[c] <= 0, c] = np.nan
        df.loc[df[c] > 20, c] = np.nan          # a few absurd values (y = 58.9)
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["volume"] = df["volume"].fillna(df["carat"] * 165.0)
    for c in ["x", "y", "z"]:
        df[c] = df[c].fillna(df["volume"] ** (1 / 3))
    return df


def ridge_design(df):
    out = df[NUM_COLS + ["volume"]].copy()
    out["log_carat"] = np.log(df["carat"])
    for c in CAT_COLS:
        out[c + "_rank"] = df[c].map({v: i for i, v in enumerate(ORDER[c])})
    return out


def lgb_design(df):
    out = df[NUM_COLS + ["volume"]].copy()
    for c in CAT_COLS:
        out[c] = pd.Categorical(df[c], categories=ORDER[c], ordered=True)
    return out


# ----------------------------------------------------------------
banner("1) Data")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print(train[NUM_COLS + ["price"]].describe().T[["min", "50%", "max"]])
print("rows with a zero dimension:", int((train[["x", "y", "z"]] == 0).any(axis=1).sum()))

train = clean_dimensions(train)
test = clean_dimensions(test)
y = train["price"].values
y_log = np.log1p(y)

folds = list(KFold(n_splits=5, shuffle=True, random_state=SEED).split(train))

# ----------------------------------------------------------------
banner("2) Baseline: median price per carat bucket")
print("Bucket carat into 0.1-carat bins and predict the bin median.")
oof_base = np.zeros(len(train))
for tr_idx, va_idx in folds:
    tr, va = train.iloc[tr_idx], train.iloc[va_idx]
    bins = (tr["carat"] * 10).round()
    medians = tr.groupby(bins)["price"].median()
    va_bins = (va["carat"] * 10).round()
    oof_base[va_idx] = va_bins.map(medians).fillna(tr["price"].median()).values
print(f"baseline RMSLE: {rmsle(y, oof_base):.4f}")

# ----------------------------------------------------------------
banner("3) Ridge regression on log1p(price)")
X_ridge = ridge_design(train)
oof_ridge = np.zeros(len(train))
for tr_idx, va_idx in folds:
    m = Ridge(alpha=1.0)
    m.fit(X_ridge.iloc[tr_idx], y_log[tr_idx])
    oof_ridge[va_idx] = np.expm1(m.predict(X_ridge.iloc[va_idx]))
print(f"ridge RMSLE:    {rmsle(y, oof_ridge):.4f}")

# ----------------------------------------------------------------
banner("4) LightGBM on log1p(price)")
X_lgb = lgb_design(train)
params = dict(objective="regression", learning_rate=0.05, num_leaves=31,
              min_child_samples=20, subsample=0.8, subsample_freq=1,
              colsample_bytree=0.9, random_state=SEED, verbose=-1, n_jobs=2)
oof_lgb = np.zeros(len(train))
best_iters = []
for k, (tr_idx, va_idx) in enumerate(folds, 1):
    m = lgb.LGBMRegressor(n_estimators=2000, **params)
    m.fit(X_lgb.iloc[tr_idx], y_log[tr_idx],
          eval_set=[(X_lgb.iloc[va_idx], y_log[va_idx])],
          callbacks=[lgb.early_stopping(100, verbose=False)])
    best_iters.append(m.best_iteration_)
    oof_lgb[va_idx] = np.expm1(m.predict(X_lgb.iloc[va_idx]))
    print(f"  fold {k}: best_iter={m.best_iteration_:4d}  "
          f"RMSLE={rmsle(y[va_idx], oof_lgb[va_idx]):.4f}")
print(f"lightgbm RMSLE: {rmsle(y, oof_lgb):.4f}")

# ----------------------------------------------------------------
banner("5) Residual summary (LightGBM, log scale)")
resid = np.log1p(oof_lgb) - y_log
summary = pd.DataFrame({"resid": resid, "cut": train["cut"]})
print(pd.Series(resid).describe().round(4).to_string())
print("\nmean |residual| by cut:")
print(summary.groupby("cut")["resid"].apply(lambda r: r.abs().mean()).round(4).to_string())
worst = np.argsort(-np.abs(resid))[:5]
print("\nfive largest misses:")
print(pd.DataFrame({"carat": train["carat"].values[worst], "price": y[worst],
                    "predicted": oof_lgb[worst].round(0)}).to_string(index=False))

# ----------------------------------------------------------------
banner("6) Final model and submission")
n_final = int(np.mean(best_iters) * 1.1)
print("training on all rows with n_estimators =", n_final)
final = lgb.LGBMRegressor(n_estimators=n_final, **params)
final.fit(X_lgb, y_log)
pred = np.clip(np.expm1(final.predict(lgb_design(test))), 300, None)
sub = pd.DataFrame({"id": test["id"], "price": pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print(f"CV RMSLE  baseline={rmsle(y, oof_base):.4f}  ridge={rmsle(y, oof_ridge):.4f}"
      f"  lightgbm={rmsle(y, oof_lgb):.4f}")
