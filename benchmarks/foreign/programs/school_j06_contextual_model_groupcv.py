"""
High School and Beyond: math achievement.

The classic contextual model: pupil SES split into a within-school part
(SES - MEANSES) and the school mean, with cross-level interactions.  Test
schools are new, so the school intercept cannot be estimated for them; the
fixed part is what we predict with.  Validation is by whole schools
(GroupKFold) and the uncertainty of the CV RMSE comes from a cluster bootstrap.
"""
import os

import numpy as np
import pandas as pd
from scipy import stats
from sklearn.linear_model import Ridge
from sklearn.model_selection import GroupKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(f"train: {len(train)} pupils in {train.School.nunique()} schools; "
      f"test: {len(test)} pupils in {test.School.nunique()} schools")


def fixed_effects(df):
    out = pd.DataFrame(index=df.index)
    out["minority"] = (df["Minority"] == "Yes").astype(float)
    out["male"] = (df["Sex"] == "Male").astype(float)
    out["ses_within"] = df["SES"] - df["MEANSES"]
    out["meanses"] = df["MEANSES"]
    out["meanses_x_within"] = out["meanses"] * out["ses_within"]
    out["minority_x_within"] = out["minority"] * out["ses_within"]
    out["meanses_sq"] = out["meanses"] ** 2
    # school composition: share of minority pupils and of boys (computable for new schools)
    g = df.groupby("School")
    out["pct_minority"] = g["Minority"].transform(lambda s: (s == "Yes").mean())
    out["pct_male"] = g["Sex"].transform(lambda s: (s == "Male").mean())
    out["school_size"] = np.log(g["SES"].transform("size"))
    return out


X = fixed_effects(train)
y = train["MathAch"].to_numpy()
groups = train["School"].to_numpy()
X_test = fixed_effects(test)
terms = list(X.columns)

# centre/scale on train moments so the ridge penalty treats terms alike
mu, sd = X.mean(), X.std(ddof=0)
Z = ((X - mu) / sd).to_numpy()
Z_test = ((X_test - mu) / sd).to_numpy()

gkf = GroupKFold(n_splits=5)
alphas = [0.1, 1.0, 10.0, 100.0]
cv_table = {}
oof_by_alpha = {}
for a in alphas:
    oof = np.empty_like(y)
    for tr_idx, va_idx in gkf.split(Z, y, groups):
        oof[va_idx] = Ridge(alpha=a).fit(Z[tr_idx], y[tr_idx]).predict(Z[va_idx])
    oof_by_alpha[a] = oof
    cv_table[a] = np.sqrt(np.mean((y - oof) ** 2))
    print(f"alpha={a:>6}: GroupKFold RMSE {cv_table[a]:.4f}")
alpha = min(cv_table, key=cv_table.get)
oof = oof_by_alpha[alpha]
resid = y - oof

# cluster (school) bootstrap of the CV RMSE
rng = np.random.default_rng(17)
schools = np.unique(groups)
by_school = {s: np.flatnonzero(groups == s) for s in schools}
boot = []
for _ in range(400):
    pick = rng.choice(schools, size=schools.size, replace=True)
    idx = np.concatenate([by_school[s] for s in pick])
    boot.append(np.sqrt(np.mean(resid[idx] ** 2)))
lo, hi = np.percentile(boot, [2.5, 97.5])
print(f"cluster-bootstrap 95% CI for RMSE: [{lo:.3f}, {hi:.3f}]")

# residual checks: how much school-level variance is left (one-way ANOVA ICC)
r = pd.DataFrame({"school": groups, "res": resid})
k = r.groupby("school")["res"].agg(["mean", "var", "size"])
n0 = (len(r) - (k["size"] ** 2).sum() / len(r)) / (len(k) - 1)
msb = (k["size"] * (k["mean"] - r["res"].mean()) ** 2).sum() / (len(k) - 1)
msw = ((k["size"] - 1) * k["var"]).sum() / (len(r) - len(k))
icc = max(0.0, (msb - msw) / (msb + (n0 - 1) * msw))
print(f"residual ICC (school) = {icc:.3f}; residual skew = {stats.skew(resid):.3f}")

final = Ridge(alpha=alpha).fit(Z, y)
coef = pd.DataFrame({"term": terms,
                     "beta_std": final.coef_,
                     "beta_raw": final.coef_ / sd.to_numpy()})
print(f"\ncoefficients (alpha={alpha}, intercept on z-scale {final.intercept_:.3f}):")
print(coef.to_string(index=False, float_format="{:8.3f}".format))

pred = final.predict(Z_test)
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "MathAch": pred}).to_csv("./submission/submission.csv", index=False)
print(f"CV RMSE: {cv_table[alpha]:.4f}")
