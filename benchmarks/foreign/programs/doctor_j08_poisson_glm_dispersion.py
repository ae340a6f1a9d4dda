"""
NMES 1988 utilisation counts: visits, ovisits, emergency, hospital.

A log-linear Poisson GLM per count (quasi-Poisson thinking: the point
estimates are the same, only the standard errors would change), with a
small ridge penalty.  The score is RMSLE, so we check it by 5-fold CV and
bootstrap its mean over the four targets.  Over-dispersion is reported via
the Pearson chi-square / df of the out-of-fold predictions.
"""
import os

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import PoissonRegressor
from sklearn.metrics import d2_tweedie_score
from sklearn.model_selection import KFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

counts = ["visits", "ovisits", "emergency", "hospital"]
factors = ["health", "adl", "region", "afam", "gender", "married",
           "employed", "insurance", "medicaid"]
continuous = ["chronic", "age", "school", "income"]

print("count summaries (mean, variance, var/mean, share of zeros):")
for c in counts:
    v = train[c]
    print(f"  {c:<10} {v.mean():7.3f} {v.var():9.3f} {v.var() / v.mean():7.2f} {np.mean(v == 0):6.3f}")


def add_terms(df):
    d = df.copy()
    d["log_income"] = np.log1p(d["income"].clip(lower=0))
    d["chronic_sq"] = d["chronic"] ** 2
    return d


cont_terms = continuous + ["log_income", "chronic_sq"]


def glm(alpha=1e-3):
    pre = ColumnTransformer([
        ("z", StandardScaler(), cont_terms),
        ("d", OneHotEncoder(drop="first", sparse_output=False), factors),
    ])
    return Pipeline([("pre", pre), ("pois", PoissonRegressor(alpha=alpha, max_iter=1000))])


def rmsle(y, p):
    return np.sqrt(np.mean((np.log1p(y) - np.log1p(np.clip(p, 0, None))) ** 2))


X = add_terms(train[continuous + factors])
X_test = add_terms(test[continuous + factors])

kf = KFold(n_splits=5, shuffle=True, random_state=42)
oof = np.zeros((len(train), len(counts)))
for j, c in enumerate(counts):
    y = train[c].to_numpy(dtype=float)
    for a, b in kf.split(X):
        oof[b, j] = glm().fit(X.iloc[a], y[a]).predict(X.iloc[b])

Y = train[counts].to_numpy(dtype=float)
p_terms = len(cont_terms) + sum(train[f].nunique() - 1 for f in factors) + 1
print("\nout-of-fold fit per count")
per_target = []
for j, c in enumerate(counts):
    y, mu = Y[:, j], oof[:, j]
    pearson = np.sum((y - mu) ** 2 / mu) / (len(y) - p_terms)
    d2 = d2_tweedie_score(y, mu, power=1)
    per_target.append(rmsle(y, mu))
    print(f"  {c:<10} RMSLE {per_target[-1]:.4f}  D2 {d2:.3f}  Pearson X2/df {pearson:6.2f}")
cv_score = float(np.mean(per_target))

rng = np.random.default_rng(2)
n = len(train)
boots = []
for _ in range(500):
    i = rng.integers(0, n, n)
    boots.append(np.mean([rmsle(Y[i, j], oof[i, j]) for j in range(len(counts))]))
print("bootstrap 95%% interval for mean RMSLE: [%.4f, %.4f]" % tuple(np.percentile(boots, [2.5, 97.5])))

sub = pd.DataFrame({"id": test["id"]})
rate_ratios = {}
for c in counts:
    m = glm().fit(X, train[c].to_numpy(dtype=float))
    names = m.named_steps["pre"].get_feature_names_out()
    rate_ratios[c] = pd.Series(np.exp(m.named_steps["pois"].coef_), index=names)
    sub[c] = m.predict(X_test)
print("\nrate ratios per 1 SD / vs reference level:")
print(pd.DataFrame(rate_ratios).round(3).to_string())

os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(f"CV RMSLE: {cv_score:.4f}")
