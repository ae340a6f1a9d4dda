import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import root_mean_squared_log_error
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.describe().T[["mean", "std"]])

# which columns move with the price?
corr = train.drop(columns=["id"]).corr()["price"].sort_values(ascending=False)
print(corr)

for df in (train, test):
    for col in ("cut", "color", "clarity"):
        df[col] = df[col].astype("category")
features = ["carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z"]
X_tr, X_va, y_tr, y_va = train_test_split(train[features], train["price"], test_size=0.2, random_state=5)
hgb = HistGradientBoostingRegressor(categorical_features="from_dtype", max_iter=400, random_state=5).fit(X_tr, np.log1p(y_tr))
print("RMSLE", root_mean_squared_log_error(y_va, np.expm1(hgb.predict(X_va))))
