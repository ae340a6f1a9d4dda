# Shop sales - units per store/product/day
# join the side tables (stores, products, weather), calendar + price features,
# log1p target, ridge vs lightgbm on a time holdout

import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
import lightgbm as lgb

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
stores = pd.read_csv("input/stores.csv")
products = pd.read_csv("input/products.csv")
weather = pd.read_csv("input/weather.csv")

for name, d in [("train", train), ("test", test), ("stores", stores),
                ("products", products), ("weather", weather)]:
    print("%-9s %s" % (name, d.shape))

print("\nunits summary")
print(train["units"].describe().round(2))
print("share of zero days: %.3f" % (train["units"] == 0).mean())
print(train.groupby("promo")["units"].agg(["count", "mean", "median"]).round(2))

n_train = len(train)
full = pd.concat([train, test], axis=0, ignore_index=True)
full["date"] = pd.to_datetime(full["date"])

# ---- joins ----
stores["opened"] = pd.to_datetime(stores["opened"])
full = full.merge(stores, on="store_id", how="left")
full = full.merge(products, on="product_id", how="left")
full = full.merge(weather, on=["date", "city"], how="left")
print("after joins:", full.shape)
print(full.isnull().sum()[full.isnull().sum() > 0])

# ---- calendar ----
full["dow"] = full["date"].dt.dayofweek
full["weekend"] = (full["dow"] >= 5).astype(int)
full["month"] = full["date"].dt.month
full["t"] = (full["date"] - full["date"].min()).dt.days
full["store_age_yrs"] = (full["date"] - full["opened"]).dt.days / 365.25

# ---- price ----
full["disc"] = 1 - full["price"] / full["base_price"]
full["log_price"] = np.log(full["price"])
full["promo_x_disc"] = full["promo"] * full["disc"]
full["log_size"] = np.log(full["size_sqm"])
full["rainy"] = np.where(full["rain_mm"] > 1.0, 1, 0)
full["temp_c"] = full["temp_c"].fillna(full.groupby(["city", "month"])["temp_c"].transform("median"))

full = pd.get_dummies(full, columns=["store_type", "category", "city"], drop_first=True, dtype=float)

tr = full.iloc[:n_train].copy()
te = full.iloc[n_train:].copy()
tr["y"] = np.log1p(tr["units"])

print("\nmean log units by dow:")
print(tr.groupby("dow")["y"].mean().round(3))

feats = [c for c in full.columns if c not in
         ["id", "date", "product_id", "units", "opened", "price", "base_price", "size_sqm", "rain_mm"]]
print("features:", len(feats))

# holdout: last 20% of the training dates
cut = tr["date"].quantile(0.8)
a = tr["date"] <= cut
b = tr["date"] > cut
print("holdout from", cut.date(), " fit", a.sum(), " valid", b.sum())

sc = StandardScaler().fit(tr.loc[a, feats])
ridge = Ridge(alpha=3.0).fit(sc.transform(tr.loc[a, feats]), tr.loc[a, "y"])
p_r = ridge.predict(sc.transform(tr.loc[b, feats]))

gbm = lgb.LGBMRegressor(n_estimators=400, learning_rate=0.04, num_leaves=31, min_child_samples=20,
                        random_state=5, verbose=-1, n_jobs=2)
gbm.fit(tr.loc[a, feats], tr.loc[a, "y"])
p_g = gbm.predict(tr.loc[b, feats])


def rmsle_log(p, y):
    return np.sqrt(np.mean((np.clip(p, 0, None) - y) ** 2))


res = pd.Series({"ridge": rmsle_log(p_r, tr.loc[b, "y"]),
                 "lgbm": rmsle_log(p_g, tr.loc[b, "y"]),
                 "blend": rmsle_log(0.5 * p_r + 0.5 * p_g, tr.loc[b, "y"])})
print("\nholdout RMSLE")
print(res.round(4))

gbm.fit(tr[feats], tr["y"])
pred = np.expm1(np.clip(gbm.predict(te[feats]), 0, None))
sub = pd.DataFrame({"id": te["id"].astype(int), "units": pred})
sub.to_csv("submission/submission.csv", index=False)
print("saved", sub.shape)
