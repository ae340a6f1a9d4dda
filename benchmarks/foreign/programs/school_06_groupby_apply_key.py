import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.model_selection import GroupKFold, cross_val_score


def school_summary(g):
    return pd.Series(
        {
            "School": g["School"].iloc[0],
            "pupils": len(g),
            "ses_range": g["SES"].max() - g["SES"].min(),
            "minority_rate": (g["Minority"] == "Yes").mean(),
        }
    )


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
summary = pd.concat([train, test]).groupby("School").apply(school_summary).reset_index(drop=True)
train = train.merge(summary, on="School")
test = test.merge(summary, on="School")
for df in (train, test):
    df["female"] = (df["Sex"] == "Female").astype(int)
    df["minority"] = (df["Minority"] == "Yes").astype(int)

cols = ["SES", "MEANSES", "female", "minority", "pupils", "ses_range", "minority_rate"]
gbr = GradientBoostingRegressor(n_estimators=200, max_depth=3, learning_rate=0.05, random_state=0)
print("RMSE:", -cross_val_score(gbr, train[cols], train["MathAch"], cv=GroupKFold(5), groups=train["School"], scoring="neg_root_mean_squared_error").mean())
gbr.fit(train[cols], train["MathAch"])
pd.DataFrame({"id": test["id"], "MathAch": gbr.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
