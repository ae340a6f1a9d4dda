import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesRegressor

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
FEATURES = ["num_chronic", "age", "school", "income"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train[FEATURES].copy()
X["poor_health"] = (train["health"] == "poor").astype(int)
X_test = test[FEATURES].copy()
X_test["poor_health"] = (test["health"] == "poor").astype(int)

et = ExtraTreesRegressor(n_estimators=300, min_samples_leaf=5, random_state=0).fit(X, np.log1p(train[TARGETS]))
print("oob-free fit done; train RMSLE:", np.sqrt(((et.predict(X) - np.log1p(train[TARGETS])) ** 2).mean().mean()))
sub = pd.DataFrame(np.expm1(et.predict(X_test)), columns=TARGETS)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
