# Diabetes progression - regression model comparison
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import joblib

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.linear_model import LinearRegression, Ridge, Lasso, ElasticNet
from sklearn.neighbors import KNeighborsRegressor
from sklearn.ensemble import RandomForestRegressor
from sklearn.metrics import mean_squared_error, r2_score
import lightgbm as lgb

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "test", test.shape)
print(train.isnull().sum().sum(), "missing values")

# one hot the sex column on train and test together
n_train = len(train)
both = pd.concat([train.drop(columns=["progression"]), test], axis=0)
both = pd.get_dummies(both, columns=["sex"], prefix="sex", dtype=float)
both["bmi_bp"] = both["bmi"] * both["bp"]
both["s5_sq"] = both["s5"] ** 2

X_all = both.drop(columns=["id"])
X = X_all.iloc[:n_train].values
X_test = X_all.iloc[n_train:].values
y = train["progression"].values

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=7)

models = {
    "Linear": make_pipeline(StandardScaler(), LinearRegression()),
    "Ridge": make_pipeline(StandardScaler(), Ridge(alpha=10.0)),
    "Lasso": make_pipeline(StandardScaler(), Lasso(alpha=0.5, max_iter=10000)),
    "ElasticNet": make_pipeline(StandardScaler(), ElasticNet(alpha=0.1, l1_ratio=0.5, max_iter=10000)),
    "KNN": make_pipeline(StandardScaler(), KNeighborsRegressor(n_neighbors=20)),
    "RandomForest": RandomForestRegressor(n_estimators=200, min_samples_leaf=5, random_state=7, n_jobs=2),
    "LightGBM": lgb.LGBMRegressor(n_estimators=200, learning_rate=0.03, num_leaves=8,
                                  min_child_samples=15, verbose=-1, random_state=7),
}

results = []
for name, model in models.items():
    model.fit(X_tr, y_tr)
    pred = model.predict(X_va)
    rmse = np.sqrt(mean_squared_error(y_va, pred))
    r2 = r2_score(y_va, pred)
    results.append({"model": name, "rmse": rmse, "r2": r2})
    print(f"{name:<14} RMSE={rmse:.3f}  R2={r2:.3f}")

results_df = pd.DataFrame(results).sort_values(by="rmse").reset_index(drop=True)
print(results_df.to_string())

best_name = results_df["model"][0]
best_model = models[best_name]
print("best model is", best_name)

os.makedirs("plots", exist_ok=True)
fig, ax = plt.subplots(figsize=(5, 5))
ax.scatter(y_va, best_model.predict(X_va), alpha=0.6)
ax.plot([y.min(), y.max()], [y.min(), y.max()], "r--")
ax.set_xlabel("actual")
ax.set_ylabel("predicted")
ax.set_title(best_name)
fig.savefig("plots/pred_vs_actual.png")
plt.close(fig)

fig, ax = plt.subplots(figsize=(7, 4))
ax.barh(results_df["model"], results_df["rmse"])
fig.savefig("plots/rmse_by_model.png")
plt.close(fig)

best_model.fit(X, y)
joblib.dump(best_model, "plots/best_model.pkl")

preds = best_model.predict(X_test)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"].values, "progression": preds}).to_csv("submission/submission.csv", index=False)
print(f"Validation RMSE: {results_df['rmse'][0]:.4f}")
