import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.feature_extraction.text import CountVectorizer

pd.set_option("display.width", 140)


def load(name: str) -> pd.DataFrame:
    df = pd.read_csv(f"input/{name}.csv")
    df.columns = df.columns.str.strip().str.lower()
    print(f"{name:8s} {df.shape}")
    return df


def rmsle(y: np.ndarray, p: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.log1p(y) - np.log1p(np.clip(p, 0, None))) ** 2)))


train, test = load("train"), load("test")
products, stores, weather = load("products"), load("stores"), load("weather")

# normalise the text-ish keys before joining
products["category"] = products["category"].str.strip().str.lower()
stores["city"] = stores["city"].str.strip().str.title()
stores["store_type"] = stores["store_type"].str.lower()
weather["city"] = weather["city"].str.strip().str.title()
stores["opened_year"] = stores["opened"].str.extract(r"^(\d{4})", expand=False).astype(int)

full = pd.concat([train.assign(is_train=1), test.assign(is_train=0)], ignore_index=True)
full["date"] = pd.to_datetime(full["date"])
full["dow"] = full["date"].dt.day_name().str.lower()
full["month"] = full["date"].dt.month
full["doy"] = full["date"].dt.dayofyear
full["year"] = full["date"].dt.year

full = full.merge(products, on="product_id", how="left", suffixes=("", "_base"))
full = full.merge(stores, on="store_id", how="left")
print("after product/store joins:", full.shape, "| missing city:", full["city"].isna().sum())

full = full.merge(weather, on=["date", "city"], how="left")
print("after weather join:", full.shape, "| missing temp:", full["temp_c"].isna().mean().round(3))

full["discount"] = 1 - full["price"] / full["base_price"]
full["store_age"] = full["year"] - full["opened_year"]
full["rainy"] = np.where(full["rain_mm"] > 1, "rain", "dry")

full["doc"] = (
    "prod_" + full["product_id"].str.lower()
    + " cat_" + full["category"]
    + " store_" + full["store_id"].astype(str)
    + " type_" + full["store_type"]
    + " city_" + full["city"].str.lower()
    + " dow_" + full["dow"]
    + " " + full["rainy"]
    + " cat_" + full["category"] + "_" + full["dow"]
    + " promo_" + full["promo"].astype(str) + "_" + full["category"]
)
vec = CountVectorizer(token_pattern=r"\S+", binary=True, lowercase=False)
T = vec.fit_transform(full["doc"])
print("token vocabulary:", len(vec.vocabulary_))

num_cols = ["promo", "price", "base_price", "discount", "month", "doy", "size_sqm", "store_age", "temp_c", "rain_mm"]
X = sparse.hstack([T, sparse.csr_matrix(full[num_cols].astype(float).to_numpy())], format="csr")
names = list(vec.get_feature_names_out()) + num_cols

is_tr = full["is_train"].to_numpy() == 1
X_tr, X_te = X[is_tr], X[~is_tr]
y = np.log1p(full.loc[is_tr, "units"].to_numpy())
dates = full.loc[is_tr, "date"]

# time-based holdout: last ~2 months of train
cut = dates.max() - pd.Timedelta(days=60)
fit_m = (dates <= cut).to_numpy()
print("holdout rows:", (~fit_m).sum())

params = dict(n_estimators=400, learning_rate=0.04, num_leaves=31, min_child_samples=15,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, n_jobs=2, verbose=-1)
m = lgb.LGBMRegressor(**params)
m.fit(X_tr[fit_m], y[fit_m])
p = np.expm1(m.predict(X_tr[~fit_m]))
print(f"holdout RMSLE: {rmsle(np.expm1(y[~fit_m]), p):.4f}")

m = lgb.LGBMRegressor(**params).fit(X_tr, y)
top = pd.Series(m.feature_importances_, index=names).nlargest(10)
print(top.to_string())

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": full.loc[~is_tr, "id"].astype(int).to_numpy(), "units": np.clip(np.expm1(m.predict(X_te)), 0, None)})
sub.to_csv("submission/submission.csv", index=False)
print(sub.shape, sub["units"].mean().round(2))
