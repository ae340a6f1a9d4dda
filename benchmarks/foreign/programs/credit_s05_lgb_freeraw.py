import gc
import time

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split

t_start = time.perf_counter()

CATS = ["Home", "Marital", "Records", "Job"]
NUMS = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]
DTYPES = {**{c: "category" for c in CATS}, **{c: "float32" for c in NUMS}, "id": "int32"}


def memstr(*dfs):
    return f"{sum(d.memory_usage(deep=True).sum() for d in dfs) / 1024:.0f}KB"


t = time.perf_counter()
train = pd.read_csv("input/train.csv", usecols=["id", *CATS, *NUMS, "Status"],
                    dtype={**DTYPES, "Status": "int8"})
test = pd.read_csv("input/test.csv", usecols=["id", *CATS, *NUMS], dtype=DTYPES)
for c in CATS:
    cats = train[c].cat.categories.union(test[c].cat.categories)
    train[c] = train[c].cat.set_categories(cats)
    test[c] = test[c].cat.set_categories(cats)
print(f"[load] {time.perf_counter() - t:.2f}s {memstr(train, test)} bad_rate={train['Status'].mean():.4f}")

t = time.perf_counter()
for df in (train, test):
    df["loan_to_price"] = (df["Amount"] / df["Price"]).astype("float32")
    df["net_worth"] = (df["Assets"].fillna(0) - df["Debt"].fillna(0)).astype("float32")
    df["free_income"] = (df["Income"] - df["Expenses"]).astype("float32")
    df["installment"] = (df["Amount"] / df["Time"]).astype("float32")
    df["inst_to_income"] = (df["installment"] / df["Income"]).astype("float32")
    df["income_missing"] = df["Income"].isna().astype("int8")
FEATS = [c for c in train.columns if c not in ("id", "Status")]
print(f"[fe] {time.perf_counter() - t:.2f}s n_feats={len(FEATS)} {memstr(train, test)}")

t = time.perf_counter()
X_tr, X_va, y_tr, y_va = train_test_split(
    train[FEATS], train["Status"].to_numpy(), test_size=0.2, stratify=train["Status"], random_state=2024
)
dtrain = lgb.Dataset(X_tr, label=y_tr, categorical_feature=CATS, free_raw_data=True)
dvalid = lgb.Dataset(X_va, label=y_va, reference=dtrain, free_raw_data=True)
params = {
    "objective": "binary",
    "metric": "binary_logloss",
    "learning_rate": 0.02,
    "num_leaves": 20,
    "min_data_in_leaf": 30,
    "feature_fraction": 0.75,
    "bagging_fraction": 0.85,
    "bagging_freq": 1,
    "lambda_l1": 0.5,
    "lambda_l2": 3.0,
    "cat_smooth": 20,
    "max_bin": 255,
    "verbose": -1,
    "num_threads": 2,
    "seed": 2024,
}
booster = lgb.train(
    params,
    dtrain,
    num_boost_round=3000,
    valid_sets=[dtrain, dvalid],
    valid_names=["train", "valid"],
    callbacks=[lgb.early_stopping(150, verbose=True), lgb.log_evaluation(100)],
)
print(f"[train] {time.perf_counter() - t:.2f}s best_iter={booster.best_iteration}")

va_pred = booster.predict(X_va, num_iteration=booster.best_iteration)
va_ll = log_loss(y_va, va_pred)
print(f"valid logloss {va_ll:.5f}")

# overfitting check on the rows the booster has seen
tr_pred = booster.predict(dtrain.get_data(), num_iteration=booster.best_iteration)
tr_ll = log_loss(y_tr, tr_pred)
print(f"train logloss {tr_ll:.5f}  gap {va_ll - tr_ll:+.5f}")

imp = pd.Series(booster.feature_importance("gain"), index=FEATS).sort_values(ascending=False)
print(imp.head(8).round(1).to_string())

t = time.perf_counter()
n_rounds = int(booster.best_iteration * 1.15)
del dtrain, dvalid, booster, X_tr, X_va
gc.collect()
full = lgb.Dataset(train[FEATS], label=train["Status"].to_numpy(), categorical_feature=CATS,
                   free_raw_data=True)
final = lgb.train(params, full, num_boost_round=n_rounds)
p = final.predict(test[FEATS])
print(f"[refit] {time.perf_counter() - t:.2f}s rounds={n_rounds} mean_p={p.mean():.4f}")

sub = pd.DataFrame({"id": test["id"].astype("int64"), "Status": np.clip(p, 1e-4, 1 - 1e-4)})
sub.to_csv("submission/submission.csv", index=False)
print(f"[total] {time.perf_counter() - t_start:.2f}s")
