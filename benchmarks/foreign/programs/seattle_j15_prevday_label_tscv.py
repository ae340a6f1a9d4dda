"""Seattle weather: persistence features + TimeSeriesSplit LightGBM.

Weather is sticky: yesterday's type is a strong hint for today's. Build per-frame
features (lags, rolling sums, month target encoding), validate with an expanding
TimeSeriesSplit, refit on everything, predict test.
"""
import os

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import TimeSeriesSplit
from sklearn.metrics import accuracy_score

SEED = 2023
train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date").reset_index(drop=True)
test = pd.read_csv("./input/test.csv", parse_dates=["date"]).sort_values("date").reset_index(drop=True)

CLASSES = sorted(train["weather"].unique())
CLS2ID = {c: i for i, c in enumerate(CLASSES)}
print(f"{len(train)} train days, {len(test)} test days, classes={CLASSES}")


def make_features(df):
    out = pd.DataFrame(index=df.index)
    out["precip"] = df["precipitation"]
    out["tmax"] = df["temp_max"]
    out["tmin"] = df["temp_min"]
    out["wind"] = df["wind"]
    out["trange"] = df["temp_max"] - df["temp_min"]
    out["month"] = df["date"].dt.month
    out["doy"] = df["date"].dt.day_of_year
    out["wet"] = (df["precipitation"] > 0).astype(int)
    for k in (1, 2, 3):
        out[f"precip_l{k}"] = df["precipitation"].shift(k)
        out[f"wind_l{k}"] = df["wind"].shift(k)
    out["precip_r3"] = df["precipitation"].rolling(3, min_periods=1).sum()
    out["precip_r7"] = df["precipitation"].rolling(7, min_periods=1).sum()
    out["tmax_r7"] = df["temp_max"].rolling(7, min_periods=1).mean()
    out["tmax_anom"] = out["tmax"] - out["tmax_r7"]
    out["wet_days7"] = out["wet"].rolling(7, min_periods=1).sum()
    # persistence: what the weather was the day before
    out["prev_weather"] = df["weather"].shift(1).map(CLS2ID)
    out["prev2_weather"] = df["weather"].shift(2).map(CLS2ID)
    return out


def month_te(X_tr, y_tr, X_ap, alpha=5.0):
    """Smoothed per-month class frequencies (one column per class)."""
    prior = np.bincount(y_tr, minlength=len(CLASSES)) / len(y_tr)
    onehot = np.eye(len(CLASSES))[y_tr]
    g = pd.DataFrame(onehot, columns=CLASSES).assign(month=X_tr["month"].values).groupby("month")
    s, n = g.sum(), g.size()
    enc = (s + alpha * prior).div(n + alpha, axis=0)
    res = pd.DataFrame(index=X_ap.index)
    for j, c in enumerate(CLASSES):
        res[f"te_month_{c}"] = X_ap["month"].map(enc[c]).fillna(prior[j]).values
    return res


X = make_features(train)
y = train["weather"].map(CLS2ID).values

params = dict(objective="multiclass", num_class=len(CLASSES), learning_rate=0.05,
              num_leaves=12, min_data_in_leaf=15, feature_fraction=0.75,
              bagging_fraction=0.8, bagging_freq=1, verbose=-1, num_threads=2, seed=SEED)

tss = TimeSeriesSplit(n_splits=4)
scores, iters = [], []
for k, (a, b) in enumerate(tss.split(X)):
    Xa = pd.concat([X.iloc[a], month_te(X.iloc[a], y[a], X.iloc[a])], axis=1)
    Xb = pd.concat([X.iloc[b], month_te(X.iloc[a], y[a], X.iloc[b])], axis=1)
    da = lgb.Dataset(Xa, y[a], categorical_feature=["prev_weather", "prev2_weather"])
    db = lgb.Dataset(Xb, y[b], reference=da)
    m = lgb.train(params, da, 800, valid_sets=[db],
                  callbacks=[lgb.early_stopping(40, verbose=False), lgb.log_evaluation(0)])
    acc = accuracy_score(y[b], m.predict(Xb, num_iteration=m.best_iteration).argmax(1))
    scores.append(acc)
    iters.append(m.best_iteration)
    print(f"fold {k}: n_fit={len(a)} n_val={len(b)} iters={m.best_iteration} acc={acc:.4f}")

print(f"CV accuracy: {np.mean(scores):.4f} +- {np.std(scores):.4f}")

# ---------------- final fit
X_full = pd.concat([X, month_te(X, y, X)], axis=1)
final = lgb.train(params, lgb.Dataset(X_full, y, categorical_feature=["prev_weather", "prev2_weather"]),
                  max(30, int(np.mean(iters))))

X_test = make_features(test)
X_test = pd.concat([X_test, month_te(X, y, X_test)], axis=1)
pred = final.predict(X_test[X_full.columns]).argmax(1)

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "weather": [CLASSES[i] for i in pred]}).to_csv(
    "./submission/submission.csv", index=False)
print("submission written")
