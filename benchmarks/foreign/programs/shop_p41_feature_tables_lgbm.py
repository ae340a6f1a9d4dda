import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_squared_log_error

INPUT = "input"
KEYS = ["date", "store_id", "product_id"]


def load_raw():
    train = pd.read_csv(f"{INPUT}/train.csv", parse_dates=["date"])
    test = pd.read_csv(f"{INPUT}/test.csv", parse_dates=["date"])
    stores = pd.read_csv(f"{INPUT}/stores.csv", parse_dates=["opened"])
    products = pd.read_csv(f"{INPUT}/products.csv")
    weather = pd.read_csv(f"{INPUT}/weather.csv", parse_dates=["date"])
    return train, test, stores, products, weather


def build_store_features(stores):
    out = stores.copy()
    out["store_type"] = out["store_type"].astype("category")
    out["city"] = out["city"].astype("category")
    out["size_sqm"] = out["size_sqm"].astype("int32")
    return out


def build_product_features(products):
    out = products.copy()
    out["category"] = out["category"].astype("category")
    out["base_price"] = out["base_price"].astype("float32")
    return out


def build_weather_features(weather):
    w = weather.sort_values(["city", "date"]).copy()
    # a few missing temps -> interpolate inside each city
    w["temp_c"] = w.groupby("city")["temp_c"].transform(lambda s: s.interpolate(limit_direction="both"))
    w["rain_3d"] = w.groupby("city")["rain_mm"].transform(lambda s: s.rolling(3, min_periods=1).sum())
    w["temp_c"] = w["temp_c"].astype("float32")
    w["rain_mm"] = w["rain_mm"].astype("float32")
    w["rain_3d"] = w["rain_3d"].astype("float32")
    return w


def add_calendar_features(df):
    df["dow"] = df["date"].dt.dayofweek.astype("int8")
    df["month"] = df["date"].dt.month.astype("int8")
    df["dom"] = df["date"].dt.day.astype("int8")
    df["weekofyear"] = df["date"].dt.isocalendar().week.astype("int8")
    df["is_weekend"] = (df["dow"] >= 5).astype("int8")
    return df


def assemble(base, stores_f, products_f, weather_f):
    n = len(base)
    df = base.merge(stores_f, on="store_id", how="left")
    df = df.merge(products_f, on="product_id", how="left")
    df = df.merge(weather_f, on=["date", "city"], how="left")
    assert len(df) == n, f"row count changed after joins: {n} -> {len(df)}"
    assert df["id"].is_unique
    df["store_age_days"] = (df["date"] - df["opened"]).dt.days.astype("int32")
    df["discount"] = (1 - df["price"] / df["base_price"]).astype("float32")
    df["product_id"] = df["product_id"].astype("category")
    df = add_calendar_features(df)
    return df


train, test, stores, products, weather = load_raw()
print("raw shapes:", train.shape, test.shape, stores.shape, products.shape, weather.shape)

stores_f = build_store_features(stores)
products_f = build_product_features(products)
weather_f = build_weather_features(weather)

full = pd.concat([train.assign(_set="train"), test.assign(_set="test")], ignore_index=True)
full = assemble(full, stores_f, products_f, weather_f)

# lookup: average units per store x product from train only
sp_mean = train.groupby(["store_id", "product_id"])["units"].mean().to_dict()
full["sp_mean_units"] = [sp_mean.get((s, p), np.nan) for s, p in zip(full["store_id"], full["product_id"])]
full["sp_mean_units"] = full["sp_mean_units"].astype("float32")

FEATURES = ["store_id", "product_id", "promo", "price", "store_type", "city", "size_sqm",
            "category", "base_price", "temp_c", "rain_mm", "rain_3d", "store_age_days",
            "discount", "dow", "month", "dom", "weekofyear", "is_weekend", "sp_mean_units"]

tr = full[full["_set"] == "train"].sort_values("date").reset_index(drop=True)
te = full[full["_set"] == "test"].reset_index(drop=True)
print("assembled:", tr.shape, te.shape)
print(tr[FEATURES].dtypes.value_counts())

cut = tr["date"].quantile(0.8)
fit_part = tr[tr["date"] < cut]
val_part = tr[tr["date"] >= cut]
print(f"time split at {cut.date()}: fit={len(fit_part)} val={len(val_part)}")

params = dict(n_estimators=400, learning_rate=0.03, num_leaves=31, min_child_samples=20,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, verbose=-1, random_state=7)
model = lgb.LGBMRegressor(**params)
model.fit(fit_part[FEATURES], np.log1p(fit_part["units"]))
val_pred = np.clip(np.expm1(model.predict(val_part[FEATURES])), 0, None)
score = np.sqrt(mean_squared_log_error(val_part["units"], val_pred))
print(f"holdout RMSLE: {score:.4f}")

imp = pd.Series(model.feature_importances_, index=FEATURES).sort_values(ascending=False)
print("top features:\n" + imp.head(8).to_string())

final = lgb.LGBMRegressor(**params)
final.fit(tr[FEATURES], np.log1p(tr["units"]))
te["units"] = np.clip(np.expm1(final.predict(te[FEATURES])), 0, None)

os.makedirs("submission", exist_ok=True)
te[["id", "units"]].to_csv("submission/submission.csv", index=False)
print("wrote", len(te), "rows")
