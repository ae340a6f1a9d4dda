import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import mean_squared_error

start = time.time()
tr = pd.read_csv("input/train.csv")
te = pd.read_csv("input/test.csv")
print(f"train {tr.shape} test {te.shape}")

cut_order = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
color_order = ["J", "I", "H", "G", "F", "E", "D"]
clar_order = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]
maps = {
    "cut": {v: i for i, v in enumerate(cut_order)},
    "color": {v: i for i, v in enumerate(color_order)},
    "clarity": {v: i for i, v in enumerate(clar_order)},
}

def make_feats(df):
    out = df.copy()
    for col, m in maps.items():
        out[col + "_ord"] = out[col].map(m).astype(float)
    for a in ["x", "y", "z"]:
        out[a] = out[a].replace(0, np.nan)
    out["volume"] = out["x"] * out["y"] * out["z"]
    out["log_carat"] = np.log(out["carat"])
    out["density"] = out["carat"] / out["volume"]
    out["xy_ratio"] = out["x"] / out["y"]
    new_cols = {f"{c}_x_logcarat": out[c + "_ord"] * out["log_carat"] for c in maps}
    out = pd.concat([out, pd.DataFrame(new_cols, index=out.index)], axis=1)
    return out.drop(columns=["id", "cut", "color", "clarity"] + (["price"] if "price" in out else []))

X = make_feats(tr)
X_test = make_feats(te)
y = np.log1p(tr["price"].values)
print("features:", list(X.columns))

# linear model needs no NaN
med = X.median()
X_lin, X_test_lin = X.fillna(med), X_test.fillna(med)

params = dict(objective="regression", learning_rate=0.05, num_leaves=31, min_data_in_leaf=20,
              feature_fraction=0.85, bagging_fraction=0.85, bagging_freq=1, verbose=-1)

SEEDS = [0, 1, 2]
NF = 5
oof_lgb = np.zeros(len(X))
oof_ridge = np.zeros(len(X))
pred_lgb = np.zeros(len(X_test))
pred_ridge = np.zeros(len(X_test))

for seed in SEEDS:
    kf = KFold(NF, shuffle=True, random_state=seed)
    for fold, (a, b) in enumerate(kf.split(X)):
        p = dict(params, seed=seed)
        d_a = lgb.Dataset(X.iloc[a], y[a])
        d_b = lgb.Dataset(X.iloc[b], y[b])
        m = lgb.train(p, d_a, 3000, valid_sets=[d_b],
                      callbacks=[lgb.early_stopping(150, verbose=False), lgb.log_evaluation(0)])
        oof_lgb[b] += m.predict(X.iloc[b], num_iteration=m.best_iteration) / len(SEEDS)
        pred_lgb += m.predict(X_test, num_iteration=m.best_iteration) / (len(SEEDS) * NF)

        r = make_pipeline(StandardScaler(), Ridge(alpha=3.0))
        r.fit(X_lin.iloc[a], y[a])
        oof_ridge[b] += r.predict(X_lin.iloc[b]) / len(SEEDS)
        pred_ridge += r.predict(X_test_lin) / (len(SEEDS) * NF)
    print(f"seed {seed} done  [{time.time() - start:.1f}s]")

rmse = lambda a, b: np.sqrt(mean_squared_error(a, b))
print(f"OOF RMSLE lgb   : {rmse(y, oof_lgb):.5f}")
print(f"OOF RMSLE ridge : {rmse(y, oof_ridge):.5f}")
np.save("oof_lgb.npy", oof_lgb)
np.save("oof_ridge.npy", oof_ridge)

scores = {w: rmse(y, w * oof_lgb + (1 - w) * oof_ridge) for w in np.linspace(0, 1, 21)}
w_best = min(scores, key=scores.get)
print(f"blend w_lgb={w_best:.2f}  OOF RMSLE {scores[w_best]:.5f}")

final = np.expm1(w_best * pred_lgb + (1 - w_best) * pred_ridge)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "price": final}).to_csv("submission/submission.csv", index=False)
print("saved", final.shape, f"mean pred {final.mean():.1f}", f"[{time.time() - start:.1f}s]")
