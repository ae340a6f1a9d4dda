"""
Worked example: diamonds price regression with one-hot encoded categories.

Here we keep the target on the original price scale and let each model
predict prices directly. The metric is RMSLE, so we write a helper for it.
"""
import os

import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

CATEGORICAL = ["cut", "color", "clarity"]
NUMERIC = ["carat", "depth", "table", "x", "y", "z"]
SEED = 8


def print_title(number, text):
    """Print a numbered title, e.g. '2. Explore the data'."""
    print(f"\n{number}. {text}\n" + "~" * (len(text) + 4))


def rmsle(y_true, y_pred):
    """Root mean squared logarithmic error: RMSE between log(1+y) values.
    Negative predictions are clipped to 0 first (log1p would fail)."""
    y_pred = np.clip(y_pred, 0, None)
    return mean_squared_error(np.log1p(y_true), np.log1p(y_pred), squared=False)


def make_pipeline_for(model):
    """One-hot encode the three categorical columns, pass the numbers through,
    then apply `model`."""
    prep = ColumnTransformer(
        [("onehot", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL)],
        remainder="passthrough",
    )
    return Pipeline([("prep", prep), ("model", model)])


# 1. Load the data
print_title(1, "Load the data")
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train shape:", train.shape)
print("test shape:", test.shape)
print(train.head())

# 2. Explore the data
print_title(2, "Explore the data")
print(train[NUMERIC + ["price"]].describe())
print("\nmean price by cut:")
print(train.groupby("cut")["price"].mean().round(0).sort_values())
print("\nrows with a zero dimension:", int((train[["x", "y", "z"]] == 0).any(axis=1).sum()))

# 3. Hold-out split
print_title(3, "Hold-out split")
X = train[CATEGORICAL + NUMERIC]
y = train["price"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=SEED)
print("training rows:", len(X_tr), " validation rows:", len(X_va))

# 4. Compare models
print_title(4, "Compare models")
candidates = {
    "linear regression": LinearRegression(),
    "hist gradient boosting": HistGradientBoostingRegressor(max_iter=300, learning_rate=0.08,
                                                            random_state=SEED),
    "lightgbm": LGBMRegressor(n_estimators=400, learning_rate=0.05, num_leaves=40,
                              random_state=SEED, verbose=-1),
}
scores = {}
for name, model in candidates.items():
    pipe = make_pipeline_for(model)
    pipe.fit(X_tr, y_tr)
    pred = pipe.predict(X_va)
    scores[name] = rmsle(y_va, pred)
    print(f"{name:<24} validation RMSLE = {scores[name]:.4f}")

best = min(scores, key=scores.get)
print(f"\nbest model: {best}")
print(f"Validation RMSLE: {scores[best]:.4f}")

# 5. Refit on all data and predict the test set
print_title(5, "Refit and predict")
final = make_pipeline_for(candidates[best]).fit(X, y)
test_pred = np.clip(final.predict(test[CATEGORICAL + NUMERIC]), 300, None)
print("test predictions:", test_pred.shape, "mean:", round(float(test_pred.mean()), 1))

# 6. Submission
print_title(6, "Submission")
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "price": test_pred}).to_csv("./submission/submission.csv", index=False)
print("done")
