import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import root_mean_squared_log_error
from sklearn.model_selection import TimeSeriesSplit
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OrdinalEncoder

stores = pd.read_csv("./input/stores.csv")
products = pd.read_csv("./input/products.csv")
weather = pd.read_csv("./input/weather.csv")


def enrich(df):
    df = df.merge(stores, on="store_id").merge(products, on="product_id").merge(weather, on=["date", "city"], how="left")
    when = pd.to_datetime(df["date"])
    df["weekday"] = when.dt.dayofweek
    df["month"] = when.dt.month
    df["rel_price"] = df["price"] / df["base_price"]
    return df


train = enrich(pd.read_csv("./input/train.csv")).sort_values("date").reset_index(drop=True)
test = enrich(pd.read_csv("./input/test.csv"))
cats = ["store_type", "city", "category", "product_id"]
nums = ["store_id", "promo", "price", "rel_price", "size_sqm", "temp_c", "rain_mm", "weekday", "month"]
model = Pipeline(
    [
        ("prep", ColumnTransformer([("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), cats), ("num", "passthrough", nums)])),
        ("hgb", HistGradientBoostingRegressor(loss="poisson", max_iter=300, learning_rate=0.05, categorical_features=[0, 1, 2, 3], random_state=0)),
    ]
)
scores = []
for a, b in TimeSeriesSplit(n_splits=4).split(train):
    model.fit(train.loc[a, cats + nums], train.loc[a, "units"])
    scores.append(root_mean_squared_log_error(train.loc[b, "units"], model.predict(train.loc[b, cats + nums])))
print("RMSLE by time split:", np.round(scores, 4), "mean", round(float(np.mean(scores)), 4))
model.fit(train[cats + nums], train["units"])
pd.DataFrame({"id": test["id"], "units": model.predict(test[cats + nums])}).to_csv("./submission/submission.csv", index=False)
