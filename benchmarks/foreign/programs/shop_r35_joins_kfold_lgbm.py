import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

SEED = 5
NF = 5

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
stores = pd.read_csv("input/stores.csv", parse_dates=["opened"])
products = pd.read_csv("input/products.csv")
weather = pd.read_csv("input/weather.csv", parse_dates=["date"])
sample = pd.read_csv("input/sample_submission.csv")
for name, d in [("train", train), ("test", test), ("stores", stores), ("products", products), ("weather", weather)]:
    print(f"{name:9s} {d.shape}")

weather["rainy"] = (weather["rain_mm"] > 1.0).astype(int)
weather["temp_bin"] = pd.cut(weather["temp_c"], [-50, 0, 10, 20, 50], labels=False)


def join_all(df):
    n0 = len(df)
    df = df.merge(stores, on="store_id", how="left")
    df = df.merge(products, on="product_id", how="left")
    df = df.merge(weather, on="date", how="left")
    print(f"  joined: {n0} -> {len(df)} rows, {df.shape[1]} cols")
    return df


train = join_all(train)
test = join_all(test)
train = train.drop(columns=["city_y"]).rename(columns={"city_x": "city"})
test = test.drop(columns=["city_y"]).rename(columns={"city_x": "city"})

for d in (train, test):
    d["dow"] = d["date"].dt.dayofweek
    d["month"] = d["date"].dt.month
    d["dom"] = d["date"].dt.day
    d["weekend"] = (d["dow"] >= 5).astype(int)
    d["store_age_days"] = (d["date"] - d["opened"]).dt.days
    d["discount"] = 1 - d["price"] / d["base_price"]
    d["log_price"] = np.log(d["price"])
    d["promo_x_discount"] = d["promo"] * d["discount"]
    d["size_log"] = np.log(d["size_sqm"])

# target aggregates from train (log units)
train["log_units"] = np.log1p(train["units"])
for keys in (["store_id", "product_id"], ["product_id"], ["category", "store_type"], ["store_id"]):
    nm = "te_" + "_".join(keys)
    g = train.groupby(keys)["log_units"].mean().rename(nm).reset_index()
    train = train.merge(g, on=keys, how="left")
    test = test.merge(g, on=keys, how="left")
print("train", train.shape, "test", test.shape)

cat_cols = ["product_id", "category", "store_type", "city"]
for c in cat_cols:
    cats = pd.Categorical(train[c]).categories
    train[c] = pd.Categorical(train[c], categories=cats)
    test[c] = pd.Categorical(test[c], categories=cats)

drop = ["id", "date", "units", "log_units", "opened"]
features = [c for c in train.columns if c not in drop]
print(len(features), "features:", features)

params = dict(n_estimators=500, learning_rate=0.03, num_leaves=31, min_child_samples=20,
              colsample_bytree=0.8, subsample=0.8, subsample_freq=1, random_state=SEED, verbose=-1)
kf = KFold(NF, shuffle=True, random_state=SEED)
y = train["log_units"].values
oof = np.zeros(len(train))
pred = np.zeros(len(test))
for k, (a, b) in enumerate(kf.split(train)):
    m = lgb.LGBMRegressor(**params)
    m.fit(train.loc[a, features], y[a])
    oof[b] = m.predict(train.loc[b, features])
    pred += m.predict(test[features]) / NF
    print(f"fold {k+1}: rmsle {np.sqrt(np.mean((np.clip(oof[b], 0, None) - y[b]) ** 2)):.4f}")
print(f"OOF rmsle: {np.sqrt(np.mean((np.clip(oof, 0, None) - y) ** 2)):.4f}")

os.makedirs("submission", exist_ok=True)
sample["units"] = np.expm1(np.clip(pred, 0, None))
sample.to_csv("submission/submission.csv", index=False)
print(sample.head())
