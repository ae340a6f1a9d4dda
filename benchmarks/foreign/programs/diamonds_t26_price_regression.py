# ============================================
#   DIAMOND PRICE PREDICTION (Regression)
#   Metric: RMSLE
# ============================================

# ----- 1. Libraries -----
import pandas as pd
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.tree import DecisionTreeRegressor
from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor
from sklearn.neighbors import KNeighborsRegressor
from sklearn.metrics import mean_squared_log_error, mean_absolute_error, r2_score

print("============================================")
print("  2. Load datasets")
print("============================================")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("Train set:", train.shape)
print("Test set:", test.shape)
print(train.head())
print(train.describe())

print("============================================")
print("  3. Data cleaning")
print("============================================")
print("Null values:\n", train.isnull().sum())
zero_dims = (train[["x", "y", "z"]] == 0).any(axis=1)
print("Rows with a zero dimension:", zero_dims.sum())
train = train[~zero_dims].reset_index(drop=True)
print("Rows with y > 20 (outliers):", (train["y"] > 20).sum())
train = train[train["y"] < 20].reset_index(drop=True)
print("Train after cleaning:", train.shape)

# the test set can also have zeros -> replace with the column mean
for col in ["x", "y", "z"]:
    col_mean = train[col].mean()
    test[col] = test[col].replace(0, col_mean)

print("============================================")
print("  4. Visualisation")
print("============================================")
fig, axes = plt.subplots(1, 3, figsize=(15, 4))
axes[0].scatter(train["carat"], train["price"], s=3, alpha=0.3)
axes[0].set_xlabel("carat")
axes[0].set_ylabel("price")
train.groupby("cut")["price"].mean().plot(kind="bar", ax=axes[1], title="mean price by cut")
train["price"].hist(bins=50, ax=axes[2])
axes[2].set_title("price distribution")
plt.tight_layout()
plt.savefig("diamonds_eda.png")
plt.close()
print("saved diamonds_eda.png")

print("============================================")
print("  5. Encoding + new features")
print("============================================")
categorical = ["cut", "color", "clarity"]
for col in categorical:
    encoder = LabelEncoder()
    train[col] = encoder.fit_transform(train[col])
    test[col] = encoder.transform(test[col])
    print(col, "->", list(encoder.classes_))

for df in [train, test]:
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["density"] = df["carat"] / (df["volume"] + 1e-6)
    df["xy_ratio"] = df["x"] / (df["y"] + 1e-6)

features = ["carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z", "volume", "density", "xy_ratio"]
X = train[features]
y = train["price"]
X_test = test[features]

print("============================================")
print("  6. Train/validation split")
print("============================================")
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=1)
scaler = StandardScaler()
X_train_s = scaler.fit_transform(X_train)
X_val_s = scaler.transform(X_val)
X_test_s = scaler.transform(X_test)
print("Shapes:", X_train_s.shape, X_val_s.shape, X_test_s.shape)

print("============================================")
print("  7. Model comparison")
print("============================================")
models = {
    "Linear Regression": LinearRegression(),
    "Ridge": Ridge(alpha=1.0),
    "KNN Regressor": KNeighborsRegressor(n_neighbors=7),
    "Decision Tree": DecisionTreeRegressor(max_depth=12, random_state=1),
    "Random Forest": RandomForestRegressor(n_estimators=150, random_state=1, n_jobs=-1),
    "Gradient Boosting": GradientBoostingRegressor(n_estimators=300, max_depth=4, random_state=1),
}

results = {"Model": [], "RMSLE": [], "MAE": [], "R2": []}
for name, model in models.items():
    print(f"Training {name} ...")
    model.fit(X_train_s, y_train)
    val_pred = model.predict(X_val_s)
    rmsle = np.sqrt(mean_squared_log_error(y_val, val_pred))
    mae = mean_absolute_error(y_val, val_pred)
    r2 = r2_score(y_val, val_pred)
    results["Model"].append(name)
    results["RMSLE"].append(rmsle)
    results["MAE"].append(mae)
    results["R2"].append(r2)
    print(f"  RMSLE: {rmsle:.4f}   MAE: {mae:.1f}   R2: {r2:.4f}")

results_df = pd.DataFrame(results).sort_values("RMSLE").reset_index(drop=True)
print("\nResults sorted by RMSLE:")
print(results_df)

best_name = results_df.loc[0, "Model"]
best_model = models[best_name]
print(f"\nBest model: {best_name}  (validation RMSLE = {results_df.loc[0, 'RMSLE']:.4f})")

plt.figure(figsize=(6, 6))
plt.scatter(y_val, best_model.predict(X_val_s), s=4, alpha=0.4)
plt.plot([0, 19000], [0, 19000], "r--")
plt.xlabel("actual price")
plt.ylabel("predicted price")
plt.title(best_name)
plt.savefig("actual_vs_predicted.png")
plt.close()

print("============================================")
print("  8. Submission")
print("============================================")
best_model.fit(scaler.fit_transform(X), y)
test_pred = best_model.predict(scaler.transform(X_test))
test_pred = np.clip(test_pred, 300, None)
submission = pd.DataFrame({"id": test["id"], "price": test_pred})
submission.to_csv("submission/submission.csv", index=False)
print(submission.head())
print("Submission saved:", submission.shape)
