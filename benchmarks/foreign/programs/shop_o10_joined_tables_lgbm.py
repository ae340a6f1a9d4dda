import os
import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_log_error

print("[info] shop-sales: join products/stores/weather, LightGBM on log units")

FILES = {"train": "train.csv", "test": "test.csv", "products": "products.csv",
         "stores": "stores.csv", "weather": "weather.csv"}
data = {}
for key, fname in FILES.items():
    path = os.path.join("input", fname)
    try:
        data[key] = pd.read_csv(path)
        print(f"[info] {key:8s} {data[key].shape}")
    except FileNotFoundError:
        print(f"[warn] {path} not found, continuing without {key}")
        data[key] = None

train, test = data["train"], data["test"]
assert train is not None and test is not None, "train/test are required"
train["_is_train"] = 1
test["_is_train"] = 0
full = pd.concat([train, test], ignore_index=True)
n_before = len(full)

if data["products"] is not None:
    full = full.merge(data["products"], on="product_id", how="left")
if data["stores"] is not None:
    full = full.merge(data["stores"], on="store_id", how="left")
assert len(full) == n_before, "row count changed after merge (duplicate keys?)"
print(f"[info] after product/store merge: {full.shape}")

if data["weather"] is not None and "city" in full.columns:
    w = data["weather"].copy()
    w = w.sort_values(["city", "date"])
    print(f"[info] weather temp_c missing: {w['temp_c'].isna().sum()}")
    w["temp_c"] = w.groupby("city")["temp_c"].fillna(method="ffill")
    w["rain_7d"] = w.groupby("city")["rain_mm"].transform(lambda s: s.rolling(7, min_periods=1).sum())
    full = full.merge(w, on=["date", "city"], how="left")
    assert len(full) == n_before
else:
    print("[warn] skipping weather features")

full["date"] = pd.to_datetime(full["date"])
full["dow"] = full["date"].dt.dayofweek
full["month"] = full["date"].dt.month
full["dom"] = full["date"].dt.day
full["price_ratio"] = full["price"] / full["base_price"]
full["store_age_days"] = (full["date"] - pd.to_datetime(full["opened"])).dt.days
for c in ["product_id", "category", "store_type", "city"]:
    if c in full.columns:
        full[c] = full[c].astype("category")

feats = [c for c in ["store_id", "product_id", "promo", "price", "base_price", "price_ratio", "category",
                     "store_type", "city", "size_sqm", "store_age_days", "temp_c", "rain_mm", "rain_7d",
                     "dow", "month", "dom"] if c in full.columns]
print(f"[info] {len(feats)} features")

tr = full[full["_is_train"] == 1].sort_values("date").reset_index(drop=True)
te = full[full["_is_train"] == 0]
y = np.log1p(tr["units"].values)

import lightgbm as lgb
params = dict(n_estimators=400, learning_rate=0.04, num_leaves=31, min_child_samples=15,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, random_state=21, verbose=-1)
cut = int(len(tr) * 0.8)
m = lgb.LGBMRegressor(**params).fit(tr.loc[:cut - 1, feats], y[:cut])
va = np.expm1(m.predict(tr.loc[cut:, feats])).clip(0)
score = np.sqrt(mean_squared_log_error(tr.loc[cut:, "units"], va))
print(f"[result] time-holdout RMSLE: {score:.5f}")

final = lgb.LGBMRegressor(**params).fit(tr[feats], y)
pred = np.expm1(final.predict(te[feats])).clip(0)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"].astype(int).values, "units": pred}).to_csv("submission/submission.csv", index=False)
print(f"[info] wrote {len(pred)} rows, mean units {pred.mean():.2f}")
