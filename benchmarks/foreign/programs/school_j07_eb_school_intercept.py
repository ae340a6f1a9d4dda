# MathAch ~ pupil covariates + school effect.
# Poor man's random-intercept model: estimate each school's intercept by an
# empirical-Bayes shrunken mean of MathAch, then use it as an offset-like
# covariate in a ridge regression together with the pupil-level terms.

import os
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold

pd.set_option("display.width", 120)

dat = pd.read_csv("./input/train.csv")
new = pd.read_csv("./input/test.csv")


def pupil_terms(d):
    return pd.DataFrame({
        "minority": d["Minority"].eq("Yes").astype(float),
        "male": d["Sex"].eq("Male").astype(float),
        "ses": d["SES"],
        "meanses": d["MEANSES"],
        "ses_c": d["SES"] - d["MEANSES"],
    }, index=d.index)


def eb_school_means(d, y):
    """Shrunken school means: grand + B_j (ybar_j - grand), B_j = tau2 / (tau2 + s2/n_j)."""
    g = pd.DataFrame({"School": d["School"].to_numpy(), "y": y})
    grand = g["y"].mean()
    agg = g.groupby("School")["y"].agg(["mean", "var", "size"])
    s2 = agg["var"].mean()
    tau2 = max(agg["mean"].var() - (s2 / agg["size"]).mean(), 1e-6)
    B = tau2 / (tau2 + s2 / agg["size"])
    return grand + B * (agg["mean"] - grand), tau2, s2


def design(d, school_eff):
    X = pupil_terms(d)
    X["school_eb"] = d["School"].map(school_eff)
    return X


y_all = dat["MathAch"].to_numpy()
kf = KFold(n_splits=5, shuffle=True, random_state=8)
oof = np.zeros(len(dat))
for i, (a, b) in enumerate(kf.split(dat)):
    eff, tau2, s2 = eb_school_means(dat.iloc[a], y_all[a])
    Xa = design(dat.iloc[a], eff)
    Xb = design(dat.iloc[b], eff)
    m = Ridge(alpha=1.0).fit(Xa, y_all[a])
    oof[b] = m.predict(Xb)
    print(f"fold {i}: tau^2={tau2:.2f} sigma^2={s2:.2f} ICC={tau2 / (tau2 + s2):.3f} "
          f"rmse={np.sqrt(np.mean((y_all[b] - oof[b]) ** 2)):.3f}")

res = y_all - oof
rmse = np.sqrt(np.mean(res ** 2))
print(f"5-fold RMSE: {rmse:.4f}")

# bootstrap interval over pupils
rng = np.random.default_rng(123)
bs = [np.sqrt(np.mean(res[rng.integers(0, res.size, res.size)] ** 2)) for _ in range(1000)]
print("95%% bootstrap CI: (%.3f, %.3f)" % tuple(np.percentile(bs, [2.5, 97.5])))

# residual mean by minority x sex cell, a quick check for missed interactions
cells = pd.DataFrame({"Minority": dat["Minority"], "Sex": dat["Sex"], "res": res})
print(cells.pivot_table(index="Minority", columns="Sex", values="res", aggfunc="mean").round(3))

eff, tau2, s2 = eb_school_means(dat, y_all)
Xfull = design(dat, eff)
final = Ridge(alpha=1.0).fit(Xfull, y_all)
print(pd.Series(final.coef_, index=Xfull.columns).round(3).to_string())

Xnew = design(new, eff)
pred = final.predict(Xnew)
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": new["id"], "MathAch": pred}).to_csv("./submission/submission.csv", index=False)
print(f"Validation RMSE: {rmse:.4f}")
