import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesRegressor

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
stores = pd.read_csv("./input/stores.csv")

train = train.merge(stores, on="store_id", how="left")
test = test.merge(stores, on="store_id", how="left")
for df in (train, test):
    df["days_open"] = (df["date"] - df["opened"]).dt.days
    df["weekday"] = df["date"].dt.dayofweek

cols = ["promo", "price", "size_sqm", "days_open", "weekday"]
et = ExtraTreesRegressor(n_estimators=300, min_samples_leaf=3, random_state=0).fit(train[cols], np.log1p(train["units"]))
pd.DataFrame({"id": test["id"], "units": np.expm1(et.predict(test[cols]))}).to_csv("./submission/submission.csv", index=False)
print("saved")
