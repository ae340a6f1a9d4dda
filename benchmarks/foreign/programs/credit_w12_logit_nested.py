# credit scoring: nested logistic regressions, m0 (application basics) vs m1 (everything)
# roughly glm(Status ~ ., family = binomial) in two steps

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, roc_auc_score

raw = pd.read_csv("input/train.csv")
test_raw = pd.read_csv("input/test.csv")

df = (
    raw
    .rename(columns=str.lower)
    .assign(
        lti=lambda d: d.amount / d.price,          # loan-to-value
        log_amount=lambda d: np.log(d.amount),
        log_price=lambda d: np.log(d.price),
    )
)
test = (
    test_raw
    .rename(columns=str.lower)
    .assign(
        lti=lambda d: d.amount / d.price,
        log_amount=lambda d: np.log(d.amount),
        log_price=lambda d: np.log(d.price),
    )
)

print("dim(train) =", df.shape, " dim(test) =", test.shape)
print()
print(df.describe().T[["count", "mean", "std", "min", "max"]].round(2).to_string())
print()

print("bad rate overall:", round(df.status.mean(), 4))
for fac in ["home", "marital", "records", "job"]:
    tab = (
        df.groupby(fac)
        .agg(n=("status", "size"), bad_rate=("status", "mean"))
        .sort_values("bad_rate", ascending=False)
        .round(3)
    )
    print()
    print(tab.to_string())

# ---- design matrices --------------------------------------------------------
factors = ["home", "marital", "records", "job"]
m0_vars = ["seniority", "time", "age", "log_amount", "log_price", "lti", "expenses"]
m1_vars = m0_vars + ["income", "assets", "debt"]

def model_matrix(d, cols):
    # treatment contrasts, first level is the baseline (drop_first), like R
    return pd.get_dummies(d[cols + factors], columns=factors, drop_first=True, dtype=float)

X0 = model_matrix(df, m0_vars)
X1 = model_matrix(df, m1_vars)
y = df.status.values

idx_tr, idx_va = train_test_split(np.arange(len(df)), test_size=0.25,
                                  stratify=y, random_state=11)

def fit_glm(X, label):
    sc = StandardScaler().fit(X.iloc[idx_tr])
    Xtr = sc.transform(X.iloc[idx_tr])
    Xva = sc.transform(X.iloc[idx_va])
    m = LogisticRegression(C=1e4, max_iter=5000).fit(Xtr, y[idx_tr])
    p = m.predict_proba(Xva)[:, 1]
    res = {
        "model": label,
        "n_par": X.shape[1] + 1,
        "logloss": log_loss(y[idx_va], p),
        "auc": roc_auc_score(y[idx_va], p),
    }
    coefs = (
        pd.Series(m.coef_.ravel(), index=X.columns, name="estimate")
        .to_frame()
        .assign(odds_ratio=lambda d: np.exp(d.estimate))
        .sort_values("estimate", key=np.abs, ascending=False)
    )
    return m, sc, res, coefs

m0, sc0, res0, coef0 = fit_glm(X0, "m0: basics")
print()
print("m0 coefficients (per 1 sd):")
print(coef0.round(3).to_string())
print(f"m0 holdout: logloss = {res0['logloss']:.4f}, AUC = {res0['auc']:.4f}")

m1, sc1, res1, coef1 = fit_glm(X1, "m1: + income/assets/debt")
print()
print("m1 coefficients (per 1 sd):")
print(coef1.round(3).to_string())

comp = pd.DataFrame([res0, res1])
print()
print(comp.to_string(index=False, float_format="%.4f"))

best = comp.sort_values("logloss").iloc[0]
print(f"\nvalidation logloss (best, {best.model}): {best.logloss:.4f}")

# calibration plot of the chosen model on the holdout
use_m1 = best.model.startswith("m1")
X_use = X1 if use_m1 else X0
m_use, sc_use = (m1, sc1) if use_m1 else (m0, sc0)
p_va = m_use.predict_proba(sc_use.transform(X_use.iloc[idx_va]))[:, 1]
cal = (
    pd.DataFrame({"p": p_va, "y": y[idx_va]})
    .assign(bin=lambda d: pd.qcut(d.p, 10, labels=False, duplicates="drop"))
    .groupby("bin")
    .agg(p_mean=("p", "mean"), y_mean=("y", "mean"))
)
fig, ax = plt.subplots(figsize=(4.5, 4.5))
ax.plot([0, 1], [0, 1], "k--", lw=1)
ax.plot(cal.p_mean, cal.y_mean, "o-")
ax.set_xlabel("predicted P(bad)")
ax.set_ylabel("observed bad rate")
fig.tight_layout()
fig.savefig("credit_calibration.png", dpi=90)
plt.close(fig)

# refit on all rows and predict
cols = m1_vars if use_m1 else m0_vars
X_all = model_matrix(df, cols)
X_te = model_matrix(test, cols).reindex(columns=X_all.columns, fill_value=0.0)
sc = StandardScaler().fit(X_all)
final = LogisticRegression(C=1e4, max_iter=5000).fit(sc.transform(X_all), y)
p_te = final.predict_proba(sc.transform(X_te))[:, 1]

pd.DataFrame({"id": test_raw.id, "Status": p_te}).to_csv("submission/submission.csv", index=False)
print("submission written:", len(p_te), "rows")
