# Shop sales - predict units sold
# the data is split over several files so we need to merge them first
import pandas as pd
import numpy as np
import os
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import train_test_split
from sklearn.metrics import mean_squared_log_error

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
products = pd.read_csv("input/products.csv")
stores = pd.read_csv("input/stores.csv")
weather = pd.read_csv("input/weather.csv")

print(train.shape, test.shape)
print(products.head())
print(stores.head())
print(weather.head())

# Step 1: merge everything
train = train.merge(products, on="product_id", how="left")
train = train.merge(stores, on="store_id", how="left")
train = train.merge(weather, on=["date", "city"], how="left")

test = test.merge(products, on="product_id", how="left")
test = test.merge(stores, on="store_id", how="left")
test = test.merge(weather, on=["date", "city"], how="left")

print(train.shape, test.shape)
print(train.head())
print(train.isnull().sum())

# Step 2: feature engineering
for d in [train, test]:
    d["date"] = pd.to_datetime(d["date"])
    d["month"] = d["date"].dt.month
    d["dayofweek"] = d["date"].dt.dayofweek
    d["weekend"] = (d["dayofweek"] >= 5).astype(int)
    d["discount"] = d["base_price"] - d["price"]
    d["store_age"] = d["date"].dt.year - pd.to_datetime(d["opened"]).dt.year

train = pd.get_dummies(train, columns=["category", "store_type", "city"])
test = pd.get_dummies(test, columns=["category", "store_type", "city"])

# product id as a number
train["product_num"] = train["product_id"].str[1:].astype(int)
test["product_num"] = test["product_id"].str[1:].astype(int)

drop_cols = ["id", "date", "product_id", "opened", "units"]
features = [c for c in train.columns if c not in drop_cols]
print(features)

X = train[features]
y = train["units"]

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=42)

# Step 3: a couple of settings for the forest
for n in [50, 100]:
    for leaf in [1, 5]:
        model = RandomForestRegressor(n_estimators=n, min_samples_leaf=leaf, random_state=42)
        model.fit(X_train, y_train)
        p = model.predict(X_val)
        print(n, leaf, "RMSLE:", np.sqrt(mean_squared_log_error(y_val, p)))

model = RandomForestRegressor(n_estimators=100, min_samples_leaf=5, random_state=42)
model.fit(X, y)
for c in features:
    if c not in test.columns:
        test[c] = 0
test_pred = model.predict(test[features])

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "units": test_pred}).to_csv("submission/submission.csv", index=False)
print("submission written", len(test_pred))
