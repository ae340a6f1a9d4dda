import numpy as np
import pandas as pd
from sklearn.linear_model import RidgeCV
from sklearn.preprocessing import OneHotEncoder

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
products = pd.read_csv("./input/products.csv")
stores = pd.read_csv("./input/stores.csv")

for df in (train, test):
    df["month"] = df["date"].dt.month
    df["weekend"] = (df["date"].dt.dayofweek >= 5).astype(int)
train = train.merge(products, on="product_id").merge(stores, on="store_id")
test = test.merge(products, on="product_id").merge(stores, on="store_id")


def history(fit):
    """Average log-units by store and product, and by category and month, over `fit`."""
    fit = fit.assign(log_units=np.log1p(fit["units"]))
    sp = fit.groupby(["store_id", "product_id"], as_index=False)["log_units"].mean().rename(columns={"log_units": "sp_mean"})
    cm = fit.groupby(["category", "month"], as_index=False)["log_units"].mean().rename(columns={"log_units": "cm_mean"})
    return sp, cm, fit["log_units"].mean()


def with_history(df, sp, cm, overall):
    df = df.merge(sp, on=["store_id", "product_id"], how="left").merge(cm, on=["category", "month"], how="left")
    df[["sp_mean", "cm_mean"]] = df[["sp_mean", "cm_mean"]].fillna(overall)
    return df


enc = OneHotEncoder(handle_unknown="ignore", sparse_output=False).fit(train[["store_type", "category"]])


def matrix(df):
    return np.hstack([df[["sp_mean", "cm_mean", "promo", "weekend"]].to_numpy(), np.log(df[["price"]].to_numpy()), enc.transform(df[["store_type", "category"]])])


cut = pd.Timestamp("2023-04-01")
sp, cm, overall = history(train[train["date"] < cut])
fit = with_history(train[train["date"] < cut], sp, cm, overall)
hold = with_history(train[train["date"] >= cut], sp, cm, overall)
ridge = RidgeCV(alphas=np.logspace(-2, 2, 9)).fit(matrix(fit), np.log1p(fit["units"]))
err = np.sqrt(np.mean((ridge.predict(matrix(hold)) - np.log1p(hold["units"])) ** 2))
print(f"holdout RMSLE = {err:.4f} (alpha {ridge.alpha_:g})")

sp, cm, overall = history(train)
full = with_history(train, sp, cm, overall)
ridge.fit(matrix(full), np.log1p(full["units"]))
te = with_history(test, sp, cm, overall)
pd.DataFrame({"id": te["id"], "units": np.expm1(ridge.predict(matrix(te))).clip(0)}).to_csv("./submission/submission.csv", index=False)
