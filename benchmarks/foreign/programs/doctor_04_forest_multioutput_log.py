import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import train_test_split

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
yes_no = ["afam", "married", "employed", "insurance", "medicaid"]
for df in (train, test):
    for col in yes_no:
        df[col] = (df[col] == "yes").astype(int)
    df["male"] = (df["gender"] == "male").astype(int)
    df["limited"] = (df["adl"] == "limited").astype(int)
    df["health_score"] = df["health"].map({"poor": 0, "average": 1, "excellent": 2})
    df = pd.get_dummies(df, columns=["region"])
X = pd.get_dummies(train[["region"]], dtype=float).join(train[yes_no + ["male", "limited", "health_score", "chronic", "age", "school", "income"]])
X_test = pd.get_dummies(test[["region"]], dtype=float).join(test[yes_no + ["male", "limited", "health_score", "chronic", "age", "school", "income"]])
Y = np.log1p(train[TARGETS])

X_tr, X_va, Y_tr, Y_va = train_test_split(X, Y, test_size=0.2, random_state=6)
rf = RandomForestRegressor(n_estimators=200, min_samples_leaf=10, max_features=0.5, random_state=6, n_jobs=1)
rf.fit(X_tr, Y_tr)
err = np.sqrt(((rf.predict(X_va) - Y_va) ** 2).mean(axis=0))
print("RMSLE per target:", {t: round(float(e), 4) for t, e in zip(TARGETS, err)})
print("mean RMSLE:", round(float(err.mean()), 4))
rf.fit(X, Y)
sub = pd.DataFrame(np.expm1(rf.predict(X_test)), columns=TARGETS)
sub.insert(0, "id", test["id"].values)
sub.to_csv("./submission/submission.csv", index=False)
