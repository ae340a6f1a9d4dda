import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

for df in (train, test):
    df["date"] = pd.to_datetime(df["date"], format="%m/%d/%Y")
    df["month"] = df["date"].dt.month
    df["year"] = df["date"].dt.year

cols = ["precipitation", "temp_max", "temp_min", "wind", "month", "year"]
rf = RandomForestClassifier(n_estimators=300, random_state=42)
print("CV accuracy:", cross_val_score(rf, train[cols], train["weather"], cv=5).mean())
rf.fit(train[cols], train["weather"])
pd.DataFrame({"id": test["id"], "weather": rf.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
