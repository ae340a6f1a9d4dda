import os
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import GradientBoostingRegressor, RandomForestRegressor, ExtraTreesRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold, cross_validate
from sklearn.neighbors import KNeighborsRegressor
from sklearn.neural_network import MLPRegressor
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, StandardScaler
from sklearn.svm import SVR
from lightgbm import LGBMRegressor

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, " test:", test.shape)

cut_order = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
color_order = ["J", "I", "H", "G", "F", "E", "D"]
clarity_order = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]

for d in (train, test):
    d["volume"] = d["x"] * d["y"] * d["z"]
    d["log_carat"] = np.log(d["carat"])

num = ["carat", "log_carat", "depth", "table", "x", "y", "z", "volume"]
cat = ["cut", "color", "clarity"]
X = train[num + cat]
y = np.log1p(train["price"])
X_test = test[num + cat]

ohe_prep = ColumnTransformer([
    ("num", StandardScaler(), num),
    ("cat", OneHotEncoder(handle_unknown="ignore"), cat),
])
ord_prep = ColumnTransformer([
    ("num", "passthrough", num),
    ("cat", OrdinalEncoder(categories=[cut_order, color_order, clarity_order]), cat),
])

zoo = {
    "ridge": Pipeline([("p", ohe_prep), ("m", Ridge(alpha=1.0))]),
    "knn": Pipeline([("p", ohe_prep), ("m", KNeighborsRegressor(n_neighbors=10, weights="distance"))]),
    "svr": Pipeline([("p", ohe_prep), ("m", SVR(C=30.0, epsilon=0.05))]),
    "mlp": Pipeline([("p", ohe_prep), ("m", MLPRegressor(hidden_layer_sizes=(256, 128), max_iter=500,
                                                          early_stopping=False, random_state=0))]),
    "random_forest": Pipeline([("p", ord_prep), ("m", RandomForestRegressor(n_estimators=500, random_state=0))]),
    "extra_trees": Pipeline([("p", ord_prep), ("m", ExtraTreesRegressor(n_estimators=500, random_state=0))]),
    "gbr": Pipeline([("p", ord_prep), ("m", GradientBoostingRegressor(n_estimators=800, max_depth=5,
                                                                      learning_rate=0.03, random_state=0))]),
    "lightgbm": Pipeline([("p", ord_prep), ("m", LGBMRegressor(n_estimators=1500, learning_rate=0.02,
                                                               num_leaves=63, verbose=-1, random_state=0))]),
}

kf = KFold(n_splits=5, shuffle=True, random_state=0)
rows = []
for name, pipe in zoo.items():
    cv = cross_validate(pipe, X, y, cv=kf, scoring="neg_root_mean_squared_error", n_jobs=-1)
    rmsle = -cv["test_score"].mean()
    rows.append([name, rmsle, cv["test_score"].std(), cv["fit_time"].mean()])
    print(f"{name:15s} RMSLE={rmsle:.5f}  fit={cv['fit_time'].mean():.1f}s/fold")

lb = pd.DataFrame(rows, columns=["model", "rmsle", "std", "fit_s"]).sort_values("rmsle")
print("\nLeaderboard (log-target RMSE == RMSLE on price):")
print(lb.to_string(index=False))

best = lb.iloc[0]["model"]
print(f"\nbest = {best}")
zoo[best].fit(X, y)
price = np.expm1(zoo[best].predict(X_test))

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "price": np.clip(price, 300, None)}).to_csv("submission/submission.csv", index=False)
print("saved submission:", len(price), "rows")
