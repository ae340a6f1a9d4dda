# =====================================================
#   CREDIT RISK - will the applicant be a bad payer?
#   metric: log loss (lower = better)
# =====================================================

# ========== 1. IMPORTING LIBRARIES ==========
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.metrics import log_loss, roc_auc_score, accuracy_score, classification_report, confusion_matrix

# ========== 2. LOADING DATA ==========
print("========== 2. LOADING DATA ==========")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("Train:", train.shape)
print("Test :", test.shape)
print(train.head())
print(train.dtypes)

# ========== 3. EDA ==========
print("\n========== 3. EDA ==========")
print("Status distribution:")
print(train["Status"].value_counts(normalize=True))
print("\nStatistics:")
print(train.describe().T)

fig, ax = plt.subplots(1, 3, figsize=(15, 4))
train["Age"].hist(ax=ax[0], bins=30)
ax[0].set_title("Age")
train["Income"].hist(ax=ax[1], bins=30)
ax[1].set_title("Income")
train.groupby("Job")["Status"].mean().plot(kind="bar", ax=ax[2])
ax[2].set_title("Bad rate per Job")
plt.tight_layout()
plt.savefig("credit_eda.png")
plt.close()
print("Figure saved: credit_eda.png")

# ========== 4. MISSING VALUES ==========
print("\n========== 4. MISSING VALUES ==========")
# combine train and test so the cleaning is the same for both
train["is_train"] = 1
test["is_train"] = 0
test["Status"] = -1
full = pd.concat([train, test], axis=0, ignore_index=True)
print("Combined shape:", full.shape)
print("Missing before:")
print(full.isnull().sum()[full.isnull().sum() > 0])

num_cols = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]
cat_cols = ["Home", "Marital", "Records", "Job"]

for col in num_cols:
    full[col].fillna(full[col].mean(), inplace=True)
for col in cat_cols:
    full[col].fillna(full[col].mode()[0], inplace=True)
print("Missing after:", full.isnull().sum().sum())

# ========== 5. FEATURE ENGINEERING ==========
print("\n========== 5. FEATURE ENGINEERING ==========")
full["loan_to_price"] = full["Amount"] / full["Price"]
full["expense_ratio"] = full["Expenses"] / (full["Income"] + 1)
full["net_assets"] = full["Assets"] - full["Debt"]
full["monthly_payment"] = full["Amount"] / full["Time"]
print("Created: loan_to_price, expense_ratio, net_assets, monthly_payment")

for col in cat_cols:
    le = LabelEncoder()
    full[col] = le.fit_transform(full[col].astype(str))
    print(f"LabelEncoded {col}: {len(le.classes_)} categories")

train = full[full["is_train"] == 1].drop(columns=["is_train"])
test = full[full["is_train"] == 0].drop(columns=["is_train", "Status"])

# ========== 6. SPLIT AND SCALE ==========
print("\n========== 6. SPLIT AND SCALE ==========")
X = train.drop(columns=["id", "Status"])
y = train["Status"].astype(int)
X_test = test.drop(columns=["id"])

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.25, random_state=7, stratify=y)
scaler = StandardScaler()
X_train = scaler.fit_transform(X_train)
X_val = scaler.transform(X_val)
X_test_scaled = scaler.transform(X_test)
print("X_train:", X_train.shape, "X_val:", X_val.shape, "X_test:", X_test_scaled.shape)

# ========== 7. MODELS ==========
print("\n========== 7. MODELS ==========")
models = {
    "Random Forest": RandomForestClassifier(n_estimators=200, min_samples_leaf=3, random_state=7, n_jobs=-1),
    "Decision Tree": DecisionTreeClassifier(max_depth=5, min_samples_leaf=20, random_state=7),
    "Logistic Regression": LogisticRegression(max_iter=500, C=0.5),
    "KNN": KNeighborsClassifier(n_neighbors=31),
    "Gradient Boosting": GradientBoostingClassifier(n_estimators=200, learning_rate=0.05, random_state=7),
}

rows = []
for name, clf in models.items():
    print(f"--- {name} ---")
    clf.fit(X_train, y_train)
    p = clf.predict_proba(X_val)[:, 1]
    ll = log_loss(y_val, p)
    auc = roc_auc_score(y_val, p)
    acc = accuracy_score(y_val, (p > 0.5).astype(int))
    rows.append([name, ll, auc, acc])
    print(f"log loss = {ll:.4f} | auc = {auc:.4f} | accuracy = {acc:.4f}")

results = pd.DataFrame(rows, columns=["Model", "LogLoss", "AUC", "Accuracy"]).sort_values("LogLoss")
print("\nAll results:")
print(results.to_string(index=False))

best_name = results.iloc[0]["Model"]
best = models[best_name]
print(f"\nBest model: {best_name} with validation log loss {results.iloc[0]['LogLoss']:.4f}")
val_pred = best.predict(X_val)
print(classification_report(y_val, val_pred, target_names=["good", "bad"]))
print(confusion_matrix(y_val, val_pred))

# ========== 8. SUBMISSION ==========
print("\n========== 8. SUBMISSION ==========")
best.fit(scaler.fit_transform(X), y)
test_pred = best.predict_proba(scaler.transform(X_test))[:, 1]
sub = pd.DataFrame({"id": test["id"].astype(int), "Status": test_pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe())
print("Saved submission with", len(sub), "rows!")
