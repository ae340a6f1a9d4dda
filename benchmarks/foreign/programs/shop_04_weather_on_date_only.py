import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
stores = pd.read_csv("./input/stores.csv")
weather = pd.read_csv("./input/weather.csv")

train = train.merge(weather, on="date", how="left").merge(stores, on="store_id", how="left")
test = test.merge(weather, on="date", how="left").merge(stores, on="store_id", how="left")
print(train.shape, test.shape)

for df in (train, test):
    df["warm"] = (df["temp_c"] > 20).astype(int)
    df["big_city"] = df["city"].isin(["Lyon", "Turin"]).astype(int)
cols = ["promo", "price", "size_sqm", "temp_c", "rain_mm", "warm", "big_city"]
gbr = GradientBoostingRegressor(n_estimators=200, max_depth=3, random_state=0).fit(train[cols].fillna(0), np.log1p(train["units"]))
pd.DataFrame({"id": test["id"], "units": np.expm1(gbr.predict(test[cols].fillna(0)))}).to_csv("./submission/submission.csv", index=False)
