"""Linear discriminant analysis next to extra-trees, on daily weather + season.

Feature frame is assembled in pandas, then everything moves to numpy: hand
z-scoring, a time-ordered holdout (last 20% of days), and a probability blend.
"""
import os

import numpy as np
import pandas as pd
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.ensemble import ExtraTreesClassifier

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def add_features(frame):
    out = frame.copy()
    dt = pd.to_datetime(out["date"], format="%Y-%m-%d")
    ang = 2 * np.pi * dt.dt.day_of_year.to_numpy() / 365.25
    out["doy_sin"] = np.sin(ang)
    out["doy_cos"] = np.cos(ang)
    out["t_range"] = out["temp_max"] - out["temp_min"]
    out["t_mean"] = 0.5 * (out["temp_max"] + out["temp_min"])
    out["rain_log"] = np.log1p(out["precipitation"])
    out["dry"] = (out["precipitation"] == 0).astype(float)
    out["ordinal"] = dt.map(pd.Timestamp.toordinal)
    return out


F_tr = add_features(train)
F_te = add_features(test)
print(f"feature frame: {F_tr.shape[1]} columns")

cls, y = np.unique(F_tr["weather"].to_numpy(), return_inverse=True)
when = F_tr["ordinal"].to_numpy()
X = F_tr.drop(columns=["id", "weather", "ordinal"]).to_numpy()
Xt = F_te.drop(columns=["id", "ordinal"]).to_numpy()
print(f"X {X.shape}, Xt {Xt.shape}, classes {list(cls)}")

order = np.argsort(when, kind="stable")
n_fit = int(round(0.8 * len(order)))
i_fit, i_hold = order[:n_fit], order[n_fit:]


def standardise(M, rows):
    mu = M[rows].mean(axis=0)
    sd = M[rows].std(axis=0)
    return mu, np.where(sd > 0, sd, 1.0)


def hit_rate(P, t):
    return float(np.mean(P.argmax(axis=1) == t))


mu, sd = standardise(X, i_fit)
Z = (X - mu) / sd

lda = LinearDiscriminantAnalysis().fit(Z[i_fit], y[i_fit])
et = ExtraTreesClassifier(n_estimators=300, max_depth=6, min_samples_leaf=2,
                          random_state=4, n_jobs=1).fit(Z[i_fit], y[i_fit])
P_lda = lda.predict_proba(Z[i_hold])
P_et = et.predict_proba(Z[i_hold])
grid = np.linspace(0, 1, 11)
scores = np.array([hit_rate(w * P_lda + (1 - w) * P_et, y[i_hold]) for w in grid])
w = grid[scores.argmax()]
print(f"lda {hit_rate(P_lda, y[i_hold]):.4f}  extra-trees {hit_rate(P_et, y[i_hold]):.4f}")
print(f"holdout accuracy = {scores.max():.4f} at w_lda={w:.1f}")

mu, sd = standardise(X, np.arange(len(X)))
Z, Zt = (X - mu) / sd, (Xt - mu) / sd
lda.fit(Z, y)
et.fit(Z, y)
P = w * lda.predict_proba(Zt) + (1 - w) * et.predict_proba(Zt)

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"].to_numpy(), "weather": cls[P.argmax(axis=1)]}).to_csv(
    "./submission/submission.csv", index=False)
print(f"wrote {len(Zt)} rows")
