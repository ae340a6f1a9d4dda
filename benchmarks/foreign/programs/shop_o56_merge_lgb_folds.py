import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_squared_error

t0 = time.time()
train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
products = pd.read_csv("input/products.csv")
stores = pd.read_csv("input/stores.csv", parse_dates=["opened"])
weather = pd.read_csv("input/weather.csv")
for name, d in [("train", train), ("test", test), ("products", products), ("stores", stores), ("weather", weather)]:
    print(f"{name:<9}{d.shape}")

train["is_test"] = 0
test["is_test"] = 1
df = pd.concat([train, test], ignore_index=True)
df = df.merge(products, on="product_id", how="left")
df = df.merge(stores, on="store_id", how="left")
print("after products+stores:", df.shape)
df = df.merge(weather, on=["date", "city"], how="left")
print("after weather:", df.shape, "| missing temp:", df["temp_c"].isna().sum())

df["dow"] = df["date"].dt.dayofweek
df["month"] = df["date"].dt.month
df["week"] = df["date"].dt.isocalendar().week.astype(int)
df["dom"] = df["date"].dt.day
df["store_age_days"] = (df["date"] - df["opened"]).dt.days
df["disc"] = 1 - df["price"] / df["base_price"]
df["rainy"] = (df["rain_mm"] > 1).astype(int)
for c in ["product_id", "category", "store_type", "city"]:
    df[c] = df[c].astype("category")

# mean units per product/store from train only
tr_part = df[df["is_test"] == 0]
for keys in [["product_id"], ["store_id"], ["product_id", "store_id"]]:
    nm = "mean_units_" + "_".join(keys)
    agg = tr_part.groupby(keys, observed=True)["units"].mean().rename(nm)
    df = df.merge(agg, on=keys, how="left")

feats = [c for c in df.columns if c not in ("id", "date", "units", "is_test", "opened")]
X = df[df["is_test"] == 0][feats].reset_index(drop=True)
X_te = df[df["is_test"] == 1][feats].reset_index(drop=True)
y = np.log1p(df.loc[df["is_test"] == 0, "units"].values)
ids = df.loc[df["is_test"] == 1, "id"].values
print("X", X.shape, "X_te", X_te.shape)

params = {"objective": "regression", "learning_rate": 0.04, "num_leaves": 31, "min_data_in_leaf": 20,
          "feature_fraction": 0.8, "bagging_fraction": 0.8, "bagging_freq": 1, "verbose": -1}
oof = np.zeros((len(X), 2))
pred = np.zeros((len(X_te), 2))
kf = KFold(5, shuffle=True, random_state=1)
for f, (a, b) in enumerate(kf.split(X)):
    bst = lgb.train(params, lgb.Dataset(X.iloc[a], y[a]), 2000,
                    valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof[b, 0] = bst.predict(X.iloc[b], num_iteration=bst.best_iteration)
    pred[:, 0] += bst.predict(X_te, num_iteration=bst.best_iteration) / 5
    hgb = HistGradientBoostingRegressor(max_iter=400, learning_rate=0.05, categorical_features="from_dtype",
                                        random_state=f)
    hgb.fit(X.iloc[a], y[a])
    oof[b, 1] = hgb.predict(X.iloc[b])
    pred[:, 1] += hgb.predict(X_te) / 5
    print(f"fold {f}: lgb {np.sqrt(mean_squared_error(y[b], oof[b, 0])):.4f} "
          f"hgb {np.sqrt(mean_squared_error(y[b], oof[b, 1])):.4f}")

np.save("oof_shop.npy", oof)
blend = oof.mean(1)
print("OOF RMSLE lgb/hgb/avg:", [round(float(np.sqrt(mean_squared_error(y, v))), 4) for v in (oof[:, 0], oof[:, 1], blend)])
os.makedirs("submission", exist_ok=True)
out = np.clip(np.expm1(pred.mean(1)), 0, None)
pd.DataFrame({"id": ids, "units": out}).to_csv("submission/submission.csv", index=False)
print(f"written {len(out)} rows in {time.time() - t0:.1f}s")
