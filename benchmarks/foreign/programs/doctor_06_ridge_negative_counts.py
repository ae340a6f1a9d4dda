import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.model_selection import train_test_split

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id"] + TARGETS), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)

X_tr, X_va, Y_tr, Y_va = train_test_split(X, train[TARGETS], test_size=0.2, random_state=0)
ridge = Ridge(alpha=10.0).fit(X_tr, Y_tr)
pred = ridge.predict(X_va)
rmsle = np.sqrt(np.mean((np.log1p(pred) - np.log1p(Y_va.to_numpy())) ** 2, axis=0))
print("column RMSLE:", np.round(rmsle, 4))
print("Validation RMSLE (mean of columns): %.4f" % rmsle.mean())

ridge.fit(X, train[TARGETS])
sub = pd.DataFrame(ridge.predict(X_test), columns=TARGETS)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
