"""Shop unit sales - join products/stores/weather, LightGBM on log1p(units), RMSLE.

Debug step. attempt 1 crashed in add_calendar():
    AttributeError: Can only use .dt accessor with datetimelike values
because `date` is read as a string column. Fix: parse dates right after loading.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb

IN = "./input"
OUT = "./submission/submission.csv"
TARGET = "units"
SEED = 21


def load():
    train = pd.read_csv(os.path.join(IN, "train.csv"))
    test = pd.read_csv(os.path.join(IN, "test.csv"))
    products = pd.read_csv(os.path.join(IN, "products.csv"))
    stores = pd.read_csv(os.path.join(IN, "stores.csv"))
    weather = pd.read_csv(os.path.join(IN, "weather.csv"))
    print(f"train {train.shape} test {test.shape} products {products.shape} "
          f"stores {stores.shape} weather {weather.shape}")
    # fix: parse dates so the .dt accessor works
    for df in (train, test):
        df["date"] = pd.to_datetime(df["date"], errors="coerce")
    stores["opened"] = pd.to_datetime(stores["opened"], errors="coerce")
    return train, test, products, stores, weather


def add_calendar(df):
    df["dow"] = df["date"].dt.dayofweek
    df["month"] = df["date"].dt.month
    df["dom"] = df["date"].dt.day
    df["weekend"] = (df["dow"] >= 5).astype(int)
    df["store_age_days"] = (df["date"] - df["opened"]).dt.days
    return df


def enrich(df, products, stores, weather):
    n0 = len(df)
    df = df.merge(products, on="product_id", how="left")
    df = df.merge(stores, on="store_id", how="left")
    df = df.merge(weather, on=["date", "city"], how="left")
    assert len(df) == n0, f"merge changed row count {n0} -> {len(df)}"
    df = add_calendar(df)
    df["temp_c"] = df["temp_c"].fillna(df["temp_c"].median())
    df["rain_mm"] = df["rain_mm"].fillna(0.0)
    df["discount"] = 1.0 - df["price"] / df["base_price"].replace(0, np.nan)
    df["discount"] = df["discount"].fillna(0.0)
    for c in ["product_id", "category", "store_type", "city"]:
        df[c] = df[c].astype(str).astype("category")
    return df


def rmsle(y, p):
    return float(np.sqrt(np.mean((np.log1p(y) - np.log1p(np.clip(p, 0, None))) ** 2)))


def main():
    train, test, products, stores, weather = load()
    tr = enrich(train, products, stores, weather)
    te = enrich(test, products, stores, weather)
    # align category levels between train and test
    for c in ["product_id", "category", "store_type", "city"]:
        cats = tr[c].cat.categories.union(te[c].cat.categories)
        tr[c] = tr[c].cat.set_categories(cats)
        te[c] = te[c].cat.set_categories(cats)

    feats = ["store_id", "product_id", "promo", "price", "category", "base_price", "store_type",
             "city", "size_sqm", "temp_c", "rain_mm", "dow", "month", "dom", "weekend",
             "store_age_days", "discount"]
    feats = [f for f in feats if f in tr.columns]
    print(f"features: {feats}")

    tr = tr.sort_values("date").reset_index(drop=True)
    y_log = np.log1p(tr[TARGET].astype(float).clip(lower=0).values)
    cut_date = tr["date"].quantile(0.8)
    is_va = (tr["date"] > cut_date).values
    print(f"time holdout: {(~is_va).sum()} train rows, {is_va.sum()} valid rows (after {cut_date.date()})")

    params = dict(n_estimators=600, learning_rate=0.03, num_leaves=31, min_child_samples=20,
                  subsample=0.8, subsample_freq=1, colsample_bytree=0.8, random_state=SEED,
                  verbose=-1)
    m = lgb.LGBMRegressor(**params)
    m.fit(tr.loc[~is_va, feats], y_log[~is_va],
          eval_set=[(tr.loc[is_va, feats], y_log[is_va])],
          callbacks=[lgb.early_stopping(50, verbose=False)])
    best = m.best_iteration_ or params["n_estimators"]
    p_va = np.expm1(m.predict(tr.loc[is_va, feats], num_iteration=best))
    print(f"Validation RMSLE: {rmsle(tr.loc[is_va, TARGET].values, p_va):.4f} (best_iter={best})")

    params["n_estimators"] = int(best * 1.1) + 1
    final = lgb.LGBMRegressor(**params).fit(tr[feats], y_log)
    pred = np.clip(np.expm1(final.predict(te[feats])), 0, None)

    sub = pd.read_csv(os.path.join(IN, "sample_submission.csv"))
    sub[TARGET] = sub["id"].map(pd.Series(pred, index=te["id"].values)).fillna(float(np.median(pred)))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    sub.to_csv(OUT, index=False)
    print(f"saved {OUT}: {sub.shape}, mean units {sub[TARGET].mean():.2f}")


if __name__ == "__main__":
    main()
