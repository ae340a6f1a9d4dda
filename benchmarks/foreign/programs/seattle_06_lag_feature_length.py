import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv").sort_values("date").reset_index(drop=True)
test = pd.read_csv("./input/test.csv").sort_values("date").reset_index(drop=True)

# yesterday's rain and temperature
for df in (train, test):
    df["prev_precip"] = df["precipitation"].values[:-1]
    df["prev_tmax"] = df["temp_max"].shift(1)
    df["prev_precip"] = df["prev_precip"].fillna(0)

cols = ["precipitation", "temp_max", "temp_min", "wind", "prev_precip", "prev_tmax"]
gbc = GradientBoostingClassifier(n_estimators=200, max_depth=3, random_state=0)
print("cv acc:", cross_val_score(gbc, train[cols].fillna(0), train["weather"], cv=4).mean())
gbc.fit(train[cols].fillna(0), train["weather"])
pd.DataFrame({"id": test["id"], "weather": gbc.predict(test[cols].fillna(0))}).to_csv("./submission/submission.csv", index=False)
