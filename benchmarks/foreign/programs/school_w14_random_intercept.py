# High School & Beyond: MathAch ~ SES + MEANSES + Minority + Sex, pupils nested in schools
# test schools are unseen, so CV has to be grouped by School

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import GroupKFold, cross_val_score
from sklearn.linear_model import LinearRegression, RidgeCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

hsb = pd.read_csv("input/train.csv")
hsb_test = pd.read_csv("input/test.csv")

print(f"{len(hsb)} pupils in {hsb.School.nunique()} schools (train)")
print(f"{len(hsb_test)} pupils in {hsb_test.School.nunique()} schools (test)")
print()

# school-level summary, like aggregate(MathAch ~ School, hsb, mean)
by_school = (
    hsb.groupby("School")
    .agg(n=("MathAch", "size"), mean_math=("MathAch", "mean"),
         meanses=("MEANSES", "first"), pct_minority=("Minority", lambda s: (s == "Yes").mean()))
)
print(by_school.describe().round(2).to_string())
print()

# intraclass correlation from a one-way anova decomposition
grand = hsb.MathAch.mean()
n_bar = by_school.n.mean()
ms_between = (by_school.n * (by_school.mean_math - grand) ** 2).sum() / (len(by_school) - 1)
ms_within = (
    hsb.assign(dev=lambda d: d.MathAch - d.groupby("School").MathAch.transform("mean"))
    .dev.pow(2).sum() / (len(hsb) - len(by_school))
)
sigma2_u = max((ms_between - ms_within) / n_bar, 0.0)
icc = sigma2_u / (sigma2_u + ms_within)
print(f"ICC (anova estimator): {icc:.3f}   sigma_u^2 = {sigma2_u:.2f}   sigma_e^2 = {ms_within:.2f}")
print()

def design(d):
    return (
        d
        .assign(
            minority=lambda t: (t.Minority == "Yes").astype(int),
            male=lambda t: (t.Sex == "Male").astype(int),
            ses_c=lambda t: t.SES - t.MEANSES,           # group-mean centred SES
        )
        .assign(
            ses_x_meanses=lambda t: t.ses_c * t.MEANSES,
            ses_x_minority=lambda t: t.ses_c * t.minority,
        )
        [["ses_c", "MEANSES", "minority", "male", "ses_x_meanses", "ses_x_minority"]]
    )

X = design(hsb)
y = hsb.MathAch
groups = hsb.School

gkf = GroupKFold(n_splits=5)

models = {
    "OLS": LinearRegression(),
    "ridge (cv alpha)": make_pipeline(StandardScaler(), RidgeCV(alphas=np.logspace(-3, 3, 25))),
}
cv_rows = []
for name, m in models.items():
    rmse = -cross_val_score(m, X, y, groups=groups, cv=gkf, scoring="neg_root_mean_squared_error")
    cv_rows.append({"model": name, "rmse": rmse.mean(), "sd": rmse.std(ddof=1)})
    print(f"{name:<18s} grouped-CV RMSE: {rmse.mean():.4f} +/- {rmse.std(ddof=1):.4f}")

ols = LinearRegression().fit(X, y)
print()
print(
    pd.DataFrame({"term": ["(Intercept)"] + list(X.columns),
                  "estimate": np.r_[ols.intercept_, ols.coef_]})
    .round(3)
    .to_string(index=False)
)

# --- random intercept model: lmer(MathAch ~ ses_c * MEANSES + ses_c * minority + male + (1 | School))
import statsmodels.formula.api as smf

mix_df = pd.concat([X, y, groups], axis=1)
mixed = smf.mixedlm(
    "MathAch ~ ses_c + MEANSES + minority + male + ses_x_meanses + ses_x_minority",
    data=mix_df,
    groups=mix_df["School"],
).fit(reml=True)
print(mixed.summary())

# new schools -> random effect is 0, prediction is the fixed part only
fixed_pred = mixed.predict(design(hsb_test))

fig, ax = plt.subplots(figsize=(5, 4))
ax.hist(fixed_pred, bins=30)
ax.set_xlabel("predicted MathAch (test)")
fig.tight_layout()
fig.savefig("school_pred_hist.png", dpi=90)

pd.DataFrame({"id": hsb_test.id, "MathAch": fixed_pred}).to_csv(
    "submission/submission.csv", index=False
)
print("done")
