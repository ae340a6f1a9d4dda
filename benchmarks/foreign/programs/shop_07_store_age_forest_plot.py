import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
stores = pd.read_csv("./input/stores.csv", parse_dates=["opened"])
products = pd.read_csv("./input/products.csv")


def enrich(df):
    df = df.merge(stores, on="store_id", how="left").merge(products, on="product_id", how="left")
    df["store_age_years"] = (df["date"] - df["opened"]).dt.days / 365.25
    df["weekday"] = df["date"].dt.dayofweek
    df["is_mall"] = (df["store_type"] == "mall").astype(int)
    df["cat_code"] = df["category"].astype("category").cat.codes
    return df


train, test = enrich(train), enrich(test)
by_day = train.groupby("weekday")["units"].mean()
plt.bar([DAYS[d] for d in by_day.index], by_day.values)
plt.title("mean units by weekday")
plt.savefig("./working/units_by_weekday.png")

cols = ["promo", "price", "base_price", "size_sqm", "store_age_years", "weekday", "is_mall", "cat_code"]
recent = train["date"] >= "2023-05-01"
rf = RandomForestRegressor(n_estimators=250, min_samples_leaf=4, max_features=0.6, random_state=1, n_jobs=1)
rf.fit(train.loc[~recent, cols], np.log1p(train.loc[~recent, "units"]))
err = np.sqrt(np.mean((rf.predict(train.loc[recent, cols]) - np.log1p(train.loc[recent, "units"])) ** 2))
print(f"RMSLE on the last three months: {err:.4f}")
rf.fit(train[cols], np.log1p(train["units"]))
pd.DataFrame({"id": test["id"], "units": np.expm1(rf.predict(test[cols]))}).to_csv("./submission/submission.csv", index=False)
