import numpy as np
import pandas as pd
from sklearn.linear_model import PoissonRegressor
from sklearn.preprocessing import StandardScaler

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
cats = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]
X = pd.get_dummies(train.drop(columns=["id"] + TARGETS), columns=cats).astype(np.float_)
X_test = pd.get_dummies(test.drop(columns=["id"]), columns=cats).reindex(columns=X.columns, fill_value=0).astype(np.float_)
scaler = StandardScaler().fit(X)

sub = pd.DataFrame({"id": test["id"]})
for t in TARGETS:
    reg = PoissonRegressor(alpha=0.01, max_iter=500).fit(scaler.transform(X), train[t])
    sub[t] = reg.predict(scaler.transform(X_test))
    print(t, "train deviance explained:", round(reg.score(scaler.transform(X), train[t]), 3))
sub.to_csv("./submission/submission.csv", index=False)
