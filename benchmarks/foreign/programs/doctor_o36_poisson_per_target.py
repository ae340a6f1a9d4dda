from functools import reduce

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_log_error
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
YES_NO = ["adl", "afam", "gender", "married", "employed", "insurance", "medicaid"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

# how skewed are the counts?
(
    train.melt(id_vars="id", value_vars=TARGETS, var_name="target", value_name="count")
    .groupby("target")
    .agg(mean=("count", "mean"), median=("count", "median"), zero_share=("count", lambda s: s.eq(0).mean()),
         p99=("count", lambda s: s.quantile(0.99)), max=("count", "max"))
    .round(3)
    .pipe(print)
)


def encode(df):
    return df.assign(
        health=lambda d: d.health.map({"poor": 0, "average": 1, "excellent": 2}),
        adl=lambda d: d.adl.eq("limited").astype(int),
        gender=lambda d: d.gender.eq("male").astype(int),
        **{c: (lambda d, c=c: d[c].eq("yes").astype(int)) for c in ["afam", "married", "employed", "insurance", "medicaid"]},
        region=lambda d: d.region.astype("category"),
        log_income=lambda d: np.log1p(d.income.clip(lower=0)),
        chronic_x_poor=lambda d: d.chronic * d.health.eq(0),
    )


X_all = train.pipe(encode)
X_test = test.pipe(encode)
FEATS = [c for c in X_all.columns if c not in TARGETS + ["id"]]
print("using", len(FEATS), "features:", ", ".join(FEATS))

params = dict(objective="poisson", n_estimators=200, learning_rate=0.03, num_leaves=15,
              min_child_samples=30, colsample_bytree=0.8, verbose=-1, random_state=0)

folds = list(KFold(5, shuffle=True, random_state=17).split(X_all))


def cv_target(target):
    oof = np.zeros(len(X_all))
    for tr, va in folds:
        m = lgb.LGBMRegressor(**params).fit(X_all.iloc[tr][FEATS], X_all.iloc[tr][target])
        oof[va] = m.predict(X_all.iloc[va][FEATS])
    score = mean_squared_log_error(X_all[target], oof, squared=False)
    print(f"  {target:<10s} rmsle {score:.4f}")
    return score


print("5-fold CV:")
scores = pd.Series({t: cv_target(t) for t in TARGETS})
print(f"mean columnwise RMSLE: {scores.mean():.4f}")


def fit_full(target):
    model = lgb.LGBMRegressor(**params).fit(X_all[FEATS], X_all[target])
    return X_test[["id"]].assign(**{target: model.predict(X_test[FEATS])})


submission = reduce(lambda a, b: a.merge(b, on="id", validate="one_to_one"), map(fit_full, TARGETS))
submission.to_csv("submission/submission.csv", index=False)
print(submission.describe().round(3))
