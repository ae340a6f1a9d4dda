# Diabetes - quick baseline with an evaluation helper
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import Ridge, BayesianRidge
from sklearn.ensemble import GradientBoostingRegressor, ExtraTreesRegressor
from sklearn.svm import SVR
from sklearn.metrics import mean_squared_error, mean_absolute_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

FEATS = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]
X = train[FEATS].values
y = train["progression"].values
X_test = test[FEATS].values

scaler = StandardScaler()
X = scaler.fit_transform(X)
X_test = scaler.transform(X_test)

X_train, X_valid, y_train, y_valid = train_test_split(X, y, test_size=0.25, random_state=0)
print("X_train:", X_train.shape, "X_valid:", X_valid.shape)


def evaluate(model, X_v, y_v):
    p = model.predict(X_v)
    rmse = mean_squared_error(y_v, p, squared=False)
    mae = mean_absolute_error(y_v, p)
    return {"rmse": rmse, "mae": mae}


models = {
    "ridge": Ridge(alpha=3.0),
    "bayes_ridge": BayesianRidge(),
    "svr": SVR(C=50, epsilon=5),
    "gbr": GradientBoostingRegressor(n_estimators=150, max_depth=2, learning_rate=0.05, random_state=0),
    "extra_trees": ExtraTreesRegressor(n_estimators=200, min_samples_leaf=4, random_state=0, n_jobs=2),
}

results = []
for name, model in models.items():
    print("training", name, "...")
    model.fit(X_train, y_train)
    scores = evaluate(model, X_valid, y_valid)
    scores["model"] = name
    results.append(scores)
    print(name, scores)

res = pd.DataFrame(results).set_index("model").sort_values("rmse")
print(res)

best = res.index[0]
final = models[best]
final.fit(X, y)
sub = pd.DataFrame({"id": test["id"], "progression": final.predict(X_test)})
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print("Validation RMSE:", round(res["rmse"].iloc[0], 4))
