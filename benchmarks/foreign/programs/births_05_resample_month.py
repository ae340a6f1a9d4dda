import pandas as pd
import matplotlib.pyplot as plt
from sklearn.ensemble import RandomForestRegressor
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date")
test = pd.read_csv("./input/test.csv", parse_dates=["date"])

monthly = train.set_index("date")["births"].resample("M").mean()
monthly.plot(figsize=(10, 3), title="average daily births per month")
plt.savefig("./working/monthly.png")

cols = ["year", "month", "day_of_year", "day_of_month", "day_of_week"]
split = int(0.8 * len(train))
rf = RandomForestRegressor(n_estimators=200, min_samples_leaf=3, random_state=0)
rf.fit(train[cols].iloc[:split], train["births"].iloc[:split])
print("MAE:", mean_absolute_error(train["births"].iloc[split:], rf.predict(train[cols].iloc[split:])))
rf.fit(train[cols], train["births"])
pd.DataFrame({"id": test["id"], "births": rf.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
