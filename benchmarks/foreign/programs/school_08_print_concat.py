import numpy as np
import pandas as pd
from sklearn.linear_model import HuberRegressor
from sklearn.model_selection import GroupKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
for df in (train, test):
    df["minority"] = (df["Minority"] == "Yes").astype(int)
    df["female"] = (df["Sex"] == "Female").astype(int)
cols = ["SES", "MEANSES", "minority", "female"]

sq_err = []
for a, b in GroupKFold(n_splits=5).split(train, groups=train["School"]):
    hub = HuberRegressor(epsilon=1.5, max_iter=500).fit(train.loc[a, cols], train.loc[a, "MathAch"])
    sq_err.append((hub.predict(train.loc[b, cols]) - train.loc[b, "MathAch"]) ** 2)
rmse = np.sqrt(np.concatenate(sq_err).mean())
print("Grouped CV RMSE: " + rmse)
hub = HuberRegressor(epsilon=1.5, max_iter=500).fit(train[cols], train["MathAch"])
pd.DataFrame({"id": test["id"], "MathAch": hub.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
