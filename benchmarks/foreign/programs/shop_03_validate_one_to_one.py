import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.metrics import mean_squared_log_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
stores = pd.read_csv("./input/stores.csv")
products = pd.read_csv("./input/products.csv")

# each sale belongs to exactly one store, make sure the join does not duplicate anything
train = train.merge(stores, on="store_id", how="left", validate="one_to_one")
test = test.merge(stores, on="store_id", how="left", validate="one_to_one")
train = train.merge(products, on="product_id", how="left")
test = test.merge(products, on="product_id", how="left")

X = pd.get_dummies(train[["promo", "price", "size_sqm", "base_price", "store_type", "category"]], dtype=float)
X_test = pd.get_dummies(test[["promo", "price", "size_sqm", "base_price", "store_type", "category"]], dtype=float).reindex(columns=X.columns, fill_value=0)
cut = train["date"] < "2023-05-01"
rf = RandomForestRegressor(n_estimators=300, min_samples_leaf=3, random_state=0).fit(X[cut], np.log1p(train.loc[cut, "units"]))
print("RMSLE:", np.sqrt(mean_squared_log_error(train.loc[~cut, "units"], np.expm1(rf.predict(X[~cut])))))
