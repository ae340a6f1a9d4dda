"""Diabetes progression: penalised linear model with a proper look at the residuals.

Plan
----
1. Standardise the ten baseline covariates (sex treated as a 0/1 indicator).
2. Choose the ridge penalty by generalised cross-validation (RidgeCV's default LOO).
3. Hold out 20% for an honest validation RMSE and bootstrap a 95% interval for it.
4. Residual diagnostics: normality, heteroscedasticity, linearity against fitted values.
5. Refit on all of train.csv and predict test.csv.
"""
import os

import numpy as np
import pandas as pd
from scipy import stats
from sklearn.linear_model import RidgeCV
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

SEED = 20240611
rng = np.random.default_rng(SEED)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

response = "progression"
covariates = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]


def design(df):
    X = df[covariates].copy()
    X["sex"] = (X["sex"] == 2).astype(float)   # indicator rather than 1/2 coding
    return X


X = design(train)
y = train[response].astype(float).to_numpy()
X_test = design(test)

print("n = %d, p = %d" % X.shape)
print("response: mean %.2f, sd %.2f, skew %.3f" % (y.mean(), y.std(ddof=1), stats.skew(y)))

alphas = np.logspace(-3, 3, 61)

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=SEED)
model = make_pipeline(StandardScaler(), RidgeCV(alphas=alphas))
model.fit(X_tr, y_tr)
chosen_alpha = model[-1].alpha_
print("ridge penalty chosen by GCV: %.4g" % chosen_alpha)

fitted_va = model.predict(X_va)
resid_va = y_va - fitted_va
rmse_va = float(np.sqrt(np.mean(resid_va ** 2)))


def bootstrap_rmse(y_true, y_hat, B=2000):
    n = len(y_true)
    out = np.empty(B)
    for b in range(B):
        idx = rng.integers(0, n, n)
        out[b] = np.sqrt(np.mean((y_true[idx] - y_hat[idx]) ** 2))
    return out


boot = bootstrap_rmse(y_va, fitted_va)
lo, hi = np.percentile(boot, [2.5, 97.5])
print("bootstrap SE of validation RMSE: %.3f" % boot.std(ddof=1))
print("95%% percentile interval: [%.2f, %.2f]" % (lo, hi))

# --- residual diagnostics on the hold-out -------------------------------------
sw_stat, sw_p = stats.shapiro(resid_va)
rho, rho_p = stats.spearmanr(fitted_va, np.abs(resid_va))
lin_r, lin_p = stats.pearsonr(fitted_va, resid_va)
print("\nResidual checks (hold-out)")
print("  mean residual            %8.3f" % resid_va.mean())
print("  Shapiro-Wilk W=%.3f      p=%.3g" % (sw_stat, sw_p))
print("  |resid| vs fitted rho=%.3f p=%.3g  (heteroscedasticity)" % (rho, rho_p))
print("  resid vs fitted r=%.3f   p=%.3g  (mis-specified mean)" % (lin_r, lin_p))

# --- final fit on everything -------------------------------------------------
final = make_pipeline(StandardScaler(), RidgeCV(alphas=alphas))
final.fit(X, y)
ridge = final[-1]
coef_table = pd.DataFrame({
    "term": covariates,
    "coef_per_sd": ridge.coef_,
    "abs": np.abs(ridge.coef_),
}).sort_values("abs", ascending=False).drop(columns="abs")
print("\nStandardised coefficients (full data, alpha=%.4g)" % ridge.alpha_)
print("  intercept  %.3f" % ridge.intercept_)
print(coef_table.to_string(index=False, float_format=lambda v: "%9.3f" % v))

pred = final.predict(X_test)
pred = np.clip(pred, y.min(), y.max())

os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], response: pred})
sub.to_csv("./submission/submission.csv", index=False)
print("\nwrote %d rows" % len(sub))
print("Validation RMSE: %.4f" % rmse_va)
