import os
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_squared_log_error

pd.set_option("display.width", 140)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
stores = pd.read_csv("input/stores.csv")
products = pd.read_csv("input/products.csv")

for d in (train, test):
    d["date"] = pd.to_datetime(d["date"], format="%Y-%m-%d")

print(f"train {train.shape}  test {test.shape}")
print(f"train dates {train.date.min().date()} .. {train.date.max().date()}")
print(f"test  dates {test.date.min().date()} .. {test.date.max().date()}")


def build_history_table(df):
    """price/promo history per store x product, ordered by date."""
    h = df[["id", "date", "store_id", "product_id", "price", "promo"]].copy()
    h = h.sort_values(["store_id", "product_id", "date"]).reset_index(drop=True)
    g = h.groupby(["store_id", "product_id"])
    h["price_lag1"] = g["price"].shift(1)
    h["promo_lag1"] = g["promo"].shift(1)
    h["days_since_last"] = g["date"].diff().dt.days
    h["price_roll3"] = g["price"].rolling(3, min_periods=1).mean()
    h["promo_roll5"] = g["promo"].rolling(5, min_periods=1).sum()
    h["price_vs_roll"] = h["price"] / h["price_roll3"]
    return h.drop(columns=["date", "store_id", "product_id", "price", "promo"])


def build_target_stats(df):
    """units stats per product and per store, from training rows only."""
    prod = df.groupby("product_id").agg(prod_units_mean=("units", "mean"),
                                        prod_units_med=("units", "median"),
                                        prod_n=("units", "size")).reset_index()
    store = df.groupby("store_id").agg(store_units_mean=("units", "mean"),
                                       store_promo_rate=("promo", "mean")).reset_index()
    return prod, store


def add_calendar(df):
    df["dow"] = df["date"].dt.day_of_week
    df["month"] = df["date"].dt.month
    df["doy"] = df["date"].dt.day_of_year
    return df


both = pd.concat([train, test], ignore_index=True)
hist = build_history_table(both)
prod_stats, store_stats = build_target_stats(train)

store_map = stores.set_index("store_id")
cat_codes = {c: i for i, c in enumerate(sorted(products["category"].unique()))}
type_codes = {t: i for i, t in enumerate(sorted(stores["store_type"].unique()))}


def assemble(df):
    n = len(df)
    out = df.merge(hist, on="id", how="left")
    out = out.merge(prod_stats, on="product_id", how="left")
    out = out.merge(store_stats, on="store_id", how="left")
    out = out.merge(products, on="product_id", how="left")
    assert len(out) == n
    out["store_size"] = out["store_id"].map(store_map["size_sqm"])
    out["store_type"] = out["store_id"].map(store_map["store_type"]).map(type_codes)
    out["category"] = out["category"].map(cat_codes)
    out["rel_price"] = out["price"] / out["base_price"]
    out["product_num"] = out["product_id"].str[1:].astype("int16")
    return add_calendar(out)


X_tr = assemble(train)
X_te = assemble(test)
feats = [c for c in X_tr.columns if c not in ("id", "date", "product_id", "units")]
print("features:", len(feats))

order = X_tr.sort_values("date").index
split = int(len(order) * 0.8)
i_fit, i_val = order[:split], order[split:]
y = np.log1p(X_tr["units"])

m = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.05, max_leaf_nodes=31, random_state=0)
m.fit(X_tr.loc[i_fit, feats], y[i_fit])
p = np.expm1(m.predict(X_tr.loc[i_val, feats])).clip(0)
print("val RMSLE = %.4f" % np.sqrt(mean_squared_log_error(X_tr.loc[i_val, "units"], p)))

m.fit(X_tr[feats], y)
sub = pd.DataFrame({"id": X_te["id"], "units": np.expm1(m.predict(X_te[feats])).clip(0)})
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().T)
