import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def add_calendar(df):
    d = pd.to_datetime(df["date"])
    df["week"] = d.dt.weekofyear
    df["month"] = d.dt.month
    df["quarter"] = d.dt.quarter
    return df


train = add_calendar(train)
test = add_calendar(test)
cols = ["precipitation", "temp_max", "temp_min", "wind", "week", "month", "quarter"]
et = ExtraTreesClassifier(n_estimators=300, min_samples_leaf=3, random_state=0)
print("Mean CV accuracy = {:.4f}".format(cross_val_score(et, train[cols], train["weather"], cv=5).mean()))
et.fit(train[cols], train["weather"])
pd.DataFrame({"id": test["id"], "weather": et.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
