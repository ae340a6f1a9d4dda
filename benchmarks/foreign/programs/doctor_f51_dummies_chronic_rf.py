# Doctor visits - one-hot everything, multi-output random forest
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import train_test_split
from sklearn.metrics import mean_squared_log_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
print(train[TARGETS].describe())

# chronic is a count of conditions -> treat it like a category too
cat_cols = ["health", "adl", "region", "afam", "gender", "married", "employed",
            "insurance", "medicaid", "chronic"]
train["chronic"] = train["chronic"].astype(str)
test["chronic"] = test["chronic"].astype(str)

train_d = pd.get_dummies(train.drop(columns=TARGETS), columns=cat_cols, drop_first=True)
test_d = pd.get_dummies(test, columns=cat_cols, drop_first=True)
print("train dummies:", train_d.shape, "test dummies:", test_d.shape)

X = train_d.drop(columns=["id"]).values.astype(float)
X_test = test_d.drop(columns=["id"]).values.astype(float)
y = np.log1p(train[TARGETS].values)

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=21)

rf = RandomForestRegressor(n_estimators=200, min_samples_leaf=15, max_features=0.4,
                           random_state=21, n_jobs=2)
rf.fit(X_tr, y_tr)
va_pred = np.expm1(rf.predict(X_va))

scores = []
for i, t in enumerate(TARGETS):
    s = np.sqrt(mean_squared_log_error(np.expm1(y_va[:, i]), np.clip(va_pred[:, i], 0, None)))
    scores.append(s)
    print(f"  {t:10s} RMSLE = {s:.4f}")
print("Validation RMSLE:", round(float(np.mean(scores)), 4))

# fit on everything and predict test
rf.fit(X, y)
test_pred = np.clip(np.expm1(rf.predict(X_test)), 0, None)

sub = pd.DataFrame(test_pred, columns=TARGETS)
sub.insert(0, "id", test["id"].values)
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
