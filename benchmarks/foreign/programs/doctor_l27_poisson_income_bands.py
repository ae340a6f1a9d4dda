import os

import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.linear_model import PoissonRegressor
from sklearn.model_selection import KFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

TARGETS = ["visits", "ovisits", "emergency", "hospital"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

YES_NO = ["afam", "married", "employed", "insurance", "medicaid"]


def prepare(df):
    return (
        df.assign(**{c: (lambda d, c=c: d[c].eq("yes").astype("int8")) for c in YES_NO})
        .assign(
            male=lambda d: d["gender"].eq("male").astype("int8"),
            limited=lambda d: d["adl"].eq("limited").astype("int8"),
            # income is in $10k units
            income_band=lambda d: pd.cut(
                d["income"], bins=[0, 0.5, 1, 2, 4, 8, 60], labels=False
            ),
            age_band=lambda d: pd.qcut(d["age"], q=5, labels=False, duplicates="drop"),
            chronic_sq=lambda d: d["chronic"] ** 2,
            school_hs=lambda d: d["school"].ge(12).astype("int8"),
        )
        .astype({"health": "category", "region": "category"})
    )


train = train.pipe(prepare)
test = test.pipe(prepare)

summary = (
    train.groupby(["health", "limited"], observed=True)
    .agg(n=("id", "size"), **{f"{t}_mean": (t, "mean") for t in TARGETS})
    .round(2)
)
print(summary)

CAT = ["health", "region"]
NUM = [
    "chronic", "chronic_sq", "age", "school", "school_hs", "income_band", "age_band",
    "male", "limited", *YES_NO,
]


def make_glm(alpha):
    pre = make_column_transformer(
        (OneHotEncoder(drop="first", handle_unknown="ignore"), CAT),
        (StandardScaler(), NUM),
    )
    return make_pipeline(pre, PoissonRegressor(alpha=alpha, max_iter=300))


ALPHAS = {"visits": 1e-3, "ovisits": 1e-2, "emergency": 1e-2, "hospital": 1e-2}


def rmsle(y, p):
    return float(np.sqrt(np.mean((np.log1p(y) - np.log1p(p)) ** 2)))


kf = KFold(n_splits=4, shuffle=True, random_state=5)
oof = pd.DataFrame(index=train.index, columns=TARGETS, dtype=float)
for t in TARGETS:
    for i_tr, i_va in kf.split(train):
        glm = make_glm(ALPHAS[t]).fit(train.iloc[i_tr][CAT + NUM], train.iloc[i_tr][t])
        oof.iloc[i_va, oof.columns.get_loc(t)] = glm.predict(train.iloc[i_va][CAT + NUM])
    print(f"{t:>10s}: oof RMSLE {rmsle(train[t], oof[t]):.4f}")

# Poisson means overshoot RMSLE; shrink towards the geometric mean of the counts
shrink = {t: np.exp(np.mean(np.log1p(train[t]))) - 1 for t in TARGETS}
blend = oof.apply(lambda col: 0.6 * col + 0.4 * shrink[col.name])
score = np.mean([rmsle(train[t], blend[t]) for t in TARGETS])
print(f"CV RMSLE (mean over targets): {score:.4f}")

sub = test[["id"]].copy()
for t in TARGETS:
    glm = make_glm(ALPHAS[t]).fit(train[CAT + NUM], train[t])
    sub[t] = 0.6 * glm.predict(test[CAT + NUM]) + 0.4 * shrink[t]

os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(sub[TARGETS].mean().round(3))
