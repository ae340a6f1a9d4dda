import lightgbm as lgb
import numpy as np
import pandas as pd

CATEGORICAL = ["store_id", "product_id", "category", "city", "store_type"]


def frame(path, stores, products, weather):
    df = pd.read_csv(path)
    df = df.merge(stores, on="store_id", how="left").merge(products, on="product_id", how="left")
    df = df.merge(weather, on=["date", "city"], how="left")
    when = pd.to_datetime(df["date"])
    df["dow"] = when.dt.dayofweek
    df["week"] = when.dt.isocalendar().week.astype(int)
    df["promo_price"] = df["price"] * df["promo"]
    return df


stores = pd.read_csv("./input/stores.csv")
products = pd.read_csv("./input/products.csv")
weather = pd.read_csv("./input/weather.csv")
train = frame("./input/train.csv", stores, products, weather)
test = frame("./input/test.csv", stores, products, weather)
for col in CATEGORICAL:
    levels = sorted(train[col].unique())
    train[col] = pd.Categorical(train[col], categories=levels)
    test[col] = pd.Categorical(test[col], categories=levels)
features = CATEGORICAL + ["promo", "price", "promo_price", "size_sqm", "base_price", "temp_c", "rain_mm", "dow", "week"]

params = {"objective": "regression", "metric": "rmse", "learning_rate": 0.04, "num_leaves": 24, "min_data_in_leaf": 25, "cat_smooth": 10, "verbose": -1}
data = lgb.Dataset(train[features], np.log1p(train["units"]), categorical_feature=CATEGORICAL, free_raw_data=False)
result = lgb.cv(params, data, num_boost_round=2000, nfold=5, stratified=False, seed=0,
                callbacks=[lgb.early_stopping(80, verbose=False), lgb.log_evaluation(200)])
rounds = len(result["valid rmse-mean"])
print(f"5-fold CV RMSLE: {result['valid rmse-mean'][-1]:.4f} at {rounds} rounds")
model = lgb.train(params, data, num_boost_round=rounds)
pd.DataFrame({"id": test["id"], "units": np.expm1(model.predict(test[features])).clip(0)}).to_csv("./submission/submission.csv", index=False)
