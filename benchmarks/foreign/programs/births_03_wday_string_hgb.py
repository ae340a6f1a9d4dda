import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("./input/train.csv").sort_values("date")
test = pd.read_csv("./input/test.csv")
features = ["wday", "year", "month", "day_of_year", "day_of_month", "day_of_week"]

cut = int(len(train) * 0.85)
fit, hold = train.iloc[:cut], train.iloc[cut:]
hgb = HistGradientBoostingRegressor(loss="absolute_error", max_iter=400, learning_rate=0.05, random_state=0)
hgb.fit(fit[features], fit["births"])
print("holdout MAE:", round(mean_absolute_error(hold["births"], hgb.predict(hold[features])), 2))
hgb.fit(train[features], train["births"])
pd.DataFrame({"id": test["id"], "births": hgb.predict(test[features])}).to_csv("./submission/submission.csv", index=False)
