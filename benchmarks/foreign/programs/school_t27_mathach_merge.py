# =======================================================
#   HIGH SCHOOL & BEYOND - Predict Math Achievement
#   Regression problem, metric = RMSE
# =======================================================

# ====== 1. IMPORT LIBRARIES ======
import pandas as pd
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.model_selection import GroupShuffleSplit
from sklearn.linear_model import LinearRegression, Ridge, Lasso
from sklearn.neighbors import KNeighborsRegressor
from sklearn.tree import DecisionTreeRegressor
from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor
from sklearn.metrics import mean_squared_error, mean_absolute_error, r2_score

# ====== 2. READ THE DATA ======
print("=" * 50)
print("2. READ THE DATA")
print("=" * 50)
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train: {train.shape}, test: {test.shape}")
print(train.head())
print("Number of schools in train:", train["School"].nunique())
print("Number of schools in test :", test["School"].nunique())
print("Schools in both:", len(set(train["School"]) & set(test["School"])))

# ====== 3. EDA ======
print("=" * 50)
print("3. EDA")
print("=" * 50)
print(train.describe())
print("\nMean MathAch by Sex:")
print(train.groupby("Sex")["MathAch"].mean())
print("\nMean MathAch by Minority:")
print(train.groupby("Minority")["MathAch"].mean())

fig, ax = plt.subplots(1, 2, figsize=(12, 4))
ax[0].scatter(train["SES"], train["MathAch"], s=2, alpha=0.3)
ax[0].set_xlabel("SES")
ax[0].set_ylabel("MathAch")
ax[1].hist(train["MathAch"], bins=40, color="coral")
ax[1].set_title("MathAch distribution")
plt.tight_layout()
plt.savefig("school_eda.png")
plt.close()
print("plot saved -> school_eda.png")

# ====== 4. ENCODE CATEGORICALS ======
print("=" * 50)
print("4. ENCODE CATEGORICALS")
print("=" * 50)
for col in ["Minority", "Sex"]:
    le = LabelEncoder()
    train[col] = le.fit_transform(train[col])
    test[col] = le.transform(test[col])
    print(f"{col}: {dict(zip(le.classes_, le.transform(le.classes_)))}")

# ====== 5. SCHOOL LEVEL FEATURES (merge) ======
print("=" * 50)
print("5. SCHOOL LEVEL FEATURES")
print("=" * 50)
# I can't use MathAch for the test schools, so only use the student features
all_students = pd.concat([train.drop(columns=["MathAch"]), test], ignore_index=True)
school_stats = all_students.groupby("School").agg(
    school_size=("id", "count"),
    school_minority_share=("Minority", "mean"),
    school_male_share=("Sex", "mean"),
    school_ses_std=("SES", "std"),
).reset_index()
print(school_stats.head())
print("school_stats shape:", school_stats.shape)

train = train.merge(school_stats, on="School", how="left")
test = test.merge(school_stats, on="School", how="left")
print("after merge -> train:", train.shape, "test:", test.shape)

for col in ["school_ses_std"]:
    fill = train[col].mean()
    train[col] = train[col].fillna(fill)
    test[col] = test[col].fillna(fill)

train["ses_minus_meanses"] = train["SES"] - train["MEANSES"]
test["ses_minus_meanses"] = test["SES"] - test["MEANSES"]

features = ["Minority", "Sex", "SES", "MEANSES", "school_size", "school_minority_share",
            "school_male_share", "school_ses_std", "ses_minus_meanses"]
X = train[features]
y = train["MathAch"]
groups = train["School"]
X_test = test[features]

# ====== 6. SPLIT BY SCHOOL ======
print("=" * 50)
print("6. SPLIT BY SCHOOL")
print("=" * 50)
# test schools are new schools, so my validation should also be new schools!
gss = GroupShuffleSplit(n_splits=1, test_size=0.2, random_state=42)
train_idx, val_idx = next(gss.split(X, y, groups=groups))
X_train, X_val = X.iloc[train_idx], X.iloc[val_idx]
y_train, y_val = y.iloc[train_idx], y.iloc[val_idx]
print("train rows:", len(X_train), "| val rows:", len(X_val))
print("val schools:", groups.iloc[val_idx].nunique())

scaler = StandardScaler()
X_train_sc = scaler.fit_transform(X_train)
X_val_sc = scaler.transform(X_val)

# ====== 7. MODELS ======
print("=" * 50)
print("7. MODELS")
print("=" * 50)
models = {
    "LinearRegression": LinearRegression(),
    "Ridge": Ridge(alpha=10),
    "Lasso": Lasso(alpha=0.01),
    "KNN": KNeighborsRegressor(n_neighbors=50),
    "DecisionTree": DecisionTreeRegressor(max_depth=5, min_samples_leaf=30),
    "RandomForest": RandomForestRegressor(n_estimators=200, min_samples_leaf=20, n_jobs=-1, random_state=42),
    "GradientBoosting": GradientBoostingRegressor(n_estimators=150, learning_rate=0.05, max_depth=3, random_state=42),
}
all_results = []
for name, model in models.items():
    model.fit(X_train_sc, y_train)
    p = model.predict(X_val_sc)
    rmse = np.sqrt(mean_squared_error(y_val, p))
    mae = mean_absolute_error(y_val, p)
    r2 = r2_score(y_val, p)
    all_results.append((name, rmse, mae, r2))
    print(f"{name:>18}: RMSE={rmse:.4f} MAE={mae:.4f} R2={r2:.4f}")

results_df = pd.DataFrame(all_results, columns=["model", "rmse", "mae", "r2"]).sort_values("rmse")
print("\n---- ranking ----")
print(results_df.to_string(index=False))

best_name = results_df.iloc[0]["model"]
print(f"\nBest: {best_name} -> validation RMSE: {results_df.iloc[0]['rmse']:.4f}")

plt.figure(figsize=(8, 4))
plt.bar(results_df["model"], results_df["rmse"], color="slateblue")
plt.xticks(rotation=45)
plt.ylabel("RMSE")
plt.ylim(results_df["rmse"].min() - 0.3, results_df["rmse"].max() + 0.1)
plt.tight_layout()
plt.savefig("school_models.png")
plt.close()

# ====== 8. FINAL MODEL + SUBMISSION ======
print("=" * 50)
print("8. FINAL MODEL + SUBMISSION")
print("=" * 50)
final_model = models[best_name]
final_model.fit(scaler.fit_transform(X), y)
preds = final_model.predict(scaler.transform(X_test))
sub = pd.DataFrame({"id": test["id"], "MathAch": preds})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print("mean prediction:", round(sub["MathAch"].mean(), 3))
print("submission.csv saved, rows =", len(sub))
