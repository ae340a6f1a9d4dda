# Doctor visits (NMES 1988).  Four counts, heavy zero mass and over-dispersion:
# a compound Poisson-Gamma (Tweedie, 1 < p < 2) GLM with log link is a reasonable
# single family for all four.  Factors are coded by hand so the coefficient table
# reads like a textbook regression table.

import os
import numpy as np
import pandas as pd
from scipy import stats
from sklearn.linear_model import TweedieRegressor
from sklearn.model_selection import KFold
from sklearn.preprocessing import StandardScaler

TRAIN = pd.read_csv("./input/train.csv")
TEST = pd.read_csv("./input/test.csv")
TARGETS = ["visits", "ovisits", "emergency", "hospital"]

for t in TARGETS:
    y = TRAIN[t]
    print("%-10s mean=%6.3f var=%8.3f  zeros=%5.1f%%  p(Poisson dispersion=1)=%.2g" % (
        t, y.mean(), y.var(), 100 * (y == 0).mean(),
        stats.chi2.sf((len(y) - 1) * y.var() / y.mean(), len(y) - 1)))

YES_NO = ["afam", "married", "employed", "insurance", "medicaid"]


def encode(df):
    """Indicator coding: yes/no -> 1/0, male -> 1, health and region as dummies
    against 'average' and 'other'."""
    out = df.drop(columns=["id"] + [t for t in TARGETS if t in df.columns]).copy()
    for c in YES_NO:
        out[c] = (out[c] == "yes").astype(int)
    out["gender"] = (out["gender"] == "male").astype(int)
    out["health_poor"] = (out["health"] == "poor").astype(int)
    out["health_excellent"] = (out["health"] == "excellent").astype(int)
    for r in ["midwest", "northeast", "west"]:
        out["region_" + r] = (out["region"] == r).astype(int)
    out = out.drop(columns=["health", "region"])
    out["income"] = np.log1p(out["income"].clip(lower=0))
    return out


Xtr = encode(TRAIN)
Xte = encode(TEST)
print("design columns:", list(Xtr.columns))


def rmsle(y, p):
    return float(np.sqrt(np.mean((np.log1p(y) - np.log1p(np.maximum(p, 0))) ** 2)))


powers = [1.2, 1.5]
kf = KFold(n_splits=5, shuffle=True, random_state=5)
cv = {}
for p in powers:
    scores = []
    for t in TARGETS:
        y = TRAIN[t].to_numpy(float)
        pred = np.zeros(len(y))
        for a, b in kf.split(Xtr):
            sc = StandardScaler().fit(Xtr.iloc[a])
            m = TweedieRegressor(power=p, link="log", alpha=0.01, max_iter=2000)
            m.fit(sc.transform(Xtr.iloc[a]), y[a])
            pred[b] = m.predict(sc.transform(Xtr.iloc[b]))
        scores.append(rmsle(y, pred))
    cv[p] = np.mean(scores)
    print("power %.1f: RMSLE per target %s  mean %.4f" % (p, np.round(scores, 4), cv[p]))

best_p = min(cv, key=cv.get)
sc = StandardScaler().fit(Xtr)
sub = pd.DataFrame({"id": TEST["id"]})
table = {}
for t in TARGETS:
    m = TweedieRegressor(power=best_p, link="log", alpha=0.01, max_iter=2000)
    m.fit(sc.transform(Xtr), TRAIN[t].to_numpy(float))
    table[t] = np.r_[m.intercept_, m.coef_]
    sub[t] = m.predict(sc.transform(Xte))
print(pd.DataFrame(table, index=["(Intercept)"] + list(Xtr.columns)).round(3))

os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print("CV RMSLE: %.4f (Tweedie power %.1f)" % (cv[best_p], best_p))
