import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
n_train = len(train)

# stack train and test so school-level aggregates are computed the same way
school = np.concatenate([train["School"].to_numpy(), test["School"].to_numpy()])
ses = np.concatenate([train["SES"].to_numpy(float), test["SES"].to_numpy(float)])
meanses = np.concatenate([train["MEANSES"].to_numpy(float), test["MEANSES"].to_numpy(float)])
minority_raw = np.concatenate([train["Minority"].to_numpy().astype(str), test["Minority"].to_numpy().astype(str)])
sex_raw = np.concatenate([train["Sex"].to_numpy().astype(str), test["Sex"].to_numpy().astype(str)])

minority = (minority_raw == "Yes").astype(float)
female = (sex_raw == "Female").astype(float)

# per-school aggregates via np.unique inverse + bincount
sch_levels, sch_idx = np.unique(school, return_inverse=True)
sch_n = np.bincount(sch_idx).astype(float)
sch_min_share = np.bincount(sch_idx, weights=minority) / sch_n
sch_fem_share = np.bincount(sch_idx, weights=female) / sch_n
sch_ses_sd = np.sqrt(np.maximum(np.bincount(sch_idx, weights=ses ** 2) / sch_n - (np.bincount(sch_idx, weights=ses) / sch_n) ** 2, 0))

cols, names = [], []
for arr, nm in [
    (ses, "SES"),
    (meanses, "MEANSES"),
    (ses - meanses, "SES_within"),
    (minority, "minority"),
    (female, "female"),
    (sch_min_share[sch_idx], "sch_minority_share"),
    (sch_fem_share[sch_idx], "sch_female_share"),
    (sch_ses_sd[sch_idx], "sch_ses_sd"),
    (np.log(sch_n[sch_idx]), "sch_log_size"),
    (minority * ses, "minority_x_SES"),
]:
    cols.append(arr)
    names.append(nm)
F = np.column_stack(cols)
X, X_test = F[:n_train], F[n_train:]
y = train["MathAch"].to_numpy(float)
groups = sch_idx[:n_train]
print("design", X.shape, "features:", names)


def rmse(t, p):
    return float(np.sqrt(np.mean((t - p) ** 2)))


# group folds: shuffle the train schools and deal them into 5 bins
rng = np.random.default_rng(17)
train_schools = rng.permutation(np.unique(groups))
K = 5
fold_of_school = {s: i % K for i, s in enumerate(train_schools)}
fold = np.array([fold_of_school[g] for g in groups])

lgb_params = dict(n_estimators=250, learning_rate=0.03, num_leaves=8, min_child_samples=60,
                  subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=5.0,
                  n_jobs=2, verbose=-1)

oof_r = np.zeros(n_train)
oof_g = np.zeros(n_train)
for k in range(K):
    va = fold == k
    mu, sd = X[~va].mean(0), X[~va].std(0)
    r = Ridge(alpha=10.0).fit((X[~va] - mu) / sd, y[~va])
    oof_r[va] = r.predict((X[va] - mu) / sd)
    g = lgb.LGBMRegressor(random_state=k, **lgb_params).fit(X[~va], y[~va])
    oof_g[va] = g.predict(X[va])
    print(f"fold {k}: n_val={va.sum():4d} ridge={rmse(y[va], oof_r[va]):.4f} lgb={rmse(y[va], oof_g[va]):.4f}")

best_w, best_s = None, np.inf
for w in np.linspace(0, 1, 11):
    s = rmse(y, w * oof_r + (1 - w) * oof_g)
    if s < best_s:
        best_w, best_s = w, s
assert np.isclose(best_s, np.sqrt(mean_squared_error(y, best_w * oof_r + (1 - best_w) * oof_g)))
print(f"ridge-only {rmse(y, oof_r):.4f}  lgb-only {rmse(y, oof_g):.4f}  weight on ridge {best_w:.1f}")
print(f"CV RMSE: {best_s:.4f}")

mu, sd = X.mean(0), X.std(0)
pr = Ridge(alpha=10.0).fit((X - mu) / sd, y).predict((X_test - mu) / sd)
pg = lgb.LGBMRegressor(random_state=0, **lgb_params).fit(X, y).predict(X_test)
pred = best_w * pr + (1 - best_w) * pg

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"].to_numpy(), "MathAch": pred}).to_csv("./submission/submission.csv", index=False)
print("wrote", len(pred), "rows")
