import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import GroupShuffleSplit
from sklearn.metrics import mean_squared_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
for df in (train, test):
    df["minority"] = (df["Minority"] == "Yes").astype(int)
    df["female"] = (df["Sex"] == "Female").astype(int)

cols = ["SES", "MEANSES", "minority", "female"]
gss = GroupShuffleSplit(n_splits=1, test_size=0.2, random_state=0)
tr_idx, va_idx = next(gss.split(train, groups=train["school"]))
rf = RandomForestRegressor(n_estimators=300, min_samples_leaf=20, random_state=0)
rf.fit(train.loc[tr_idx, cols], train.loc[tr_idx, "MathAch"])
print("RMSE (unseen schools):", mean_squared_error(train.loc[va_idx, "MathAch"], rf.predict(train.loc[va_idx, cols])) ** 0.5)
rf.fit(train[cols], train["MathAch"])
pd.DataFrame({"id": test["id"], "MathAch": rf.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
