import os

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
CATS = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]

cat_dtypes = {
    "health": pd.CategoricalDtype(["excellent", "average", "poor"], ordered=True),
    "adl": pd.CategoricalDtype(["normal", "limited"]),
    "region": pd.CategoricalDtype(["midwest", "northeast", "other", "west"]),
    **{c: pd.CategoricalDtype(["no", "yes"]) for c in ["afam", "married", "employed", "insurance", "medicaid"]},
    "gender": pd.CategoricalDtype(["female", "male"]),
}

train = pd.read_csv("./input/train.csv").astype(cat_dtypes)
test = pd.read_csv("./input/test.csv").astype(cat_dtypes)

print(
    train.groupby("health", observed=True)
    .agg(
        n=("id", "size"),
        visits_mean=("visits", "mean"),
        er_rate=("emergency", lambda s: s.gt(0).mean()),
        hosp_rate=("hospital", lambda s: s.gt(0).mean()),
        chronic=("chronic", "mean"),
    )
    .round(3)
)


def engineer(df):
    return df.assign(
        age_years=lambda d: d["age"] * 10,
        health_rank=lambda d: d["health"].cat.codes.astype("int8"),
        burden=lambda d: d["chronic"] + d["health_rank"] + d["adl"].eq("limited").astype(int),
        log_income=lambda d: np.log1p(d["income"].clip(lower=0)),
        covered=lambda d: (d["insurance"].eq("yes") | d["medicaid"].eq("yes")).astype("int8"),
        school_band=lambda d: pd.cut(d["school"], bins=[-1, 8, 11, 12, 18], labels=False).astype("int8"),
        chronic_in_region=lambda d: d["chronic"] - d.groupby("region", observed=True)["chronic"].transform("mean"),
    )


train = train.pipe(engineer)
test = test.pipe(engineer)

FEATURES = CATS + [
    "chronic", "age", "school", "income", "health_rank", "burden",
    "log_income", "covered", "school_band", "chronic_in_region",
]

params = dict(
    n_estimators=300,
    learning_rate=0.03,
    num_leaves=8,
    min_child_samples=40,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.7,
    reg_lambda=5.0,
    verbose=-1,
    n_jobs=2,
)

kf = KFold(n_splits=3, shuffle=True, random_state=2024)
oof = pd.DataFrame(0.0, index=train.index, columns=TARGETS)
preds = pd.DataFrame(0.0, index=test.index, columns=TARGETS)

for target in TARGETS:
    y = np.log1p(train[target])
    for fold, (i_tr, i_va) in enumerate(kf.split(train)):
        m = lgb.LGBMRegressor(**params, random_state=fold)
        m.fit(train.loc[i_tr, FEATURES], y.iloc[i_tr])
        oof.loc[i_va, target] = m.predict(train.loc[i_va, FEATURES])
        preds[target] += m.predict(test[FEATURES]) / kf.get_n_splits()

oof = oof.clip(lower=0)
per_target = (
    (oof - np.log1p(train[TARGETS])).pow(2).mean().pow(0.5).rename("rmsle").to_frame()
)
print(per_target.round(4))
print(f"CV mean columnwise RMSLE: {per_target['rmsle'].mean():.4f}")

os.makedirs("./submission", exist_ok=True)
sub = preds.clip(lower=0).pipe(np.expm1).assign(id=test["id"].values)[["id"] + TARGETS]
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe().loc[["mean", "max"]].round(3))
