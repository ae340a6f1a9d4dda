import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
products = pd.read_csv("./input/products.csv")
for df in (train, test):
    df["weekday"] = df["date"].dt.dayofweek

# weekday profile of each product category, as a wide table joined back
cat_train = train.merge(products, on="product_id")
profile = cat_train.pivot_table(index="category", columns="weekday", values="units", aggfunc="mean")
profile.columns = [f"wd{c}_mean" for c in profile.columns]
profile = profile.div(profile.mean(axis=1), axis=0).reset_index()


def enrich(df):
    df = df.merge(products, on="product_id", how="left").merge(profile, on="category", how="left")
    df["weekday_factor"] = df.apply(lambda r: r[f"wd{r['weekday']}_mean"], axis=1)
    df["discount"] = 1 - df["price"] / df["base_price"]
    return df


tr, te = enrich(train), enrich(test)
cols = ["promo", "price", "base_price", "discount", "weekday", "weekday_factor", "store_id"]
cut = tr["date"] >= "2023-05-01"
gbr = GradientBoostingRegressor(n_estimators=300, max_depth=4, learning_rate=0.05, subsample=0.9, random_state=0)
gbr.fit(tr.loc[~cut, cols], np.log1p(tr.loc[~cut, "units"]))
rmsle = np.sqrt(np.mean((gbr.predict(tr.loc[cut, cols]) - np.log1p(tr.loc[cut, "units"])) ** 2))
print(f"recent-months RMSLE: {rmsle:.4f}")
gbr.fit(tr[cols], np.log1p(tr["units"]))
pd.DataFrame({"id": te["id"], "units": np.expm1(gbr.predict(te[cols]))}).to_csv("./submission/submission.csv", index=False)
