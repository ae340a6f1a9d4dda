import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.metrics import mean_squared_error

OUT_DIR = "./submission"
FIG_DIR = "./figures"

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")


def build(df):
    minor_lv, minor_code = np.unique(df["Minority"].to_numpy().astype(str), return_inverse=True)
    sex_lv, sex_code = np.unique(df["Sex"].to_numpy().astype(str), return_inverse=True)
    # one-hot, drop the first level of each
    oh_min = np.eye(minor_lv.size)[minor_code][:, 1:]
    oh_sex = np.eye(sex_lv.size)[sex_code][:, 1:]
    ses = df["SES"].to_numpy(float)
    mses = df["MEANSES"].to_numpy(float)
    X = np.c_[ses, mses, ses - mses, oh_min, oh_sex, oh_min[:, 0] * mses]
    return X, list(minor_lv), list(sex_lv)


X, mlv, slv = build(tr)
Xt, mlv_t, slv_t = build(te)
assert mlv == mlv_t and slv == slv_t, "level sets differ between train and test"
y = tr["MathAch"].to_numpy(float)
school = tr["School"].to_numpy()
print("levels", mlv, slv, "| X", X.shape)


def rmse(a, b):
    return np.sqrt(np.mean((a - b) ** 2))


# leave-schools-out validation: hold out ~20% of schools
rng = np.random.default_rng(3)
uniq = np.unique(school)
held = rng.choice(uniq, size=int(0.2 * uniq.size), replace=False)
va = np.isin(school, held)
print("held-out schools", held.size, "rows", va.sum())

ols = LinearRegression().fit(X[~va], y[~va])
p_ols = ols.predict(X[va])

mu, sd = X[~va].mean(0), X[~va].std(0)
rdg = Ridge(alpha=25.0).fit((X[~va] - mu) / sd, y[~va])
p_rdg = rdg.predict((X[va] - mu) / sd)

for nm, p in [("ols", p_ols), ("ridge", p_rdg)]:
    mine = rmse(y[va], p)
    assert np.isclose(mine, np.sqrt(mean_squared_error(y[va], p)))
    print(f"{nm:5s} held-out RMSE {mine:.4f}")

p_blend = 0.5 * (p_ols + p_rdg)
print(f"Validation RMSE: {rmse(y[va], p_blend):.4f}")


def save_diagnostics(y_true, y_hat, ses_val, path):
    resid = y_true - y_hat
    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    ax[0].scatter(y_hat, resid, s=4, alpha=0.4)
    ax[0].axhline(0, color="k", lw=0.8)
    ax[0].set_xlabel("fitted"); ax[0].set_ylabel("residual")
    ax[1].scatter(ses_val, resid, s=4, alpha=0.4)
    ax[1].set_xlabel("SES")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


os.makedirs(OUT_DIR, exist_ok=True)
save_diagnostics(y[va], p_blend, X[va, 0], os.path.join(FIG_DIR, "holdout_residuals.png"))

# refit on everything
ols_f = LinearRegression().fit(X, y)
mu, sd = X.mean(0), X.std(0)
rdg_f = Ridge(alpha=25.0).fit((X - mu) / sd, y)
pred = 0.5 * (ols_f.predict(Xt) + rdg_f.predict((Xt - mu) / sd))
pd.DataFrame({"id": te["id"].to_numpy(), "MathAch": pred}).to_csv(os.path.join(OUT_DIR, "submission.csv"), index=False)
print("submission rows", len(pred))
