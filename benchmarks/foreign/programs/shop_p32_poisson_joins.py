import os
import numpy as np
import pandas as pd
from sklearn.linear_model import PoissonRegressor

np.random.seed(11)

sales = pd.read_csv("input/train.csv", parse_dates=["date"])
new = pd.read_csv("input/test.csv", parse_dates=["date"])
products = pd.read_csv("input/products.csv")
stores = pd.read_csv("input/stores.csv", parse_dates=["opened"])
weather = pd.read_csv("input/weather.csv")

print("sales", sales.shape, "new", new.shape)
print("products", products.shape, "stores", stores.shape, "weather", weather.shape)
print("NAs in weather:", weather.isna().sum().to_dict())
# fill the gaps in temperature by linear interpolation within city
weather = weather.sort_values(["city", "date"])
weather["temp_c"] = weather.groupby("city")["temp_c"].transform(lambda s: s.interpolate(limit_direction="both"))
print("dates:", sales["date"].min().date(), "->", sales["date"].max().date(),
      "| test:", new["date"].min().date(), "->", new["date"].max().date())


def join_all(df):
    out = (df
           .merge(products, on="product_id", how="left")
           .merge(stores, on="store_id", how="left")
           .merge(weather, on=["date", "city"], how="left"))
    return out


print("\nunits summary:", sales["units"].describe()[["mean", "50%", "max"]].to_dict(),
      " var/mean =", round(sales["units"].var() / sales["units"].mean(), 2))

full = join_all(sales)
full_new = join_all(new)
print("joined:", full.shape, full_new.shape)
print("unmatched weather rows:", full["temp_c"].isna().sum())

print("\nmean units by category and promo")
print(full.pivot_table(index="category", columns="promo", values="units", aggfunc="mean").round(2))


def design(d):
    X = pd.DataFrame(index=d.index)
    X["log_rel_price"] = np.log(d["price"] / d["base_price"])
    X["promo"] = d["promo"]
    X["log_size"] = np.log(d["size_sqm"])
    X["store_age"] = (d["date"] - d["opened"]).dt.days / 365.25
    X["temp"] = d["temp_c"]
    X["rain"] = np.log1p(d["rain_mm"])
    X["weekend"] = d["date"].dt.dayofweek.isin([5, 6]).astype(int)
    X["sin_doy"] = np.sin(2 * np.pi * d["date"].dt.dayofyear / 365.25)
    X["cos_doy"] = np.cos(2 * np.pi * d["date"].dt.dayofyear / 365.25)
    cats = pd.DataFrame({"category": d["category"], "store_type": d["store_type"]}, index=d.index)
    X = X.join(pd.get_dummies(cats, drop_first=True, dtype=float))
    X["promo_x_relprice"] = X["promo"] * X["log_rel_price"]
    return X


X = design(full)
Xn = design(full_new).reindex(columns=X.columns, fill_value=0)
y = full["units"].values
mu, sd = X.mean(), X.std()
X, Xn = (X - mu) / sd, (Xn - mu) / sd

# time-ordered validation: last 20% of training dates
cut_date = full["date"].quantile(0.8)
tr = full["date"] <= cut_date
va = ~tr
print(f"\nvalidation from {cut_date.date()}: {va.sum()} rows")
for a in [1e-4, 1e-2, 1e-1]:
    m = PoissonRegressor(alpha=a, max_iter=1000).fit(X[tr], y[tr])
    p = m.predict(X[va])
    rmsle = np.sqrt(np.mean((np.log1p(p) - np.log1p(y[va])) ** 2))
    print(f"alpha={a:g}: validation RMSLE = {rmsle:.4f}")

fit = PoissonRegressor(alpha=1e-2, max_iter=1000).fit(X, y)
print("\nrate ratios per SD:")
print(pd.Series(np.exp(fit.coef_), index=X.columns).round(3).to_string())

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": new["id"], "units": fit.predict(Xn)}).to_csv("submission/submission.csv", index=False)
print("done")
