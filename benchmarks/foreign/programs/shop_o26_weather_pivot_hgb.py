import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_squared_log_error

train_raw = pd.read_csv("input/train.csv")
test_raw = pd.read_csv("input/test.csv")
stores = pd.read_csv("input/stores.csv").drop(columns="opened")
products = pd.read_csv("input/products.csv")
weather = pd.read_csv("input/weather.csv", parse_dates=["date"])

print(f"train {train_raw.shape}  test {test_raw.shape}  weather {weather.shape}")

# how much does a promo lift each category? (quick look before modelling)
(
    train_raw.merge(products, on="product_id")
    .pivot_table(index="category", columns="promo", values="units", aggfunc="mean")
    .rename(columns={0: "no_promo", 1: "promo"})
    .assign(lift=lambda d: d.promo / d.no_promo)
    .sort_values("lift", ascending=False)
    .round(2)
    .pipe(print)
)

# weather in long form -> wide, one column per city and measure, then averaged per city later
weather_wide = (
    weather.melt(id_vars=["date", "city"], var_name="measure")
    .pivot_table(index=["date", "city"], columns="measure", values="value")
    .reset_index()
    .rename_axis(columns=None)
    .assign(
        temp_c=lambda d: d.groupby("city")["temp_c"].transform(lambda s: s.fillna(s.mean())),
        rainy=lambda d: (d.rain_mm > 1.0).astype(int),
    )
)


def with_lookups(df):
    return (
        df.merge(stores, on="store_id", how="left")
        .merge(products, on="product_id", how="left")
        .merge(weather_wide, on=["date", "city"], how="left")
    )


def features(df):
    return df.assign(
        date=lambda d: pd.to_datetime(d.date),
        dow=lambda d: d.date.dt.day_of_week,
        month=lambda d: d.date.dt.month,
        weekend=lambda d: (d.dow >= 5).astype(int),
        rel_price=lambda d: d.price / d.base_price,
        product_code=lambda d: d.product_id.str[1:].astype(int),
        store_type=lambda d: d.store_type.map({"street": 0, "mall": 1, "outlet": 2}),
        category=lambda d: d.category.astype("category").cat.codes,
    )


COLS = ["store_id", "product_code", "promo", "price", "rel_price", "size_sqm", "store_type",
        "category", "temp_c", "rain_mm", "rainy", "dow", "month", "weekend"]

train = train_raw.pipe(with_lookups).pipe(features).sort_values("date")
test = test_raw.pipe(with_lookups).pipe(features)

split = int(len(train) * 0.8)
tr, va = train.iloc[:split], train.iloc[split:]

model = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.05, max_leaf_nodes=31,
                                      l2_regularization=1.0, random_state=0)
model.fit(tr[COLS], np.log1p(tr.units))
pred = np.expm1(model.predict(va[COLS])).clip(0)
print("holdout rmsle:", round(np.sqrt(mean_squared_log_error(va.units, pred)), 4))

model.fit(train[COLS], np.log1p(train.units))
(
    test.assign(units=np.expm1(model.predict(test[COLS])).clip(0))
    [["id", "units"]]
    .sort_values("id")
    .to_csv("submission/submission.csv", index=False)
)
print("done")
