# NMES 1988 - four utilisation counts for people 66+
# log1p each count, ridge per target vs lightgbm, KFold; score = mean RMSLE over targets

import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import KFold
import lightgbm as lgb

TARGETS = ["visits", "ovisits", "emergency", "hospital"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, " test:", test.shape)
print(train[TARGETS].describe().round(2))
print("\nshare of zeros:")
print((train[TARGETS] == 0).mean().round(3))
print("\nmean visits by self-rated health:")
print(train.groupby("health")[TARGETS].mean().round(2))

train["_train"] = True
test["_train"] = False
df = pd.concat([train, test], ignore_index=True)

# yes/no -> 1/0
for c in ["afam", "married", "employed", "insurance", "medicaid"]:
    df[c] = df[c].map({"yes": 1, "no": 0})
df["male"] = (df["gender"] == "male").astype(int)
df["adl_limited"] = (df["adl"] == "limited").astype(int)
df["health_n"] = df["health"].map({"poor": -1, "average": 0, "excellent": 1})

# income: a few negatives and a very long tail
lo, hi = df["income"].quantile([0.01, 0.99])
df["income_c"] = df["income"].clip(lo, hi)
df["log_income"] = np.log1p(df["income_c"] - df["income_c"].min())
df["age_yrs"] = df["age"] * 10
df["chronic_sq"] = df["chronic"] ** 2
df["chronic_band"] = pd.cut(df["chronic"], bins=[-1, 0, 1, 2, 3, 8], labels=["0", "1", "2", "3", "4+"])
df["poor_x_chronic"] = (df["health_n"] == -1).astype(int) * df["chronic"]
df["any_cover"] = ((df["insurance"] == 1) | (df["medicaid"] == 1)).astype(int)
df["school_lt8"] = np.where(df["school"] < 8, 1, 0)

df = pd.get_dummies(df, columns=["region", "chronic_band"], drop_first=True, dtype=float)

feats = ["chronic", "chronic_sq", "adl_limited", "health_n", "age_yrs", "afam", "male", "married",
         "school", "school_lt8", "log_income", "employed", "insurance", "medicaid", "any_cover",
         "poor_x_chronic"] + [c for c in df.columns if c.startswith(("region_", "chronic_band_"))]

tr = df[df["_train"]].reset_index(drop=True)
te = df[~df["_train"]].reset_index(drop=True)
print("\ncorrelations with log1p(visits):")
print(tr[feats].corrwith(np.log1p(tr["visits"])).sort_values().round(3).tail(8))

X = tr[feats].values.astype(float)
Xt = te[feats].values.astype(float)
Y = np.log1p(tr[TARGETS].values.astype(float))

kf = KFold(n_splits=5, shuffle=True, random_state=17)
oof_r = np.zeros_like(Y)
oof_g = np.zeros_like(Y)
for k, (a, b) in enumerate(kf.split(X)):
    sc = StandardScaler().fit(X[a])
    for j in range(len(TARGETS)):
        r = Ridge(alpha=5.0).fit(sc.transform(X[a]), Y[a, j])
        oof_r[b, j] = r.predict(sc.transform(X[b]))
        g = lgb.LGBMRegressor(n_estimators=150, learning_rate=0.03, num_leaves=7,
                              min_child_samples=40, random_state=17, verbose=-1, n_jobs=2)
        g.fit(X[a], Y[a, j])
        oof_g[b, j] = g.predict(X[b])
    print("fold %d finished" % k)


def rmsle_cols(pred_log, true_log):
    pred_log = np.clip(pred_log, 0, None)
    return np.sqrt(((pred_log - true_log) ** 2).mean(axis=0))


tab = pd.DataFrame({"ridge": rmsle_cols(oof_r, Y),
                    "lgbm": rmsle_cols(oof_g, Y),
                    "avg": rmsle_cols((oof_r + oof_g) / 2, Y),
                    "const": rmsle_cols(np.tile(Y.mean(axis=0), (len(Y), 1)), Y)},
                   index=TARGETS)
tab.loc["mean"] = tab.mean()
print("\nOOF RMSLE by target")
print(tab.round(4))

sc = StandardScaler().fit(X)
sub = pd.DataFrame({"id": te["id"].astype(int)})
for j, t in enumerate(TARGETS):
    r = Ridge(alpha=5.0).fit(sc.transform(X), Y[:, j])
    g = lgb.LGBMRegressor(n_estimators=150, learning_rate=0.03, num_leaves=7,
                          min_child_samples=40, random_state=17, verbose=-1, n_jobs=2).fit(X, Y[:, j])
    p = 0.5 * r.predict(sc.transform(Xt)) + 0.5 * g.predict(Xt)
    sub[t] = np.expm1(np.clip(p, 0, None))

sub.to_csv("submission/submission.csv", index=False)
print(sub[TARGETS].mean().round(3))
