"""
Improve step: diamonds-price (RMSLE)
Baseline: LightGBM regressor on log1p(price), ordinal-encoded cut/color/clarity.
Improvement: add volume / density features and blend with a Ridge model on
one-hot + log features; blend weight picked on OOF predictions.
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_log_error
from sklearn.model_selection import KFold
from sklearn.preprocessing import StandardScaler

SEED = 3
NF = 5

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("shapes:", train.shape, test.shape)

CUT = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def encode(df):
    out = df.copy()
    out["cut_o"] = out["cut"].map({v: i for i, v in enumerate(CUT)})
    out["color_o"] = out["color"].map({v: i for i, v in enumerate(COLOR)})
    out["clarity_o"] = out["clarity"].map({v: i for i, v in enumerate(CLARITY)})
    return out


train = encode(train)
test = encode(test)
y_log = np.log1p(train["price"].values)

base_cols = ["carat", "depth", "table", "x", "y", "z", "cut_o", "color_o", "clarity_o"]


def rmsle_log(y_true_log, y_pred_log):
    return float(np.sqrt(np.mean((y_true_log - y_pred_log) ** 2)))


kf = KFold(NF, shuffle=True, random_state=SEED)
folds = list(kf.split(train))

lgb_params = dict(n_estimators=400, learning_rate=0.07, num_leaves=31, min_child_samples=20,
                  subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
                  random_state=SEED, verbose=-1, n_jobs=2)

print("\n[baseline] LightGBM on log1p(price)")
oof_lgb = np.zeros(len(train))
for k, (tr, va) in enumerate(folds):
    m = lgb.LGBMRegressor(**lgb_params)
    m.fit(train.iloc[tr][base_cols], y_log[tr])
    oof_lgb[va] = m.predict(train.iloc[va][base_cols])
    print(f"  fold {k + 1}/{NF}  rmsle={rmsle_log(y_log[va], oof_lgb[va]):.5f}")
base_score = rmsle_log(y_log, oof_lgb)
print(f"[baseline] CV RMSLE = {base_score:.5f}")

# ---------------- improvement ----------------
for df in (train, test):
    xyz = df[["x", "y", "z"]].replace(0, np.nan)
    df["volume"] = (xyz["x"] * xyz["y"] * xyz["z"]).fillna(df["carat"] * 160.0)
    df["density"] = df["carat"] / df["volume"]
    df["log_carat"] = np.log(df["carat"])
    df["xy_ratio"] = (xyz["x"] / xyz["y"]).fillna(1.0)

imp_cols = base_cols + ["volume", "density", "log_carat", "xy_ratio"]

print("\n[improved] LightGBM with geometry features + Ridge")
oof_lgb2 = np.zeros(len(train))
oof_ridge = np.zeros(len(train))
test_lgb2 = np.zeros(len(test))
test_ridge = np.zeros(len(test))

ridge_num = ["log_carat", "depth", "table", "density", "xy_ratio"]
all_dummies = pd.get_dummies(pd.concat([train[["cut", "color", "clarity"]],
                                        test[["cut", "color", "clarity"]]]), dtype=float)
R_train = np.hstack([train[ridge_num].values, all_dummies.iloc[:len(train)].values])
R_test = np.hstack([test[ridge_num].values, all_dummies.iloc[len(train):].values])

for k, (tr, va) in enumerate(folds):
    m = lgb.LGBMRegressor(**lgb_params)
    m.fit(train.iloc[tr][imp_cols], y_log[tr])
    oof_lgb2[va] = m.predict(train.iloc[va][imp_cols])
    test_lgb2 += m.predict(test[imp_cols]) / NF

    sc = StandardScaler().fit(R_train[tr])
    r = Ridge(alpha=3.0).fit(sc.transform(R_train[tr]), y_log[tr])
    oof_ridge[va] = r.predict(sc.transform(R_train[va]))
    test_ridge += r.predict(sc.transform(R_test)) / NF
    print(f"  fold {k + 1}/{NF}  lgb={rmsle_log(y_log[va], oof_lgb2[va]):.5f}"
          f"  ridge={rmsle_log(y_log[va], oof_ridge[va]):.5f}")

price = train["price"].values
best = (None, np.inf)
for w in np.linspace(0, 1, 21):
    blend_price = np.expm1(w * oof_lgb2 + (1 - w) * oof_ridge)
    s = mean_squared_log_error(price, np.clip(blend_price, 0, None), squared=False)
    if s < best[1]:
        best = (w, s)
w_best, imp_score = best

print(f"\nbaseline RMSLE : {base_score:.5f}")
print(f"improved RMSLE : {imp_score:.5f}  (w_lgb={w_best:.2f})")
print(f"delta          : {imp_score - base_score:+.5f}")

pred_log = w_best * test_lgb2 + (1 - w_best) * test_ridge
sub = pd.DataFrame({"id": test["id"], "price": np.expm1(pred_log)})
sub.to_csv("submission/submission.csv", index=False)
print("saved", sub.shape)
