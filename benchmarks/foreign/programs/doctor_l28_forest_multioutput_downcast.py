import os

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]

# downcast everything up front, the frames get copied a lot below
DTYPES = {
    "id": "int32",
    "chronic": "int8",
    "school": "int8",
    "age": "float32",
    "income": "float32",
    "health": "category",
    "adl": "category",
    "region": "category",
    "afam": "category",
    "gender": "category",
    "married": "category",
    "employed": "category",
    "insurance": "category",
    "medicaid": "category",
    "visits": "int16",
    "ovisits": "int16",
    "emergency": "int8",
    "hospital": "int8",
}


def load(path):
    return pd.read_csv(path).astype(DTYPES)


def add_group_stats(df):
    grp = (
        df.groupby(["region", "health"], observed=True, as_index=False)
        .agg(
            grp_chronic=("chronic", "mean"),
            grp_income=("income", "median"),
            grp_size=("id", "size"),
        )
    )
    return df.merge(grp, on=["region", "health"], how="left")


def encode(df):
    return (
        df.pipe(add_group_stats)
        .assign(
            health_code=lambda d: d["health"].map({"excellent": 0, "average": 1, "poor": 2}).astype("int8"),
            limited=lambda d: d["adl"].eq("limited").astype("int8"),
            chronic_rel=lambda d: d["chronic"] - d["grp_chronic"],
            income_rel=lambda d: d["income"] - d["grp_income"],
            n_yes=lambda d: d[["afam", "married", "employed", "insurance", "medicaid"]]
            .apply(lambda s: s.eq("yes"))
            .sum(axis=1),
        )
        .pipe(lambda d: pd.get_dummies(d, columns=["region", "gender", "insurance", "medicaid",
                                                  "married", "employed", "afam"], dtype="int8"))
        .drop(columns=["health", "adl"])
    )


train = load("./input/train.csv").pipe(encode)
print(train.shape, f"{train.memory_usage(deep=True).sum() / 1024:.0f} KiB")
print(train[TARGETS].agg(["mean", "median", "max", lambda s: s.eq(0).mean()]).rename(index={"<lambda>": "zero_share"}).round(3))

FEATURES = [c for c in train.columns if c not in TARGETS + ["id"]]
Y = np.log1p(train[TARGETS].astype("float64"))


def make_forest():
    return RandomForestRegressor(
        n_estimators=200,
        min_samples_leaf=25,
        max_features=0.4,
        n_jobs=2,
        random_state=8,
    )


kf = KFold(n_splits=3, shuffle=True, random_state=1)
oof = np.zeros_like(Y.values)
for i_tr, i_va in kf.split(train):
    rf = make_forest().fit(train.iloc[i_tr][FEATURES], Y.iloc[i_tr])
    oof[i_va] = rf.predict(train.iloc[i_va][FEATURES])

col_rmsle = np.sqrt(((oof - Y.values) ** 2).mean(axis=0))
for t, s in zip(TARGETS, col_rmsle):
    print(f"  {t:<10s} {s:.4f}")
print(f"CV RMSLE: {col_rmsle.mean():.4f}")

rf = make_forest().fit(train[FEATURES], Y)

test = load("./input/test.csv").pipe(encode)
test = test.reindex(columns=["id"] + FEATURES, fill_value=0)
pred = np.expm1(rf.predict(test[FEATURES])).clip(min=0)

os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame(pred, columns=TARGETS).assign(id=test["id"].values)[["id"] + TARGETS]
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
