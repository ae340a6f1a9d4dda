import os
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor, RandomForestRegressor
from sklearn.linear_model import ElasticNet, Lasso, LinearRegression, Ridge
from sklearn.model_selection import KFold, cross_val_score
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVR
from lightgbm import LGBMRegressor

df = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

features = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]
X, y = df[features], df["progression"]
print("Training rows:", len(df), "| target mean", round(y.mean(), 2), "std", round(y.std(), 2))

def scaled(model):
    return Pipeline([("scaler", StandardScaler()), ("reg", model)])

regressors = {
    "Linear": scaled(LinearRegression()),
    "Ridge(a=1)": scaled(Ridge(alpha=1.0)),
    "Lasso(a=0.5)": scaled(Lasso(alpha=0.5)),
    "ElasticNet": scaled(ElasticNet(alpha=0.1, l1_ratio=0.5)),
    "KNN(k=15)": scaled(KNeighborsRegressor(n_neighbors=15)),
    "SVR(C=50)": scaled(SVR(C=50, epsilon=5)),
    "RandomForest": RandomForestRegressor(n_estimators=200, min_samples_leaf=5, random_state=3),
    "GBR": GradientBoostingRegressor(n_estimators=150, learning_rate=0.05, max_depth=2, random_state=3),
    "LightGBM": LGBMRegressor(n_estimators=200, learning_rate=0.03, num_leaves=7,
                              min_child_samples=15, verbose=-1, random_state=3),
}

kf = KFold(n_splits=5, shuffle=True, random_state=11)
scores = {}
for name, reg in regressors.items():
    s = cross_val_score(reg, X, y, cv=kf, scoring="neg_root_mean_squared_error")
    scores[name] = s.mean()

print("\n{:<14}{:>12}".format("model", "cv score"))
print("-" * 26)
for name, sc in sorted(scores.items(), key=lambda kv: kv[1]):
    print(f"{name:<14}{sc:>12.3f}")

best_name = min(scores, key=scores.get)
print(f"\nSelected: {best_name}  (RMSE {abs(scores[best_name]):.3f})")

best = regressors[best_name]
best.fit(X, y)
test_pred = best.predict(test[features])

os.makedirs("submission", exist_ok=True)
out = pd.DataFrame({"id": test["id"], "progression": test_pred})
out.to_csv("submission/submission.csv", index=False)
print(out.describe().loc[["mean", "min", "max"]])
