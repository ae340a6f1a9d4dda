import gc
import time

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import GroupKFold

t_all = time.perf_counter()


def report(stage, t0, note=""):
    print(f"[{stage}] {time.perf_counter() - t0:.2f}s {note}", flush=True)


t0 = time.perf_counter()
dt = {"id": np.int32, "School": np.int16, "Minority": "category", "Sex": "category",
      "SES": np.float32, "MEANSES": np.float32}
train = pd.read_csv("input/train.csv", dtype={**dt, "MathAch": np.float32})
test = pd.read_csv("input/test.csv", dtype=dt)
report("load", t0, f"{train.memory_usage(deep=True).sum() / 1024:.0f}KB/{test.memory_usage(deep=True).sum() / 1024:.0f}KB "
                   f"schools train={train['School'].nunique()} test={test['School'].nunique()}")

# school level context from the pupil rows (no target involved, so safe for unseen schools)
t0 = time.perf_counter()
both = pd.concat([train.drop(columns="MathAch"), test], ignore_index=True)
both["minority01"] = (both["Minority"] == "Yes").astype(np.int8)
both["male01"] = (both["Sex"] == "Male").astype(np.int8)
agg = both.groupby("School", observed=True).agg(
    n_pupils=("id", "size"),
    ses_std=("SES", "std"),
    ses_min=("SES", "min"),
    ses_max=("SES", "max"),
    minority_share=("minority01", "mean"),
    male_share=("male01", "mean"),
).astype(np.float32)
del both
gc.collect()


def build(df):
    out = df[["SES", "MEANSES"]].copy()
    out["minority"] = (df["Minority"] == "Yes").astype(np.int8)
    out["male"] = (df["Sex"] == "Male").astype(np.int8)
    out["ses_dev"] = (df["SES"] - df["MEANSES"]).astype(np.float32)
    out = out.join(df[["School"]].join(agg, on="School").drop(columns="School"))
    return out


Xdf = build(train)
names = Xdf.columns.tolist()
X = Xdf.to_numpy(dtype=np.float32)
X_test = build(test).to_numpy(dtype=np.float32)
y = train["MathAch"].to_numpy(dtype=np.float32)
groups = train["School"].to_numpy()
del Xdf
report("features", t0, f"{len(names)} feats: {', '.join(names)}")

params = {
    "objective": "regression",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_data_in_leaf": 60,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 10.0,
    "verbose": -1,
    "num_threads": 2,
    "seed": 31,
}

t0 = time.perf_counter()
gkf = GroupKFold(n_splits=5)
oof = np.zeros_like(y)
pred = np.zeros(len(X_test), dtype=np.float32)
for k, (tr, va) in enumerate(gkf.split(X, y, groups)):
    tk = time.perf_counter()
    dtr = lgb.Dataset(X[tr], y[tr], feature_name=names, free_raw_data=True)
    dva = lgb.Dataset(X[va], y[va], reference=dtr, free_raw_data=True)
    bst = lgb.train(params, dtr, num_boost_round=2000, valid_sets=[dva], valid_names=["va"],
                    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(200)])
    oof[va] = bst.predict(X[va], num_iteration=bst.best_iteration)
    pred += bst.predict(X_test, num_iteration=bst.best_iteration).astype(np.float32) / 5
    print(f"  fold {k}: schools={len(np.unique(groups[va]))} rows={len(va)} "
          f"best_it={bst.best_iteration} l2={bst.best_score['va']['l2']:.4f} {time.perf_counter() - tk:.2f}s")
    del dtr, dva, bst
    gc.collect()
report("cv", t0)

rmse = mean_squared_error(y, oof, squared=False)
base = mean_squared_error(y, np.full_like(y, y.mean()), squared=False)
print(f"GroupKFold RMSE {rmse:.4f} (constant baseline {base:.4f})")

pd.DataFrame({"id": test["id"].to_numpy(), "MathAch": pred}).to_csv("submission/submission.csv", index=False)
report("total", t_all)
