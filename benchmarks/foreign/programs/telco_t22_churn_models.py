# ===========================================================
#   TELCO CUSTOMER CHURN PREDICTION
#   Goal: predict probability that a customer churns (AUC)
# ===========================================================

# =============== 1. IMPORTS ===============
import pandas as pd
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier
from sklearn.metrics import roc_auc_score, accuracy_score, classification_report, confusion_matrix

print("*" * 55)
print("STEP 1: Load the data")
print("*" * 55)
train_df = pd.read_csv("input/train.csv")
test_df = pd.read_csv("input/test.csv")
print(f"Training data has {train_df.shape[0]} rows and {train_df.shape[1]} columns")
print(f"Test data has {test_df.shape[0]} rows and {test_df.shape[1]} columns")
print(train_df.head())

print("*" * 55)
print("STEP 2: Explore the data")
print("*" * 55)
print(train_df.describe())
print("\nChurn rate in training data: {:.2f}%".format(train_df["churn"].mean() * 100))
print("\nMissing values per column:")
missing = train_df.isnull().sum()
print(missing[missing > 0])

fig, axes = plt.subplots(1, 2, figsize=(12, 4))
train_df.groupby("contract")["churn"].mean().plot(kind="bar", ax=axes[0], color="salmon")
axes[0].set_title("Churn rate by contract type")
train_df.boxplot(column="tenure", by="churn", ax=axes[1])
axes[1].set_title("Tenure by churn")
plt.tight_layout()
plt.savefig("churn_eda.png")
plt.close()
print("EDA plots saved to churn_eda.png")

print("*" * 55)
print("STEP 3: Clean missing values")
print("*" * 55)
numeric_cols = train_df.select_dtypes(include=["int64", "float64"]).columns.tolist()
numeric_cols.remove("id")
numeric_cols.remove("churn")
categorical_cols = [c for c in train_df.columns if c not in numeric_cols + ["id", "churn"]]
print("Numeric columns:", numeric_cols)
print("Categorical columns:", categorical_cols)

for col in numeric_cols:
    if train_df[col].isnull().sum() > 0 or test_df[col].isnull().sum() > 0:
        avg = train_df[col].mean()
        train_df[col] = train_df[col].fillna(avg)
        test_df[col] = test_df[col].fillna(avg)
        print(f"  filled NaNs in {col} with {avg:.2f}")

for col in categorical_cols:
    most_common = train_df[col].mode()[0]
    train_df[col] = train_df[col].fillna(most_common)
    test_df[col] = test_df[col].fillna(most_common)

print("*" * 55)
print("STEP 4: Feature engineering + encoding")
print("*" * 55)
for df in [train_df, test_df]:
    df["avg_charge_per_month"] = df["total_charges"] / (df["tenure"] + 1)
    df["is_new_customer"] = (df["tenure"] < 6).astype(int)

label_encoders = {}
for col in categorical_cols:
    le = LabelEncoder()
    train_df[col] = le.fit_transform(train_df[col])
    test_df[col] = le.transform(test_df[col])
    label_encoders[col] = le
    print(f"  encoded {col} -> {len(le.classes_)} classes")

print("*" * 55)
print("STEP 5: Split + scale")
print("*" * 55)
X = train_df.drop(columns=["id", "churn"])
y = train_df["churn"]
X_test = test_df.drop(columns=["id"])

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, stratify=y, random_state=42)
print("Train:", X_train.shape, "Validation:", X_val.shape)

scaler = StandardScaler()
X_train_sc = scaler.fit_transform(X_train)
X_val_sc = scaler.transform(X_val)
X_test_sc = scaler.transform(X_test)

print("*" * 55)
print("STEP 6: Train and compare models")
print("*" * 55)
models = {
    "Logistic Regression": LogisticRegression(max_iter=2000),
    "Decision Tree": DecisionTreeClassifier(max_depth=6, random_state=42),
    "Random Forest": RandomForestClassifier(n_estimators=150, max_depth=10, random_state=42, n_jobs=-1),
    "KNN": KNeighborsClassifier(n_neighbors=25),
    "SVC": SVC(kernel="rbf", C=1.0),
    "Gradient Boosting": GradientBoostingClassifier(n_estimators=150, random_state=42),
}

results = pd.DataFrame(columns=["model", "accuracy", "auc"])
for name, model in models.items():
    print(f"\n>>> Fitting {name} ...")
    model.fit(X_train_sc, y_train)
    preds = model.predict(X_val_sc)
    probs = model.predict_proba(X_val_sc)[:, 1]
    acc = accuracy_score(y_val, preds)
    auc = roc_auc_score(y_val, probs)
    results.loc[len(results)] = [name, acc, auc]
    print(f"    accuracy: {acc:.4f}")
    print(f"    ROC AUC : {auc:.4f}")
    print(confusion_matrix(y_val, preds))

results = results.sort_values("auc", ascending=False).reset_index(drop=True)
print("\n===== RESULTS (sorted by AUC) =====")
print(results)

print("*" * 55)
print("STEP 7: Best model report")
print("*" * 55)
best_name = results.iloc[0]["model"]
best_model = models[best_name]
print("The winner is:", best_name)
print(classification_report(y_val, best_model.predict(X_val_sc)))
print("Validation AUC:", round(results.iloc[0]["auc"], 4))

print("*" * 55)
print("STEP 8: Make the submission")
print("*" * 55)
best_model.fit(scaler.fit_transform(X), y)
test_probs = best_model.predict_proba(scaler.transform(X_test))[:, 1]
submission = pd.DataFrame({"id": test_df["id"], "churn": test_probs})
submission.to_csv("submission/submission.csv", index=False)
print(submission.head(10))
print("submission.csv written with", len(submission), "rows")
