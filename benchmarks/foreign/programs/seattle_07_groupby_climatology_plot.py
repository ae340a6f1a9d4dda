import matplotlib.pyplot as plt
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
for df in (train, test):
    df["month"] = df["date"].dt.month

# monthly climatology from the training years only
clim = train.groupby("month").agg(
    month_precip=("precipitation", "mean"),
    month_tmax=("temp_max", "mean"),
    month_wind=("wind", "median"),
).reset_index()
train = train.merge(clim, on="month", how="left")
test = test.merge(clim, on="month", how="left")
for df in (train, test):
    df["tmax_anomaly"] = df["temp_max"] - df["month_tmax"]
    df["precip_anomaly"] = df["precipitation"] - df["month_precip"]

share = pd.crosstab(train["month"], train["weather"], normalize="index")
share.plot(kind="bar", stacked=True, figsize=(9, 4))
plt.ylabel("share of days")
plt.tight_layout()
plt.savefig("./working/weather_by_month.png")

cols = ["precipitation", "temp_max", "temp_min", "wind", "month_precip", "tmax_anomaly", "precip_anomaly"]
train = train.sort_values("date")
split = train["date"] < "2014-09-01"
model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000, C=0.5))
model.fit(train.loc[split, cols], train.loc[split, "weather"])
print("accuracy on the last six months:", round(accuracy_score(train.loc[~split, "weather"], model.predict(train.loc[~split, cols])), 4))
model.fit(train[cols], train["weather"])
pd.DataFrame({"id": test["id"], "weather": model.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
