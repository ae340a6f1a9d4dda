import os
import numpy as np
import pandas as pd
import lightgbm as lgb

IN = "input/"


def read_all():
    tables = {}
    for name in ["train", "test", "stores", "products", "weather"]:
        tables[name] = pd.read_csv(IN + name + ".csv")
        print(f"  {name:<9} {tables[name].shape}")
    return tables


def store_lookup(stores):
    s = stores.copy()
    s["opened"] = pd.to_datetime(s["opened"])
    s["opened_year"] = s["opened"].dt.year.astype("int16")
    return {
        "city": dict(zip(s.store_id, s.city)),
        "store_type": dict(zip(s.store_id, s.store_type)),
        "size_sqm": dict(zip(s.store_id, s.size_sqm)),
        "opened_year": dict(zip(s.store_id, s.opened_year)),
    }


def weather_table(weather):
    w = weather.copy()
    w["date"] = pd.to_datetime(w["date"])
    w = w.sort_values(["city", "date"])
    w["temp_c"] = w.groupby("city")["temp_c"].ffill()
    w["temp_7d"] = w.groupby("city")["temp_c"].transform(lambda s: s.rolling(7, min_periods=1).mean())
    w["rainy"] = (w["rain_mm"] > 1.0).astype("int8")
    return w[["date", "city", "temp_c", "temp_7d", "rain_mm", "rainy"]]


def daily_context(df):
    """per-date aggregates over all stores/products on that day (no target used)."""
    d = df.groupby("date").agg(day_rows=("id", "size"),
                               day_promo_share=("promo", "mean"),
                               day_mean_price=("price", "mean")).reset_index()
    return d


def calendar(df):
    df["dow"] = df["date"].dt.day_of_week.astype("int8")
    df["month"] = df["date"].dt.month.astype("int8")
    df["quarter"] = df["date"].dt.quarter.astype("int8")
    df["dec"] = (df["month"] == 12).astype("int8")
    return df


tables = read_all()
lk = store_lookup(tables["stores"])
wt = weather_table(tables["weather"])
base_price = dict(zip(tables["products"].product_id, tables["products"].base_price))
category = dict(zip(tables["products"].product_id, tables["products"].category))

full = pd.concat([tables["train"], tables["test"]], ignore_index=True)
full["date"] = pd.to_datetime(full["date"])
n0 = len(full)

for col, mapping in lk.items():
    full[col] = full["store_id"].map(mapping)
full["base_price"] = full["product_id"].map(base_price)
full["category"] = full["product_id"].map(category)
full["price_ratio"] = full["price"] / full["base_price"]

full = full.merge(wt, on=["date", "city"], how="left")
full = full.merge(daily_context(full), on="date", how="left")
assert len(full) == n0
assert full["id"].is_unique
full = calendar(full)

for c in ["city", "store_type", "category", "product_id"]:
    full[c] = full[c].astype("category")
for c in ["price", "base_price", "price_ratio", "temp_c", "temp_7d", "rain_mm", "day_promo_share", "day_mean_price"]:
    full[c] = full[c].astype("float32")

print("missing after joins:\n", full.isna().sum()[full.isna().sum() > 0].to_string())

FEATS = ["store_id", "product_id", "promo", "price", "base_price", "price_ratio", "category",
         "city", "store_type", "size_sqm", "opened_year", "temp_c", "temp_7d", "rain_mm", "rainy",
         "day_rows", "day_promo_share", "day_mean_price", "dow", "month", "quarter", "dec"]

is_train = full["units"].notna()
trn = full[is_train].sort_values("date")
tst = full[~is_train]
y = np.log1p(trn["units"])

# expanding-window validation: 3 folds on date order
dates = np.sort(trn["date"].unique())
cuts = [dates[int(len(dates) * q)] for q in (0.55, 0.7, 0.85)]
scores, best_iters = [], []
for k, cut in enumerate(cuts):
    a = trn["date"] < cut
    b = (trn["date"] >= cut) & (trn["date"] < cut + pd.Timedelta(days=60))
    mdl = lgb.LGBMRegressor(n_estimators=600, learning_rate=0.03, num_leaves=15, min_child_samples=15,
                            colsample_bytree=0.8, verbose=-1)
    mdl.fit(trn.loc[a, FEATS], y[a], eval_set=[(trn.loc[b, FEATS], y[b])],
            callbacks=[lgb.early_stopping(50, verbose=False)])
    pred = mdl.predict(trn.loc[b, FEATS], num_iteration=mdl.best_iteration_)
    rmsle = np.sqrt(np.mean((np.clip(pred, 0, None) - y[b]) ** 2))
    scores.append(rmsle)
    best_iters.append(mdl.best_iteration_)
    print(f"fold {k}: train<{pd.Timestamp(cut).date()} n_fit={a.sum()} n_val={b.sum()} "
          f"best_iter={mdl.best_iteration_} rmsle={rmsle:.4f}")
print(f"mean RMSLE {np.mean(scores):.4f} +- {np.std(scores):.4f}")

n_final = int(np.mean(best_iters) * 1.1) + 1
final = lgb.LGBMRegressor(n_estimators=n_final, learning_rate=0.03, num_leaves=15, min_child_samples=15,
                          colsample_bytree=0.8, verbose=-1)
final.fit(trn[FEATS], y)
out = pd.DataFrame({"id": tst["id"].astype(int), "units": np.expm1(final.predict(tst[FEATS])).clip(0)})
os.makedirs("submission", exist_ok=True)
out.to_csv("submission/submission.csv", index=False)
print(f"final model {n_final} trees; submission {out.shape}, mean units {out.units.mean():.2f}")
