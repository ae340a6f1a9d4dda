import os
import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_log_error

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
products = pd.read_csv("input/products.csv")
stores = pd.read_csv("input/stores.csv")
weather = pd.read_csv("input/weather.csv")

weather = weather.sort_values(["city", "date"])
weather["temp_c"] = weather.groupby("city")["temp_c"].transform(lambda s: s.interpolate().bfill())


def join_all(df):
    out = df.merge(products, on="product_id", how="left")
    out = out.merge(stores, on="store_id", how="left")
    out = out.merge(weather, on=["date", "city"], how="left")
    out["date"] = pd.to_datetime(out["date"])
    out["dow"] = out["date"].dt.dayofweek
    out["month"] = out["date"].dt.month
    out["rel_price"] = out["price"] / out["base_price"]
    out["store_age"] = (out["date"] - pd.to_datetime(out["opened"])).dt.days / 365.25
    return out


tr = join_all(train)
te = join_all(test)
assert len(tr) == len(train) and len(te) == len(test)
print("joined train:", tr.shape, " test:", te.shape)


def onehot(col_tr, col_te):
    lv = np.unique(col_tr)
    return ((col_tr[:, None] == lv[None, 1:]).astype(float),
            (col_te[:, None] == lv[None, 1:]).astype(float))


num = ["promo", "rel_price", "temp_c", "rain_mm", "size_sqm", "store_age"]
blocks_tr, blocks_te = [np.ones((len(tr), 1))], [np.ones((len(te), 1))]
A, B = tr[num].to_numpy(float), te[num].to_numpy(float)
m, s = A.mean(0), A.std(0)
blocks_tr.append((A - m) / s)
blocks_te.append((B - m) / s)
blocks_tr.append(np.log(tr[["price"]].to_numpy(float)))
blocks_te.append(np.log(te[["price"]].to_numpy(float)))
for c in ["product_id", "store_id", "category", "store_type", "dow", "month"]:
    a, b = onehot(tr[c].to_numpy(), te[c].to_numpy())
    blocks_tr.append(a)
    blocks_te.append(b)
X = np.hstack(blocks_tr)
Xt = np.hstack(blocks_te)
y = np.log1p(train["units"].to_numpy(float))
print("X:", X.shape, "rank:", np.linalg.matrix_rank(X))

# time-ordered holdout: last 20% of training dates
order = np.argsort(tr["date"].to_numpy())
cut = int(0.8 * len(order))
i_tr, i_va = order[:cut], order[cut:]
print("holdout starts", tr["date"].iloc[i_va].min().date())

beta, *_ = np.linalg.lstsq(X[i_tr], y[i_tr], rcond=None)
p_va = np.expm1(X[i_va] @ beta).clip(0)
naive = np.full(len(i_va), np.expm1(y[i_tr].mean()))
print("holdout RMSLE (naive):", round(mean_squared_log_error(np.expm1(y[i_va]), naive, squared=False), 4))
print("holdout RMSLE (lstsq):", round(mean_squared_log_error(np.expm1(y[i_va]), p_va, squared=False), 4))

beta, *_ = np.linalg.lstsq(X, y, rcond=None)
pred = np.expm1(Xt @ beta).clip(0)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "units": pred}).to_csv("submission/submission.csv", index=False)
print("submission written:", len(pred), "rows, mean units", round(pred.mean(), 2))
