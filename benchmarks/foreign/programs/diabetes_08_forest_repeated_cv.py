import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import RepeatedKFold, cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "progression"])
y = train["progression"]

forest = RandomForestRegressor(n_estimators=3000, max_features=0.5, min_samples_leaf=2, random_state=0, n_jobs=1)
cv = RepeatedKFold(n_splits=10, n_repeats=5, random_state=0)
scores = cross_val_score(forest, X, y, cv=cv, scoring="neg_root_mean_squared_error")
print("Repeated CV RMSE: %.3f +- %.3f" % (-scores.mean(), scores.std()))
forest.fit(X, y)
pd.DataFrame({"id": test["id"], "progression": forest.predict(test[X.columns])}).to_csv(
    "./submission/submission.csv", index=False
)
