# NMES 1988 elderly: four count outcomes, one Poisson GLM each
# glm(y ~ health + chronic + adl + ..., family = poisson) x 4, then a boosted poisson for comparison

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.compose import make_column_transformer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.linear_model import PoissonRegressor
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.model_selection import KFold, cross_val_predict
from sklearn.metrics import mean_squared_log_error

nmes = pd.read_csv("input/train.csv")
nmes_test = pd.read_csv("input/test.csv")

targets = ["visits", "ovisits", "emergency", "hospital"]
factors = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]
numeric = ["chronic", "age", "school", "income"]

print(f"n = {len(nmes)} (train), {len(nmes_test)} (test)")
print()

# counts: mean, variance, share of zeros -> overdispersion check
summ = (
    nmes[targets]
    .agg(["mean", "var", "max"])
    .T
    .assign(zeros=nmes[targets].eq(0).mean().round(3),
            disp=lambda d: (d["var"] / d["mean"]).round(2))
)
print(summ.round(3).to_string())
print()

for f in ["health", "adl", "insurance"]:
    print(nmes.groupby(f)[targets].mean().round(2).to_string())
    print()

pre = make_column_transformer(
    (StandardScaler(), numeric),
    (OneHotEncoder(drop="first", handle_unknown="ignore"), factors),
)

def glm():
    return make_pipeline(pre, PoissonRegressor(alpha=1e-3, max_iter=1000))

def boost():
    return make_pipeline(
        make_column_transformer(
            ("passthrough", numeric),
            (OneHotEncoder(handle_unknown="ignore", sparse_output=False), factors),
        ),
        HistGradientBoostingRegressor(loss="poisson", max_iter=150, learning_rate=0.05,
                                      max_leaf_nodes=15, min_samples_leaf=40, random_state=5),
    )

X = nmes[numeric + factors]
kf = KFold(n_splits=5, shuffle=True, random_state=42)

rows = []
for tgt in targets:
    y = nmes[tgt]
    for label, maker in [("poisson glm", glm), ("hgb poisson", boost)]:
        oof = cross_val_predict(maker(), X, y, cv=kf)
        r = np.sqrt(mean_squared_log_error(y, oof))
        rows.append({"target": tgt, "model": label, "rmsle": r})
        print(f"{tgt:>10s} | {label:<12s} | rmsle {r:.4f}")

cv = pd.DataFrame(rows).pivot_table(index="target", columns="model", values="rmsle").reindex(targets)
print()
print(cv.round(4).to_string())

best_per_target = cv.idxmin(axis=1)
print()
print(f"mean columnwise RMSLE (glm only): {cv['poisson glm'].mean():.4f}")
print(f"mean columnwise RMSLE (best per target): {cv.min(axis=1).mean():.4f}")

# rate ratios from the GLM for office visits
g = glm().fit(X, nmes["visits"])
names = [n.split("__")[1] for n in g[0].get_feature_names_out()]
rr = (
    pd.DataFrame({"term": names, "coef": g[-1].coef_})
    .assign(rate_ratio=lambda d: np.exp(d.coef))
    .sort_values("coef")
)
print()
print("visits ~ . : rate ratios (numerics per 1 sd)")
print(rr.round(3).to_string(index=False))

preds = {}
for tgt in targets:
    m = glm() if best_per_target[tgt] == "poisson glm" else boost()
    m.fit(X, nmes[tgt])
    preds[tgt] = m.predict(nmes_test[numeric + factors])

sub = pd.DataFrame({"id": nmes_test["id"], **preds})
sub.to_csv("submission/submission.csv", index=False)

fig, axes = plt.subplots(1, 4, figsize=(12, 3))
for ax, tgt in zip(axes, targets):
    ax.hist(nmes[tgt], bins=30, alpha=0.6, density=True, label="train y")
    ax.hist(sub[tgt], bins=30, alpha=0.6, density=True, label="test pred")
    ax.set_title(tgt)
axes[0].legend()
fig.tight_layout()
fig.savefig("doctor_counts.png", dpi=90)
plt.close(fig)

print()
print(sub.describe().round(3).to_string())
