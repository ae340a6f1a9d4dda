import numpy as np
import pandas as pd
from sklearn.linear_model import PoissonRegressor
from sklearn.model_selection import train_test_split
from sklearn.metrics import root_mean_squared_log_error

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
stores = pd.read_csv("./input/stores.csv")
weather = pd.read_csv("./input/weather.csv")


def join(df):
    df = df.merge(stores[["store_id", "city", "size_sqm"]], on="store_id", how="left")
    df = df.merge(weather, on=["date", "city"], how="left")
    df["weekend"] = (df["date"].dt.dayofweek >= 5).astype(int)
    return df


train, test = join(train), join(test)
cols = ["promo", "price", "size_sqm", "temp_c", "rain_mm", "weekend"]
X_tr, X_va, y_tr, y_va = train_test_split(train[cols].fillna(0), train["units"], test_size=0.2, random_state=0)
glm = PoissonRegressor(alpha=1e-3, max_iter=1000).fit(X_tr, y_tr)
print("RMSLE", root_mean_squared_log_error(y_va, glm.predict(X_va)))
glm.fit(train[cols].fillna(0), train["units"])
pd.DataFrame({"id": test["id"], "units": glm.predict(test[cols].fillna(0))}).to_csv("./submission/submission.csv", index=False)
