import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_squared_log_error

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
products = pd.read_csv("input/products.csv")
stores = pd.read_csv("input/stores.csv", parse_dates=["opened"])
weather = pd.read_csv("input/weather.csv")

print("train  ", train.shape, train["date"].min(), train["date"].max())
print("test   ", test.shape, test["date"].min(), test["date"].max())
print("products", products.shape, "stores", stores.shape, "weather", weather.shape)

train["is_train"] = 1
test["is_train"] = 0
df = pd.concat([train, test], ignore_index=True)

df = df.merge(products, on="product_id", how="left")
df = df.merge(stores, on="store_id", how="left")
print("after product/store join:", df.shape)

df = df.merge(weather, on=["date", "city"], how="left")
print("after weather join:", df.shape, "missing temp:", df["temp_c"].isna().sum())

df["dow"] = df["date"].dt.dayofweek
df["month"] = df["date"].dt.month
df["doy"] = df["date"].dt.dayofyear
df["store_age_days"] = (df["date"] - df["opened"]).dt.days
df["discount"] = 1 - df["price"] / df["base_price"]
df["log_size"] = np.log(df["size_sqm"])

for c in ["product_id", "category", "store_type", "city"]:
    df[c] = df[c].astype("category")

features = ["store_id", "product_id", "category", "store_type", "city", "promo", "price",
            "base_price", "discount", "log_size", "store_age_days", "temp_c", "rain_mm",
            "dow", "month", "doy"]

tr = df[df["is_train"] == 1].sort_values("date")
te = df[df["is_train"] == 0]

split_date = tr["date"].quantile(0.8)
fit_part = tr[tr["date"] < split_date]
val_part = tr[tr["date"] >= split_date]
print(f"validation starts {split_date.date()}: {len(fit_part)} / {len(val_part)}")

params = dict(n_estimators=500, learning_rate=0.03, num_leaves=31, min_child_samples=20,
              colsample_bytree=0.8, random_state=11, verbose=-1)
model = lgb.LGBMRegressor(**params)
model.fit(fit_part[features], np.log1p(fit_part["units"]))
val_pred = np.clip(np.expm1(model.predict(val_part[features])), 0, None)
print(f"validation RMSLE: {np.sqrt(mean_squared_log_error(val_part['units'], val_pred)):.4f}")

model = lgb.LGBMRegressor(**params)
model.fit(tr[features], np.log1p(tr["units"]))
pred = np.clip(np.expm1(model.predict(te[features])), 0, None)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"].astype(int), "units": pred}).to_csv("submission/submission.csv", index=False)
print("submission rows:", len(pred), "mean units:", round(pred.mean(), 2))
