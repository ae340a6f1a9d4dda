import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date").reset_index(drop=True)
test = pd.read_csv("./input/test.csv", parse_dates=["date"]).sort_values("date").reset_index(drop=True)


def add_lags(df):
    df = df.copy()
    for col in ("precipitation", "temp_max", "wind"):
        df[f"{col}_lag1"] = df[col].shift(1)
        df[f"{col}_roll3"] = df[col].rolling(3, min_periods=1).mean()
    df["month"] = df["date"].dt.month
    return df.bfill()


train_f, test_f = add_lags(train), add_lags(test)
cols = [c for c in train_f.columns if c not in ("id", "date", "weather")]
cut = train_f["date"] < "2014-10-01"
rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=0)
rf.fit(train_f.loc[cut, cols], train_f.loc[cut, "weather"])
print(f"accuracy after 2014-10-01: {accuracy_score(train_f.loc[~cut, 'weather'], rf.predict(train_f.loc[~cut, cols])):.4f}")
rf.fit(train_f[cols], train_f["weather"])
pd.DataFrame({"id": test_f["id"], "weather": rf.predict(test_f[cols])}).to_csv("./submission/submission.csv", index=False)
