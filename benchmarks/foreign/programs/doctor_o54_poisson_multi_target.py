import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.linear_model import PoissonRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import mean_squared_log_error

t_start = time.time()
TARGETS = ["visits", "ovisits", "emergency", "hospital"]
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train {train.shape}, test {test.shape}")
print(train[TARGETS].describe().T[["mean", "std", "max"]])

yes_no = ["adl", "afam", "gender", "married", "employed", "insurance", "medicaid"]
pos_val = {"adl": "limited", "afam": "yes", "gender": "male", "married": "yes",
           "employed": "yes", "insurance": "yes", "medicaid": "yes"}

def prep(df):
    out = pd.DataFrame(index=df.index)
    for c in yes_no:
        out[c] = (df[c] == pos_val[c]).astype(int)
    out["health_num"] = df["health"].map({"excellent": 0, "average": 1, "poor": 2})
    out = out.join(pd.get_dummies(df["region"], prefix="reg", dtype=int))
    for c in ["chronic", "age", "school", "income"]:
        out[c] = df[c]
    out["log_income"] = np.log1p(df["income"].clip(lower=0))
    out["chronic_x_poor"] = df["chronic"] * (df["health"] == "poor")
    out["n_flags"] = out[["adl", "insurance", "medicaid"]].sum(axis=1)
    return out

X = prep(train)
X_test = prep(test)
print("X:", X.shape, "X_test:", X_test.shape)

lgb_params = dict(objective="poisson", n_estimators=1000, learning_rate=0.03, num_leaves=15,
                  min_child_samples=30, subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
                  verbose=-1)

def rmsle(a, b):
    return np.sqrt(mean_squared_log_error(a, np.clip(b, 0, None)))

kf = KFold(n_splits=5, shuffle=True, random_state=123)
folds = list(kf.split(X))
sc = StandardScaler().fit(pd.concat([X, X_test]))
Xs, Xs_test = sc.transform(X), sc.transform(X_test)

sub = pd.DataFrame({"id": test["id"]})
scores = {}
for tgt in TARGETS:
    y = train[tgt].values
    oof = {"lgb": np.zeros(len(X)), "pois": np.zeros(len(X))}
    tp = {"lgb": np.zeros(len(X_test)), "pois": np.zeros(len(X_test))}
    for i, (a, b) in enumerate(folds):
        m = lgb.LGBMRegressor(**lgb_params, random_state=i)
        m.fit(X.iloc[a], y[a], eval_set=[(X.iloc[b], y[b])],
              callbacks=[lgb.early_stopping(50, verbose=False), lgb.log_evaluation(0)])
        oof["lgb"][b] = m.predict(X.iloc[b])
        tp["lgb"] += m.predict(X_test) / len(folds)

        pr = PoissonRegressor(alpha=0.5, max_iter=500)
        pr.fit(Xs[a], y[a])
        oof["pois"][b] = pr.predict(Xs[b])
        tp["pois"] += pr.predict(Xs_test) / len(folds)

    s_lgb, s_pois = rmsle(y, oof["lgb"]), rmsle(y, oof["pois"])
    blend = 0.5 * oof["lgb"] + 0.5 * oof["pois"]
    scores[tgt] = rmsle(y, blend)
    print(f"[{tgt}] lgb {s_lgb:.4f} | poisson {s_pois:.4f} | 50/50 {scores[tgt]:.4f}  ({time.time() - t_start:.1f}s)")
    for k in oof:
        np.save(f"oof/{tgt}_{k}.npy", oof[k])
    sub[tgt] = 0.5 * tp["lgb"] + 0.5 * tp["pois"]

print("mean columnwise RMSLE:", round(np.mean(list(scores.values())), 5))
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
