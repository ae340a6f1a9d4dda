import os
import numpy as np
import pandas as pd
from sklearn.linear_model import RidgeCV, LinearRegression
from sklearn.model_selection import GroupKFold

np.random.seed(10)

hsb = pd.read_csv("input/train.csv")
new = pd.read_csv("input/test.csv")
print(f"{hsb.shape[0]} pupils in {hsb['School'].nunique()} schools (train); "
      f"{new.shape[0]} pupils in {new['School'].nunique()} schools (test)")

# school-level summary, the usual first look at HSB
sch = (hsb.groupby("School")
          .agg(n=("MathAch", "size"), mean_ach=("MathAch", "mean"),
               meanses=("MEANSES", "first"), pct_minority=("Minority", lambda s: (s == "Yes").mean())))
print(sch.describe().round(2))
print("corr(mean_ach, meanses) =", round(sch["mean_ach"].corr(sch["meanses"]), 3))

# intra-class correlation from a one-way ANOVA decomposition
grand = hsb["MathAch"].mean()
between = (sch["n"] * (sch["mean_ach"] - grand) ** 2).sum() / (len(sch) - 1)
within = ((hsb["MathAch"] - hsb.groupby("School")["MathAch"].transform("mean")) ** 2).sum() / (len(hsb) - len(sch))
n0 = sch["n"].mean()
tau2 = max((between - within) / n0, 0)
print(f"ICC ~ {tau2 / (tau2 + within):.3f}")


def features(df):
    g = df.groupby("School")
    out = pd.DataFrame(index=df.index)
    out["ses_within"] = df["SES"] - df["MEANSES"]        # group-mean centred SES
    out["meanses"] = df["MEANSES"]
    out["minority"] = (df["Minority"] == "Yes").astype(int)
    out["male"] = (df["Sex"] == "Male").astype(int)
    out["school_pct_min"] = g["Minority"].transform(lambda s: (s == "Yes").mean())
    out["school_pct_male"] = g["Sex"].transform(lambda s: (s == "Male").mean())
    out["school_size"] = np.log(g["SES"].transform("size"))
    out["ses_sd"] = g["SES"].transform("std").fillna(0)
    # cross-level interactions
    out["ses_w_x_meanses"] = out["ses_within"] * out["meanses"]
    out["ses_w_x_minority"] = out["ses_within"] * out["minority"]
    out["meanses2"] = out["meanses"] ** 2
    return out


X = features(hsb)
Xn = features(new)
y = hsb["MathAch"].values
groups = hsb["School"].values

gkf = GroupKFold(n_splits=5)
rows = []
for fold, (tr, va) in enumerate(gkf.split(X, y, groups), 1):
    ols = LinearRegression().fit(X.iloc[tr], y[tr])
    rdg = RidgeCV(alphas=np.logspace(-2, 3, 20)).fit(X.iloc[tr], y[tr])
    rows.append({"fold": fold,
                 "n_val": len(va),
                 "ols_rmse": np.sqrt(np.mean((ols.predict(X.iloc[va]) - y[va]) ** 2)),
                 "ridge_rmse": np.sqrt(np.mean((rdg.predict(X.iloc[va]) - y[va]) ** 2)),
                 "alpha": rdg.alpha_})
cvres = pd.DataFrame(rows)
print("\ngrouped 5-fold CV (whole schools held out)")
print(cvres.round(4).to_string(index=False))
print(f"OLS   RMSE: {cvres['ols_rmse'].mean():.4f}")
print(f"Ridge RMSE: {cvres['ridge_rmse'].mean():.4f}")

final = RidgeCV(alphas=np.logspace(-2, 3, 20)).fit(X, y)
coef = pd.DataFrame({"term": ["(Intercept)"] + list(X.columns),
                     "estimate": np.r_[final.intercept_, final.coef_]})
print("\nfinal model, alpha =", round(final.alpha_, 3))
print(coef.round(3).to_string(index=False))

res = y - final.predict(X)
print("\nresidual summary:", pd.Series(res).describe()[["mean", "std", "min", "max"]].round(3).to_dict())
print("residual SD by minority:", pd.Series(res).groupby(hsb["Minority"]).std().round(3).to_dict())

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": new["id"], "MathAch": final.predict(Xn)}).to_csv("submission/submission.csv", index=False)
print("ok")
