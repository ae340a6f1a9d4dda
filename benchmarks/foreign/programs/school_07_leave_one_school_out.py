import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.model_selection import LeaveOneGroupOut

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
for df in (train, test):
    df["minority"] = (df["Minority"] == "Yes").astype(int)
    df["female"] = (df["Sex"] == "Female").astype(int)
cols = ["SES", "MEANSES", "minority", "female"]

errors = []
for i, (a, b) in enumerate(LeaveOneGroupOut().split(train, groups=train["School"])):
    model = GradientBoostingRegressor(n_estimators=1500, learning_rate=0.01, max_depth=4, random_state=0)
    model.fit(train.loc[a, cols], train.loc[a, "MathAch"])
    errors.append(((model.predict(train.loc[b, cols]) - train.loc[b, "MathAch"]) ** 2).tolist())
    if i % 10 == 0:
        print(f"{i} schools held out so far", flush=True)
print("LOSO RMSE:", np.sqrt(np.mean(np.concatenate(errors))))
model.fit(train[cols], train["MathAch"])
pd.DataFrame({"id": test["id"], "MathAch": model.predict(test[cols])}).to_csv("./submission/submission.csv", index=False)
