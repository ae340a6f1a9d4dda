"""
Doctor visits, RMSLE scoring.

RMSLE on y is RMSE on log(1 + y), so a Gaussian linear model on the
log1p scale optimises the criterion directly.  Smooth terms for the
continuous covariates (cubic B-splines, 4 interior knots), treatment-coded
factors, one multi-output ridge with the penalty chosen by CV.
"""
import os

import numpy as np
import pandas as pd
from scipy import stats
from sklearn.compose import make_column_transformer
from sklearn.linear_model import RidgeCV
from sklearn.model_selection import KFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler

trn = pd.read_csv("./input/train.csv")
tst = pd.read_csv("./input/test.csv")

outcomes = ["visits", "ovisits", "emergency", "hospital"]
cat_cols = [c for c in tst.columns if tst[c].dtype == object or str(tst[c].dtype) in ("str", "string")]
num_cols = [c for c in tst.columns if c not in cat_cols and c != "id"]
print("factors:", cat_cols)
print("numerics:", num_cols)

# income has a long right tail and a few negatives: clip and use a signed log
def prep(df):
    d = df[num_cols + cat_cols].copy()
    d["income"] = np.sign(d["income"]) * np.log1p(np.abs(d["income"]))
    return d


X = prep(trn)
X_test = prep(tst)
Z = np.log1p(trn[outcomes].to_numpy(dtype=float))

spline_cols = ["age", "income", "school"]
linear_cols = [c for c in num_cols if c not in spline_cols]

design = make_column_transformer(
    (SplineTransformer(n_knots=6, degree=3, knots="quantile", extrapolation="linear"), spline_cols),
    (StandardScaler(), linear_cols),
    (OneHotEncoder(drop="first", handle_unknown="ignore"), cat_cols),
)
model = make_pipeline(design, RidgeCV(alphas=np.logspace(-2, 3, 26)))

cv = KFold(n_splits=5, shuffle=True, random_state=13)
Z_oof = cross_val_predict(model, X, Z, cv=cv)
Z_oof = np.clip(Z_oof, 0, None)          # counts are >= 0, so log1p >= 0

err = Z - Z_oof
per = np.sqrt(np.mean(err ** 2, axis=0))
for name, s in zip(outcomes, per):
    print(f"  {name:<10} RMSLE {s:.4f}")
score = per.mean()

# residual checks on the log scale
print("\nresidual diagnostics (log1p scale, out-of-fold):")
for j, name in enumerate(outcomes):
    r = err[:, j]
    rho = stats.spearmanr(Z_oof[:, j], np.abs(r))[0]
    print(f"  {name:<10} mean {r.mean():+.3f}  skew {stats.skew(r):+.2f}  "
          f"|r|~fitted rho {rho:+.2f}")

rng = np.random.default_rng(99)
n = len(trn)
bt = np.array([np.sqrt(np.mean(err[i] ** 2, axis=0)).mean()
               for i in (rng.integers(0, n, n) for _ in range(1000))])
print(f"bootstrap SE {bt.std(ddof=1):.4f}; 95% CI [{np.quantile(bt, .025):.4f}, {np.quantile(bt, .975):.4f}]")

model.fit(X, Z)
ridge = model[-1]
names = model[0].get_feature_names_out()
coef = pd.DataFrame(ridge.coef_.T, index=names, columns=outcomes)
print(f"\nalpha = {ridge.alpha_:.3g}; coefficients of the linear / factor terms:")
print(coef.loc[[n_ for n_ in names if not n_.startswith("splinetransformer")]].round(3).to_string())

pred = np.expm1(np.clip(model.predict(X_test), 0, None))
sub = pd.DataFrame(pred, columns=outcomes)
sub.insert(0, "id", tst["id"].to_numpy())
os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(f"CV RMSLE: {score:.4f}")
