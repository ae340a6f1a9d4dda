# Shop sales - units forecast
# Build one flat fact table: sales + store master + product master + daily weather,
# then a couple of "history" lookup tables, then a LightGBM on log units.
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_squared_log_error

pd.set_option("display.width", 160)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
stores = pd.read_csv("./input/stores.csv")
products = pd.read_csv("./input/products.csv")
weather = pd.read_csv("./input/weather.csv")

print("train", train.shape, "test", test.shape)
print("stores", stores.shape, "products", products.shape, "weather", weather.shape)

# ---- one table for everything, flag the rows so we can split back later
train["is_train"] = 1
test["is_train"] = 0
test["units"] = np.nan
sales = pd.concat([train, test], ignore_index=True)

# dates as real dates in every table before joining
sales["date"] = pd.to_datetime(sales["date"], format="%Y-%m-%d")
weather["date"] = pd.to_datetime(weather["date"], format="%Y-%m-%d")
stores["opened"] = pd.to_datetime(stores["opened"], format="%Y-%m-%d")

sales = sales.merge(stores, on="store_id", how="left", validate="many_to_one")
sales = sales.merge(products, on="product_id", how="left", validate="many_to_one")
sales = sales.merge(weather, on=["date", "city"], how="left", validate="many_to_one")
print("fact table:", sales.shape)
print("rows with no weather match:", int(sales["temp_c"].isna().sum()))

# ---- derived columns, like calculated fields in a pivot
sales["dow"] = sales["date"].dt.dayofweek
sales["month"] = sales["date"].dt.month
sales["weekend"] = np.where(sales["dow"] >= 5, 1, 0)
sales["store_age_yrs"] = (sales["date"] - sales["opened"]).dt.days / 365.25
sales["discount_pct"] = (1 - sales["price"] / sales["base_price"]).round(3)
sales["rainy"] = np.where(sales["rain_mm"] > 1.0, 1, 0)
sales["temp_band"] = pd.cut(sales["temp_c"], bins=[-30, 5, 15, 25, 50],
                            labels=["cold", "mild", "warm", "hot"])

hist = sales[sales["is_train"] == 1]

print("\nUnits by category and store type (mean):")
pv = hist.pivot_table(index="category", columns="store_type", values="units", aggfunc="mean")
print(pv.round(2).to_string())

print("\nPromo lift by category:")
lift = (hist.groupby(["category", "promo"])
            .agg(avg_units=("units", "mean"), n=("units", "size"))
            .reset_index())
print(lift.round(2).to_string(index=False))

print("\nUnits by temperature band:")
print(hist.groupby("temp_band", observed=True)["units"].agg(["mean", "count"]).round(2).to_string())

# ---- split: last ~6 weeks of history is the holdout (test is the months after train)
cutoff = pd.Timestamp("2023-06-25")
fit_rows = hist[hist["date"] < cutoff]
val_rows = hist[hist["date"] >= cutoff]
print(f"\nfit rows {len(fit_rows)}, holdout rows {len(val_rows)}")


def add_history(frame, source):
    # lookup tables built only from 'source' rows (no peeking at the rows we score)
    sp = (source.groupby(["store_id", "product_id"])
                .agg(sp_avg_units=("units", "mean"), sp_n=("units", "size"))
                .reset_index())
    pr = (source.groupby("product_id")
                .agg(prod_avg_units=("units", "mean"), prod_med_units=("units", "median"))
                .reset_index())
    st = (source.groupby("store_id")
                .agg(store_avg_units=("units", "mean"))
                .reset_index())
    out = frame.merge(sp, on=["store_id", "product_id"], how="left")
    out = out.merge(pr, on="product_id", how="left")
    out = out.merge(st, on="store_id", how="left")
    out["sp_avg_units"] = out["sp_avg_units"].fillna(out["prod_avg_units"])
    out["sp_n"] = out["sp_n"].fillna(0)
    return out


features = ["promo", "price", "base_price", "discount_pct", "size_sqm", "store_age_yrs",
            "temp_c", "rain_mm", "rainy", "dow", "month", "weekend",
            "sp_avg_units", "sp_n", "prod_avg_units", "prod_med_units", "store_avg_units",
            "store_type", "city", "category"]
cat_cols = ["store_type", "city", "category"]


def prep(frame):
    X = frame[features].copy()
    for c in cat_cols:
        X[c] = X[c].astype("category")
    return X


fit_t = add_history(fit_rows, fit_rows)
val_t = add_history(val_rows, fit_rows)

params = dict(n_estimators=400, learning_rate=0.03, num_leaves=31, min_child_samples=20,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, random_state=42, verbose=-1)

# the naive "store x product average" rule first, as the number to beat
naive = val_t["sp_avg_units"].fillna(fit_rows["units"].mean())
print(f"Naive store-product average RMSLE: {np.sqrt(mean_squared_log_error(val_t['units'], naive)):.4f}")

model = lgb.LGBMRegressor(**params)
model.fit(prep(fit_t), np.log1p(fit_t["units"]))
val_pred = np.clip(np.expm1(model.predict(prep(val_t))), 0, None)
rmsle = np.sqrt(mean_squared_log_error(val_t["units"], val_pred))
print(f"Validation RMSLE: {rmsle:.4f}")

# ---- refit on all history and score the test months
all_t = add_history(hist, hist)
test_t = add_history(sales[sales["is_train"] == 0], hist)

final = lgb.LGBMRegressor(**params)
final.fit(prep(all_t), np.log1p(all_t["units"]))
test_pred = np.clip(np.expm1(final.predict(prep(test_t))), 0, None)

imp = (pd.DataFrame({"feature": features, "gain_splits": final.feature_importances_})
         .sort_values("gain_splits", ascending=False))
print("\nTop features:")
print(imp.head(10).to_string(index=False))

sub = pd.DataFrame({"id": test_t["id"].astype(int), "units": test_pred})
sample = pd.read_csv("./input/sample_submission.csv")
sub = sample[["id"]].merge(sub, on="id", how="left")
print("missing predictions:", int(sub["units"].isna().sum()))
sub.to_csv("./submission/submission.csv", index=False)
print("wrote", sub.shape, "mean predicted units", round(sub["units"].mean(), 2))
