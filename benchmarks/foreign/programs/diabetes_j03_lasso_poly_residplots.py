"""
Lasso on main effects + all pairwise interactions + squares (a 'hierarchical'
screening in the spirit of glmnet), penalty picked by 5-fold CV.
Residual plots are written next to the submission for the record.
"""
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy import stats
from sklearn.linear_model import LassoCV
from sklearn.model_selection import KFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

INPUT = "./input"
OUTDIR = "./submission"
FIGDIR = os.path.join(OUTDIR, "figures")

train = pd.read_csv(os.path.join(INPUT, "train.csv"))
test = pd.read_csv(os.path.join(INPUT, "test.csv"))
y = train.pop("progression").to_numpy(dtype=float)
ids = test.pop("id")
train = train.drop(columns="id")
cols = list(train.columns)

pipe = Pipeline([
    ("z", StandardScaler()),
    ("poly", PolynomialFeatures(degree=2, include_bias=False)),
    ("z2", StandardScaler()),
    ("lasso", LassoCV(alphas=np.logspace(-1, 1.5, 30), cv=KFold(5, shuffle=True, random_state=3),
                      max_iter=5000, n_jobs=1)),
])

outer = KFold(5, shuffle=True, random_state=99)
oof = cross_val_predict(pipe, train, y, cv=outer, n_jobs=1)
res = y - oof
cv_rmse = np.sqrt(np.mean(res ** 2))
cv_mae = np.mean(np.abs(res))
print(f"outer 5-fold CV RMSE = {cv_rmse:.3f}   MAE = {cv_mae:.3f}")

# bootstrap CI for the CV RMSE (resampling observations of the OOF residuals)
rng = np.random.default_rng(1)
bs = np.array([np.sqrt(np.mean(rng.choice(res, res.size) ** 2)) for _ in range(1000)])
print(f"95% bootstrap CI for RMSE: ({np.quantile(bs, .025):.2f}, {np.quantile(bs, .975):.2f})")

pipe.fit(train, y)
names = pipe.named_steps["poly"].get_feature_names_out(cols)
beta = pipe.named_steps["lasso"].coef_
kept = pd.Series(beta, index=names)
kept = kept[kept != 0].sort_values(key=np.abs, ascending=False)
print(f"alpha = {pipe.named_steps['lasso'].alpha_:.4f}; {kept.size} of {beta.size} terms kept")
print(kept.round(3).to_string())

# ---- diagnostics ------------------------------------------------------------
fig, ax = plt.subplots(1, 3, figsize=(13, 4))
ax[0].scatter(oof, res, s=8, alpha=.6)
ax[0].axhline(0, color="k", lw=.8)
ax[0].set(xlabel="OOF fitted", ylabel="residual", title="residual vs fitted")
stats.probplot(res, dist="norm", plot=ax[1])
ax[1].set_title("normal QQ")
ax[2].scatter(train["bmi"], res, s=8, alpha=.6)
ax[2].set(xlabel="bmi", ylabel="residual", title="residual vs bmi")
fig.tight_layout()
fig.savefig(os.path.join(FIGDIR, "lasso_residuals.png"), dpi=90)
plt.close(fig)

sw = stats.shapiro(res)
print(f"Shapiro-Wilk on OOF residuals: W={sw.statistic:.3f}, p={sw.pvalue:.3g}")

os.makedirs(OUTDIR, exist_ok=True)
pred = pipe.predict(test[cols])
pd.DataFrame({"id": ids, "progression": pred}).to_csv(os.path.join(OUTDIR, "submission.csv"), index=False)
print(f"CV RMSE: {cv_rmse:.3f}")
