"""NMES 1988 utilisation counts: visits, ovisits, emergency, hospital.
Metric: mean RMSLE over the four columns.

Counts -> one Poisson HGB per target (log link, predictions stay positive), trained
on the same folds; cross_validate(return_estimator=True, return_indices=True) gives
both the OOF matrix and the fold models for test averaging.
"""
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import root_mean_squared_log_error
from sklearn.model_selection import KFold, cross_validate

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
SEED = 17

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "| test", test.shape)
print(train[TARGETS].agg(["mean", "median", "max"]).round(2))

yes_no = [c for c in ("adl", "afam", "gender", "married", "employed", "insurance", "medicaid")]
binary_map = {"yes": 1, "no": 0, "male": 1, "female": 0, "limited": 1, "normal": 0}
health_dtype = pd.CategoricalDtype(["poor", "average", "excellent"], ordered=True)
region_dtype = pd.CategoricalDtype(sorted(train["region"].unique()))


def prep(df: pd.DataFrame) -> pd.DataFrame:
    out = pd.DataFrame(index=df.index)
    for c in yes_no:
        out[c] = df[c].map(binary_map).astype("Int8")
    out["health"] = df["health"].astype(health_dtype)
    out["region"] = df["region"].astype(region_dtype)
    out["chronic"] = df["chronic"]
    out["age"] = df["age"]
    out["school"] = df["school"]
    out["income"] = df["income"].clip(lower=0)
    out["log_income"] = np.log1p(out["income"])
    out["coverage"] = out["insurance"] + out["medicaid"]
    return out


X, X_test = prep(train), prep(test)
assert X.notna().all().all(), X.isna().sum()
print(X.dtypes.astype(str).to_dict())

kf = KFold(n_splits=5, shuffle=True, random_state=SEED)
oof = pd.DataFrame(index=train.index, columns=TARGETS, dtype="float64")
test_pred = pd.DataFrame({"id": test["id"]})

for t in TARGETS:
    y = train[t]
    est = HistGradientBoostingRegressor(
        loss="poisson",
        categorical_features="from_dtype",
        learning_rate=0.04,
        max_iter=300,
        max_leaf_nodes=8,
        min_samples_leaf=40,
        l2_regularization=3.0,
        early_stopping=True,
        validation_fraction=0.15,
        n_iter_no_change=25,
        random_state=SEED,
    )
    res = cross_validate(est, X, y, cv=kf, scoring="neg_mean_poisson_deviance",
                         return_estimator=True, return_indices=True)
    for e, va in zip(res["estimator"], res["indices"]["test"]):
        oof.iloc[va, oof.columns.get_loc(t)] = e.predict(X.iloc[va])
    score = root_mean_squared_log_error(y, oof[t])
    iters = [e.n_iter_ for e in res["estimator"]]
    print(f"{t:>10}: poisson dev {-res['test_score'].mean():.4f}  RMSLE {score:.4f}  iters {iters}")
    test_pred[t] = np.mean([e.predict(X_test) for e in res["estimator"]], axis=0)

per_col = root_mean_squared_log_error(train[TARGETS], oof, multioutput="raw_values")
print("per-column RMSLE:", dict(zip(TARGETS, per_col.round(4))))
print(f"mean RMSLE (OOF): {per_col.mean():.4f}")

# constant baseline for context: geometric-mean-ish constant minimises RMSLE
const = np.expm1(np.log1p(train[TARGETS]).mean())
base = root_mean_squared_log_error(train[TARGETS], np.tile(const.to_numpy(), (len(train), 1)),
                                   multioutput="raw_values")
print(f"constant baseline mean RMSLE: {base.mean():.4f}")

test_pred.to_csv("submission/submission.csv", index=False)
print(test_pred.describe().loc[["mean", "max"]].round(3))
