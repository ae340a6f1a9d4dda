import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.model_selection import cross_val_predict

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id"] + TARGETS), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)

preds = []
for target in TARGETS:
    y = np.log1p(train[target])
    gbr = GradientBoostingRegressor(n_estimators=150, max_depth=3, learning_rate=0.05, random_state=0)
    oof = cross_val_predict(gbr, X, y, cv=3)
    print(f"{target} RMSLE: {np.sqrt(np.mean((oof - y) ** 2)):.4f}")
    preds.append(np.expm1(gbr.fit(X, y).predict(X_test)).clip(0))

sub = pd.DataFrame(preds, columns=TARGETS)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
