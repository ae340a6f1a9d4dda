"""
Diabetes progression - attempt 2.

Attempt 1: plain LinearRegression on the 10 columns (CV RMSE ~54-55).
This version:
  * clinical ratios: total/LDL, LDL/HDL, BMI x BP, log TG, glucose vs BMI
  * group statistics by sex and age band (mean BMI / BP / glucose, deviations)
  * repeated 5-fold (2 repeats): Ridge (poly-free, scaled), LGBMRegressor with early
    stopping, ExtraTreesRegressor, HistGradientBoostingRegressor
  * blend with non-negative least squares on the OOF predictions
"""
import os
import time
import warnings

import numpy as np
import pandas as pd
from scipy.optimize import nnls
from lightgbm import LGBMRegressor, early_stopping, log_evaluation
from sklearn.ensemble import ExtraTreesRegressor, HistGradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_error

warnings.filterwarnings("ignore")
t0 = time.time()

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sub = pd.read_csv("./input/sample_submission.csv")
y = train["progression"].values.astype(float)
print(f"train {train.shape}  test {test.shape}  target mean {y.mean():.1f} sd {y.std():.1f}")

full = pd.concat([train.drop(columns="progression"), test], ignore_index=True)
n = len(train)

# clinical ratios
full["tc_ldl"] = full["s1"] / full["s2"]
full["ldl_hdl"] = full["s2"] / full["s3"]
full["bmi_bp"] = full["bmi"] * full["bp"] / 100.0
full["bmi_sq"] = full["bmi"] ** 2
full["glu_per_bmi"] = full["s6"] / full["bmi"]
full["tg_x_bmi"] = full["s5"] * full["bmi"]
full["non_hdl"] = full["s1"] - full["s3"]
full["age_x_bmi"] = full["age"] * full["bmi"] / 100.0

# group stats by sex x age band
full["age_band"] = pd.cut(full["age"], bins=[0, 35, 45, 55, 65, 120], labels=False)
for col in ["bmi", "bp", "s5", "s6"]:
    grp = full.groupby(["sex", "age_band"])[col]
    full[f"{col}_grp_mean"] = grp.transform("mean")
    full[f"{col}_grp_dev"] = full[col] - full[f"{col}_grp_mean"]
full["grp_size"] = full.groupby(["sex", "age_band"])["age"].transform("size")

FEATS = [c for c in full.columns if c != "id"]
X = full.iloc[:n][FEATS].reset_index(drop=True)
X_te = full.iloc[n:][FEATS].reset_index(drop=True)
print("features:", len(FEATS))


def fold_rmse(y_true, y_pred):
    return mean_squared_error(y_true, y_pred, squared=False)


MODELS = ["ridge", "lgbm", "et", "hgb"]
REPEATS = [0, 1]
K = 5
oof = np.zeros((n, len(MODELS)))
pred = np.zeros((len(X_te), len(MODELS)))

for r in REPEATS:
    kf = KFold(n_splits=K, shuffle=True, random_state=100 + r)
    for f, (a, b) in enumerate(kf.split(X)):
        Xa, Xb, ya, yb = X.iloc[a], X.iloc[b], y[a], y[b]
        fold_preds = {}

        sc = StandardScaler().fit(Xa)
        ridge = Ridge(alpha=5.0).fit(sc.transform(Xa), ya)
        fold_preds["ridge"] = (ridge.predict(sc.transform(Xb)), ridge.predict(sc.transform(X_te)))

        lgbm = LGBMRegressor(n_estimators=800, learning_rate=0.02, num_leaves=6,
                             min_child_samples=15, subsample=0.8, subsample_freq=1,
                             colsample_bytree=0.6, reg_lambda=3.0, random_state=r,
                             n_jobs=2, verbose=-1)
        lgbm.fit(Xa, ya, eval_set=[(Xb, yb)], eval_metric="rmse",
                 callbacks=[early_stopping(80, verbose=False), log_evaluation(0)])
        fold_preds["lgbm"] = (lgbm.predict(Xb), lgbm.predict(X_te))

        et = ExtraTreesRegressor(n_estimators=300, min_samples_leaf=5, max_features=0.5,
                                 n_jobs=2, random_state=r)
        et.fit(Xa, ya)
        fold_preds["et"] = (et.predict(Xb), et.predict(X_te))

        hgb = HistGradientBoostingRegressor(learning_rate=0.03, max_iter=200, max_leaf_nodes=6,
                                            min_samples_leaf=15, l2_regularization=2.0,
                                            random_state=r)
        hgb.fit(Xa, ya)
        fold_preds["hgb"] = (hgb.predict(Xb), hgb.predict(X_te))

        for j, m in enumerate(MODELS):
            p_va, p_te = fold_preds[m]
            oof[b, j] += p_va / len(REPEATS)
            pred[:, j] += p_te / (len(REPEATS) * K)

        msg = " | ".join(f"{m} {fold_rmse(yb, fold_preds[m][0]):.2f}" for m in MODELS)
        print(f"rep {r} fold {f}: {msg} (lgbm it {lgbm.best_iteration_})")

for j, m in enumerate(MODELS):
    print(f"OOF RMSE {m}: {np.sqrt(np.mean((y - oof[:, j]) ** 2)):.3f}")

w, _ = nnls(oof, y)
print("nnls raw weights:", dict(zip(MODELS, np.round(w, 3))), "sum", round(w.sum(), 3))
blend_oof = oof @ w
cv_rmse = np.sqrt(np.mean((y - blend_oof) ** 2))

os.makedirs("./submission", exist_ok=True)
sub["progression"] = pred @ w
sub.to_csv("./submission/submission.csv", index=False)
print(f"elapsed {time.time() - t0:.1f}s")
print(f"CV RMSE: {cv_rmse:.3f}")
