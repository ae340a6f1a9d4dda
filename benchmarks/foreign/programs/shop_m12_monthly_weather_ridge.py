# Shop sales: Ridge regression on log(units)
# Weather is noisy day to day, so I use a city x month weather profile
# (like a VLOOKUP on a monthly summary sheet) instead of the daily numbers.
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_log_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
stores = pd.read_csv("./input/stores.csv")
products = pd.read_csv("./input/products.csv")
weather = pd.read_csv("./input/weather.csv")

print("Train rows:", len(train), " Test rows:", len(test))
print(train.head().to_string())

# --- Lookup 1: store master (type, city, size)
store_lkp = stores[["store_id", "store_type", "city", "size_sqm"]].copy()
store_lkp["size_band"] = pd.cut(store_lkp["size_sqm"], bins=[0, 600, 1000, 2000],
                                labels=["small", "medium", "large"])
print("\nStore master:")
print(store_lkp.to_string(index=False))

# --- Lookup 2: product master
prod_lkp = products.copy()
prod_lkp["price_tier"] = pd.qcut(prod_lkp["base_price"], 3, labels=["budget", "mid", "premium"])
print("\nProducts per category / tier:")
print(pd.crosstab(prod_lkp["category"], prod_lkp["price_tier"]).to_string())

# --- Lookup 3: monthly weather profile per city
weather["date"] = pd.to_datetime(weather["date"])
weather["month"] = weather["date"].dt.month
wx_month = (weather.groupby(["city", "month"])
                   .agg(avg_temp=("temp_c", "mean"),
                        total_rain=("rain_mm", "sum"),
                        rainy_days=("rain_mm", lambda s: (s > 1).sum()))
                   .reset_index())
wx_month["rainy_days"] = wx_month["rainy_days"] / 2  # two years of data
print("\nWeather profile (first rows):")
print(wx_month.head(8).round(1).to_string(index=False))


def build_table(df):
    t = df.copy()
    t["month"] = t["date"].str[5:7]
    t["weekday"] = pd.to_datetime(t["date"]).dt.day_name()
    t = t.merge(store_lkp, on="store_id", how="left")
    t = t.merge(prod_lkp, on="product_id", how="left")
    t = t.merge(wx_month, on=["city", "month"], how="left")
    t["disc"] = 1 - t["price"] / t["base_price"]
    t["promo_x_disc"] = t["promo"] * t["disc"]
    return t


tr = build_table(train)
te = build_table(test)
print("\nJoined train table:", tr.shape)

summary = (tr.groupby("weekday")
             .agg(rows=("units", "size"), avg_units=("units", "mean"), total_units=("units", "sum"))
             .sort_values("total_units", ascending=False))
summary["share_pct"] = (100 * summary["total_units"] / summary["total_units"].sum()).round(1)
print(summary.round(2).to_string())

num_cols = ["price", "base_price", "disc", "promo", "promo_x_disc", "size_sqm",
            "avg_temp", "total_rain", "rainy_days"]
cat_cols = ["store_type", "city", "size_band", "category", "price_tier", "weekday", "product_id"]

all_rows = pd.concat([tr.assign(_part="train"), te.assign(_part="test")], ignore_index=True)
X_all = pd.get_dummies(all_rows[num_cols + cat_cols], columns=cat_cols, dtype=float)
X_all[num_cols] = (X_all[num_cols] - X_all[num_cols].mean()) / X_all[num_cols].std()
X_tr = X_all[all_rows["_part"] == "train"].reset_index(drop=True)
X_te = X_all[all_rows["_part"] == "test"].reset_index(drop=True)
y_tr = np.log1p(tr["units"])
print("Design matrix:", X_tr.shape)

# time holdout: everything from July 2023 on
is_val = tr["date"] >= "2023-07-01"
model = Ridge(alpha=3.0)
model.fit(X_tr[~is_val], y_tr[~is_val])
pred_val = np.expm1(model.predict(X_tr[is_val])).clip(0)
print(f"Validation RMSLE: {np.sqrt(mean_squared_log_error(tr.loc[is_val, 'units'], pred_val)):.4f}")

model.fit(X_tr, y_tr)
pred = np.expm1(model.predict(X_te)).clip(0)

sub = pd.DataFrame({"id": te["id"], "units": pred.round(3)})
sub.to_csv("./submission/submission.csv", index=False)
print("Saved submission:", sub.shape)
