import os
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_squared_log_error

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
stores = pd.read_csv("input/stores.csv", parse_dates=["opened"])
products = pd.read_csv("input/products.csv")
weather = pd.read_csv("input/weather.csv", parse_dates=["date"])
print("train", train.shape, "test", test.shape, "weather", weather.shape)

train["is_test"] = 0
test["is_test"] = 1
df = pd.concat([train, test], ignore_index=True)
n0 = len(df)
df = df.merge(stores, on="store_id", how="left")
df = df.merge(products, on="product_id", how="left")
df = df.merge(weather, on=["date", "city"], how="left")
assert len(df) == n0, (len(df), n0)
print("joined:", df.shape, "| weather nulls:", int(df[["temp_c", "rain_mm"]].isnull().sum().sum()))

df = df.sort_values(["date", "id"]).reset_index(drop=True)

# calendar + price
df["dow"] = df["date"].dt.day_of_week
df["month"] = df["date"].dt.month
df["week"] = df["date"].dt.isocalendar().week.astype(int)
df["t_days"] = (df["date"] - df["date"].min()).dt.days
df["store_age"] = (df["date"] - df["opened"]).dt.days / 365.25
df["disc"] = 1 - df["price"] / df["base_price"]
df["rel_price_cat"] = df["price"] / df.groupby("category")["price"].transform("median")
df["promo_disc"] = df["promo"] * df["disc"]

# history of the same store x product (only past rows; test rows carry last known values)
df["log_units"] = np.log1p(df["units"])
g = df.groupby(["store_id", "product_id"])
df["prev_log_units"] = g["log_units"].shift(1)
df["prev_log_units"] = df.groupby(["store_id", "product_id"])["prev_log_units"].ffill()
df["hist_mean"] = g["log_units"].transform(lambda s: s.shift(1).expanding().mean())
df["hist_n"] = g["log_units"].transform(lambda s: s.shift(1).notna().cumsum())
df["days_since_prev"] = g["date"].diff().dt.days
# product-level history across stores
gp = df.groupby("product_id")
df["prod_hist_mean"] = gp["log_units"].transform(lambda s: s.shift(1).expanding().mean())
print("history NaN share:", df[["prev_log_units", "hist_mean", "prod_hist_mean"]].isnull().mean().round(3).to_dict())

cat_cols = ["product_id", "category", "store_type", "city"]
for c in cat_cols:
    df[c] = df[c].astype("category")

features = ["store_id", "promo", "price", "size_sqm", "base_price", "temp_c", "rain_mm", "dow",
            "month", "week", "t_days", "store_age", "disc", "rel_price_cat", "promo_disc",
            "prev_log_units", "hist_mean", "hist_n", "days_since_prev", "prod_hist_mean"] + cat_cols
missing = [f for f in features if f not in df.columns]
print("missing features:", missing)

trn = df[df["is_test"] == 0].reset_index(drop=True)
tst = df[df["is_test"] == 1].reset_index(drop=True)

# time holdout: last 20% of train dates
cut = trn["date"].quantile(0.8)
fit_m = trn["date"] < cut
print(f"holdout from {cut.date()}: fit {fit_m.sum()} rows, valid {(~fit_m).sum()} rows")


def make_model():
    return HistGradientBoostingRegressor(max_iter=400, learning_rate=0.04, max_leaf_nodes=20,
                                         min_samples_leaf=20, l2_regularization=0.5,
                                         categorical_features="from_dtype", random_state=0)


m = make_model()
m.fit(trn.loc[fit_m, features], trn.loc[fit_m, "log_units"])
va = np.expm1(np.clip(m.predict(trn.loc[~fit_m, features]), 0, None))
score = np.sqrt(mean_squared_log_error(trn.loc[~fit_m, "units"], va))
base = np.sqrt(mean_squared_log_error(trn.loc[~fit_m, "units"],
                                      np.full((~fit_m).sum(), trn.loc[fit_m, "units"].median())))
print(f"holdout rmsle: {score:.4f}   (median baseline {base:.4f})")

m = make_model()
m.fit(trn[features], trn["log_units"])
pred = np.expm1(np.clip(m.predict(tst[features]), 0, None))

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": tst["id"].astype(int), "units": pred})
sub = sub.set_index("id").loc[test["id"]].reset_index()
sub.to_csv("submission/submission.csv", index=False)
print(sub.shape, "mean pred", round(sub["units"].mean(), 3))
