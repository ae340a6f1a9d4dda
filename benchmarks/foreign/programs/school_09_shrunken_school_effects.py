import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import GroupKFold


def design(df):
    return np.column_stack(
        [
            df["SES"],
            df["MEANSES"],
            df["SES"] - df["MEANSES"],
            (df["Minority"] == "Yes").astype(float),
            (df["Sex"] == "Female").astype(float),
        ]
    )


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X, y, groups = design(train), train["MathAch"].to_numpy(), train["School"].to_numpy()

rmse = []
for a, b in GroupKFold(n_splits=5).split(X, y, groups):
    lr = LinearRegression().fit(X[a], y[a])
    resid = pd.Series(y[a] - lr.predict(X[a]), index=groups[a])
    # school effects shrunk towards zero; unseen schools get none, as in the test set
    grouped = resid.groupby(level=0).agg(["mean", "count"])
    shrink = grouped["count"] / (grouped["count"] + 15)
    print(f"school effect sd {float((grouped['mean'] * shrink).std()):.3f} over {len(grouped)} schools")
    rmse.append(np.sqrt(np.mean((lr.predict(X[b]) - y[b]) ** 2)))
print(f"unseen-school RMSE: {np.mean(rmse):.4f}")
lr = LinearRegression().fit(X, y)
pd.DataFrame({"id": test["id"], "MathAch": lr.predict(design(test))}).to_csv("./submission/submission.csv", index=False)
