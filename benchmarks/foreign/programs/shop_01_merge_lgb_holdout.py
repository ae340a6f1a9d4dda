import lightgbm as lgb
import numpy as np
import pandas as pd

DATA = "./input/"


def load_tables():
    train = pd.read_csv(DATA + "train.csv", parse_dates=["date"])
    test = pd.read_csv(DATA + "test.csv", parse_dates=["date"])
    stores = pd.read_csv(DATA + "stores.csv", parse_dates=["opened"])
    products = pd.read_csv(DATA + "products.csv")
    weather = pd.read_csv(DATA + "weather.csv", parse_dates=["date"])
    return train, test, stores, products, weather


def build(df, stores, products, weather):
    out = df.merge(stores, on="store_id", how="left").merge(products, on="product_id", how="left")
    out = out.merge(weather, on=["date", "city"], how="left")
    out["dow"] = out["date"].dt.dayofweek
    out["month"] = out["date"].dt.month
    out["doy"] = out["date"].dt.dayofyear
    out["store_age_days"] = (out["date"] - out["opened"]).dt.days
    out["discount"] = 1 - out["price"] / out["base_price"]
    for col in ("store_type", "city", "category", "product_id"):
        out[col] = out[col].astype("category")
    return out


train, test, stores, products, weather = load_tables()
tr = build(train, stores, products, weather)
te = build(test, stores, products, weather)
for col in ("store_type", "city", "category", "product_id"):
    te[col] = pd.Categorical(te[col], categories=tr[col].cat.categories)
features = ["store_id", "product_id", "promo", "price", "store_type", "city", "size_sqm", "category", "base_price",
            "temp_c", "rain_mm", "dow", "month", "doy", "store_age_days", "discount"]

cutoff = tr["date"].max() - pd.Timedelta(days=90)
fit, hold = tr[tr["date"] <= cutoff], tr[tr["date"] > cutoff]
params = {"objective": "regression", "metric": "rmse", "learning_rate": 0.03, "num_leaves": 31, "min_data_in_leaf": 20, "verbose": -1}
booster = lgb.train(
    params,
    lgb.Dataset(fit[features], np.log1p(fit["units"])),
    num_boost_round=3000,
    valid_sets=[lgb.Dataset(hold[features], np.log1p(hold["units"]))],
    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(200)],
)
print(f"holdout RMSLE (last 90 days): {booster.best_score['valid_0']['rmse']:.4f}")
final = lgb.train(params, lgb.Dataset(tr[features], np.log1p(tr["units"])), num_boost_round=booster.best_iteration)
pd.DataFrame({"id": te["id"], "units": np.expm1(final.predict(te[features])).clip(0)}).to_csv(
    "./submission/submission.csv", index=False
)
