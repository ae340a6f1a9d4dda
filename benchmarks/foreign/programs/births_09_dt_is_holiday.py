import pandas as pd
from sklearn.ensemble import ExtraTreesRegressor
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("./input/train.csv").sort_values("date")
test = pd.read_csv("./input/test.csv")

for df in (train, test):
    dates = pd.to_datetime(df["date"])
    df["is_weekend"] = dates.dt.dayofweek >= 5
    df["is_holiday"] = dates.dt.is_holiday
    df["quarter"] = dates.dt.quarter

cols = ["year", "month", "day_of_year", "day_of_month", "day_of_week", "is_weekend", "is_holiday", "quarter"]
cut = int(len(train) * 0.8)
et = ExtraTreesRegressor(n_estimators=200, min_samples_leaf=2, random_state=0)
et.fit(train[cols].iloc[:cut], train["births"].iloc[:cut])
print("validation MAE", mean_absolute_error(train["births"].iloc[cut:], et.predict(train[cols].iloc[cut:])))
et.fit(train[cols], train["births"])
pd.DataFrame({"id": test["id"], "births": et.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
