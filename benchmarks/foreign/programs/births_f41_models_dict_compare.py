# Daily births - compare a few regressors and keep the best one
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
from sklearn.linear_model import LinearRegression
from sklearn.ensemble import RandomForestRegressor, HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error
import lightgbm as lgb

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train shape:", train.shape)
print("test shape:", test.shape)
print(train.head())

# ---- feature engineering ----
train["date"] = pd.to_datetime(train["date"])
test["date"] = pd.to_datetime(test["date"])

for df in [train, test]:
    df["week"] = df["date"].dt.isocalendar().week.astype(int)
    df["quarter"] = df["date"].dt.quarter
    df["is_weekend"] = (df["date"].dt.dayofweek >= 5).astype(int)
    df["days_from_start"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days

# one hot encode the weekday name (train + test together so columns match)
full = pd.concat([train, test], axis=0)
full = pd.get_dummies(full, columns=["wday"], prefix="wd")
train = full.iloc[: len(train)].copy()
test = full.iloc[len(train):].copy()

features = [c for c in train.columns if c not in ["id", "date", "births"]]
print("features:", features)

X = train[features].astype(float)
y = train["births"].values
X_test = test[features].astype(float)

# time ordered data -> no shuffle
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, shuffle=False)

models = {
    "LinearRegression": LinearRegression(),
    "RandomForest": RandomForestRegressor(n_estimators=100, max_depth=12, n_jobs=2, random_state=42),
    "HistGB": HistGradientBoostingRegressor(max_iter=300, learning_rate=0.05, random_state=42),
    "LightGBM": lgb.LGBMRegressor(n_estimators=400, learning_rate=0.05, num_leaves=31, verbose=-1, random_state=42),
}

results = []
preds_val = {}
for name, model in models.items():
    model.fit(X_train, y_train)
    p = model.predict(X_val)
    mae = mean_absolute_error(y_val, p)
    preds_val[name] = p
    results.append({"model": name, "mae": mae})
    print(f"{name}: MAE = {mae:.2f}")

results_df = pd.DataFrame(results).sort_values("mae").reset_index(drop=True)
print(results_df)

best_name = results_df.loc[0, "model"]
print("Best model:", best_name)

# ---- plots ----
os.makedirs("plots", exist_ok=True)
plt.figure(figsize=(12, 4))
plt.plot(y_val[:365], label="actual")
plt.plot(preds_val[best_name][:365], label=best_name)
plt.legend()
plt.title("validation - first year")
plt.savefig("plots/val_pred.png")
plt.close()

plt.figure(figsize=(6, 4))
plt.bar(results_df["model"], results_df["mae"])
plt.xticks(rotation=30)
plt.tight_layout()
plt.savefig("plots/model_mae.png")
plt.close()

# ---- refit best on full train ----
best_model = models[best_name]
best_model.fit(X, y)
os.makedirs("models", exist_ok=True)
joblib.dump(best_model, "models/best_births_model.pkl")

test_pred = best_model.predict(X_test)

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"].values, "births": test_pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print(f"Validation MAE: {results_df.loc[0, 'mae']:.3f}")
