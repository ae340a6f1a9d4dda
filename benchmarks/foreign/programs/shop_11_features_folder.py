import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
products = pd.read_csv("./input/products.csv")
stores = pd.read_csv("./input/stores.csv")


def features(df):
    df = df.merge(products, on="product_id", how="left").merge(stores, on="store_id", how="left")
    df["dow"] = df["date"].dt.dayofweek
    df["month"] = df["date"].dt.month
    df["discount"] = 1 - df["price"] / df["base_price"]
    df["category_code"] = df["category"].astype("category").cat.codes
    df["type_code"] = df["store_type"].astype("category").cat.codes
    return df


train_f = features(train)
test_f = features(test)
train_f.to_csv("features/train_features.csv", index=False)
test_f.to_csv("features/test_features.csv", index=False)

cols = ["promo", "price", "discount", "size_sqm", "dow", "month", "category_code", "type_code"]
hgb = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.05, random_state=0).fit(train_f[cols], np.log1p(train_f["units"]))
pd.DataFrame({"id": test_f["id"], "units": np.expm1(hgb.predict(test_f[cols]))}).to_csv("./submission/submission.csv", index=False)
