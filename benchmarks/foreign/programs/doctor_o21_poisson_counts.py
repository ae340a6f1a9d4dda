import numpy as np
import pandas as pd
from sklearn.linear_model import PoissonRegressor
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("shapes:", train.shape, test.shape)
print(train[TARGETS].describe().loc[["mean", "std", "max"]].round(2))

binary = ["adl", "afam", "gender", "married", "employed", "insurance", "medicaid"]
yes_map = {"no": 0, "yes": 1, "normal": 0, "limited": 1, "female": 0, "male": 1}


def encode(df):
    X = df[["chronic", "age", "school", "income"]].copy()
    for c in binary:
        X[c] = df[c].map(yes_map)
    X["health_poor"] = (df["health"] == "poor").astype(int)
    X["health_exc"] = (df["health"] == "excellent").astype(int)
    for r in ["midwest", "northeast", "west"]:
        X["reg_" + r] = (df["region"] == r).astype(int)
    X["income"] = np.sign(X["income"]) * np.log1p(np.abs(X["income"]))
    return X


X = encode(train)
X_test = encode(test)
print("features:", X.shape[1], "| any NaN:", bool(X.isna().any().any()))


def rmsle(y, p):
    return np.sqrt(np.mean((np.log1p(y) - np.log1p(np.clip(p, 0, None))) ** 2))


def make_model(kind):
    if kind == "poisson":
        return PoissonRegressor(alpha=1e-3, max_iter=1000)
    return GradientBoostingRegressor(loss="absolute_error", n_estimators=150, max_depth=3,
                                     learning_rate=0.05, random_state=5)


kf = KFold(n_splits=4, shuffle=True, random_state=5)
scaler = StandardScaler().fit(X)
Xs = scaler.transform(X)
Xs_test = scaler.transform(X_test)

table = {}
for kind in ["poisson", "gbm_mae"]:
    row = {}
    for t in TARGETS:
        y = train[t].values
        oof = np.zeros(len(y))
        for tr_idx, va_idx in kf.split(Xs):
            m = make_model(kind)
            m.fit(Xs[tr_idx], y[tr_idx])
            oof[va_idx] = m.predict(Xs[va_idx])
        row[t] = rmsle(y, oof)
    table[kind] = row

scores = pd.DataFrame(table).T
scores["mean"] = scores.mean(axis=1)
print(scores.round(4))

sub = pd.DataFrame({"id": test["id"]})
for t in TARGETS:
    best_kind = scores[t].idxmin()
    m = make_model(best_kind).fit(Xs, train[t].values)
    sub[t] = np.clip(m.predict(Xs_test), 0, None)
    print(f"{t}: using {best_kind}, mean pred {sub[t].mean():.3f}")

sub.to_csv("submission/submission.csv", index=False)
print("written", sub.shape)
