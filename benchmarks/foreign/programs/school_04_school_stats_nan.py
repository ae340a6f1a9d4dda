import pandas as pd
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import GroupKFold, cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
for df in (train, test):
    df["minority"] = (df["Minority"] == "Yes").astype(int)
    df["female"] = (df["Sex"] == "Female").astype(int)

# average achievement and spread of each school, learnt from the training pupils
school_stats = train.groupby("School")["MathAch"].agg(school_mean="mean", school_sd="std").reset_index()
train = train.merge(school_stats, on="School", how="left")
test = test.merge(school_stats, on="School", how="left")

cols = ["SES", "MEANSES", "minority", "female", "school_mean", "school_sd"]
lr = LinearRegression()
print("CV RMSE:", -cross_val_score(lr, train[cols], train["MathAch"], groups=train["School"], cv=GroupKFold(5), scoring="neg_root_mean_squared_error").mean())
lr.fit(train[cols], train["MathAch"])
pd.DataFrame({"id": test["id"], "MathAch": lr.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
