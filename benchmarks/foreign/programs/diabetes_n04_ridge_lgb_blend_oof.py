# %%
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_error

RANDOM_STATE = 0
df_train = pd.read_csv("./input/train.csv")
df_test = pd.read_csv("./input/test.csv")
print(df_train.shape, df_test.shape)
df_train.describe().T.head(12)

# %% feats
def fe(d):
    d = d.copy()
    d["ldl_hdl"] = d["s2"] / d["s3"]
    d["tc_hdl"] = d["s1"] / d["s3"]
    d["bmi_bp"] = d["bmi"] * d["bp"]
    d["bmi_s5"] = d["bmi"] * d["s5"]
    d["bmi2"] = d["bmi"] ** 2
    d["age_bin"] = pd.cut(d["age"], bins=[0, 35, 45, 55, 65, 120], labels=False)
    return d

df_train = fe(df_train)
df_test = fe(df_test)
# group stat: bmi relative to sex / age bin mean (computed on train+test, no target)
both = pd.concat([df_train, df_test])
g = both.groupby(["sex", "age_bin"])["bmi"].mean().rename("bmi_grp_mean").reset_index()
df_train = df_train.merge(g, on=["sex", "age_bin"], how="left")
df_test = df_test.merge(g, on=["sex", "age_bin"], how="left")
df_train["bmi_vs_grp"] = df_train["bmi"] - df_train["bmi_grp_mean"]
df_test["bmi_vs_grp"] = df_test["bmi"] - df_test["bmi_grp_mean"]

feats = [c for c in df_train.columns if c not in ["id", "progression"]]
print("n feats", len(feats))
X, y = df_train[feats].values, df_train["progression"].values.astype(float)
X_test = df_test[feats].values
assert X.shape[0] == len(y) and X_test.shape[1] == X.shape[1]
print(X.shape, X_test.shape)

# %% CV loop, both models on same folds
kf = KFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)
oof_ridge = np.zeros(len(y)); oof_lgb = np.zeros(len(y))
tst_ridge = np.zeros(len(X_test)); tst_lgb = np.zeros(len(X_test))

lgb_params = {"objective": "regression", "metric": "rmse", "learning_rate": 0.02,
              "num_leaves": 4, "min_data_in_leaf": 20, "feature_fraction": 0.7,
              "bagging_fraction": 0.7, "bagging_freq": 1, "lambda_l2": 5.0,
              "verbose": -1, "seed": RANDOM_STATE, "num_threads": 2, "deterministic": True}

for i, (tr_i, va_i) in enumerate(kf.split(X)):
    ridge = make_pipeline(StandardScaler(), Ridge(alpha=10.0))
    ridge.fit(X[tr_i], y[tr_i])
    oof_ridge[va_i] = ridge.predict(X[va_i])
    tst_ridge += ridge.predict(X_test) / 5

    dtr = lgb.Dataset(X[tr_i], y[tr_i])
    dva = lgb.Dataset(X[va_i], y[va_i])
    booster = lgb.train(lgb_params, dtr, num_boost_round=5000, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(200, verbose=False)])
    oof_lgb[va_i] = booster.predict(X[va_i], num_iteration=booster.best_iteration)
    tst_lgb += booster.predict(X_test, num_iteration=booster.best_iteration) / 5
    print(i, "ridge", round(mean_squared_error(y[va_i], oof_ridge[va_i]) ** 0.5, 3),
          "lgb", round(mean_squared_error(y[va_i], oof_lgb[va_i]) ** 0.5, 3), booster.best_iteration)

rmse = lambda a, b: np.sqrt(np.mean((a - b) ** 2))
print("OOF ridge", rmse(y, oof_ridge), "OOF lgb", rmse(y, oof_lgb))

# %% pick blend weight on OOF
best_w, best_s = None, 1e9
for w in np.linspace(0, 1, 21):
    s = rmse(y, w * oof_ridge + (1 - w) * oof_lgb)
    if s < best_s:
        best_w, best_s = w, s
print(f"best w_ridge={best_w:.2f}")
print(f"Blend OOF RMSE: {best_s:.4f}")

# %%
final = best_w * tst_ridge + (1 - best_w) * tst_lgb
sub = pd.DataFrame({"id": df_test["id"].values, "progression": final})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.shape); print(sub.head(3))
