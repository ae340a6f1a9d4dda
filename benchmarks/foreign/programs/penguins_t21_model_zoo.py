# ==========================================================
#  Palmer Penguins - Species Classification
#  My first end-to-end multiclass project after the bootcamp!
# ==========================================================

# ---------- 1. Import Libraries ----------
import pandas as pd
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.model_selection import train_test_split
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier
from sklearn.metrics import log_loss, accuracy_score, classification_report, confusion_matrix

print("=" * 60)
print("1. LOADING THE DATA")
print("=" * 60)
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample_sub = pd.read_csv("input/sample_submission.csv")
print("Train shape:", train.shape)
print("Test shape:", test.shape)
print(train.head())

print("\n" + "=" * 60)
print("2. EXPLORATORY DATA ANALYSIS")
print("=" * 60)
print(train.info())
print("\nMissing values in train:")
print(train.isnull().sum())
print("\nTarget distribution:")
print(train["species"].value_counts())

# quick plot of the target
plt.figure(figsize=(6, 4))
train["species"].value_counts().plot(kind="bar", color=["orange", "purple", "teal"])
plt.title("Number of penguins per species")
plt.ylabel("count")
plt.tight_layout()
plt.savefig("species_distribution.png")
plt.close()
print("Saved species_distribution.png")

print("\n" + "=" * 60)
print("3. HANDLING MISSING VALUES")
print("=" * 60)
num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
cat_cols = ["island", "sex"]

for col in num_cols:
    mean_value = train[col].mean()
    train[col] = train[col].fillna(mean_value)
    test[col] = test[col].fillna(mean_value)
    print(f"Filled {col} with mean = {mean_value:.2f}")

for col in cat_cols:
    mode_value = train[col].mode()[0]
    train[col] = train[col].fillna(mode_value)
    test[col] = test[col].fillna(mode_value)
    print(f"Filled {col} with mode = {mode_value}")

print("Missing values left in train:", train.isnull().sum().sum())
print("Missing values left in test:", test.isnull().sum().sum())

print("\n" + "=" * 60)
print("4. ENCODING CATEGORICAL VARIABLES")
print("=" * 60)
encoders = {}
for col in cat_cols:
    le = LabelEncoder()
    le.fit(pd.concat([train[col], test[col]]))
    train[col] = le.transform(train[col])
    test[col] = le.transform(test[col])
    encoders[col] = le
    print(f"{col}: {list(le.classes_)}")

target_encoder = LabelEncoder()
y = target_encoder.fit_transform(train["species"])
print("Target classes:", list(target_encoder.classes_))

print("\n" + "=" * 60)
print("5. TRAIN / VALIDATION SPLIT")
print("=" * 60)
features = ["island", "bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "sex", "year"]
X = train[features]
X_test = test[features]

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=42, stratify=y)
print("X_train:", X_train.shape, " X_val:", X_val.shape)

scaler = StandardScaler()
X_train_scaled = scaler.fit_transform(X_train)
X_val_scaled = scaler.transform(X_val)
X_test_scaled = scaler.transform(X_test)

print("\n" + "=" * 60)
print("6. TRAINING MULTIPLE MODELS")
print("=" * 60)
models = {
    "Logistic Regression": LogisticRegression(max_iter=1000),
    "Random Forest": RandomForestClassifier(n_estimators=200, random_state=42),
    "KNN": KNeighborsClassifier(n_neighbors=7),
    "SVC": SVC(probability=True, random_state=42),
    "Gradient Boosting": GradientBoostingClassifier(random_state=42),
    "Decision Tree": DecisionTreeClassifier(max_depth=4, random_state=42),
}

results = []
for name, model in models.items():
    print(f"Training {name}...")
    model.fit(X_train_scaled, y_train)
    val_proba = model.predict_proba(X_val_scaled)
    val_pred = model.predict(X_val_scaled)
    ll = log_loss(y_val, val_proba)
    acc = accuracy_score(y_val, val_pred)
    results.append({"Model": name, "LogLoss": ll, "Accuracy": acc})
    print(f"   -> {name}: logloss = {ll:.4f}, accuracy = {acc:.4f}")

results_df = pd.DataFrame(results).sort_values("LogLoss").reset_index(drop=True)
print("\nModel comparison (lower logloss is better):")
print(results_df)

plt.figure(figsize=(8, 4))
plt.barh(results_df["Model"], results_df["LogLoss"], color="steelblue")
plt.xlabel("Validation log loss")
plt.title("Model comparison")
plt.tight_layout()
plt.savefig("model_comparison.png")
plt.close()

print("\n" + "=" * 60)
print("7. EVALUATING THE BEST MODEL")
print("=" * 60)
best_name = results_df.loc[0, "Model"]
best_model = models[best_name]
print("Best model is:", best_name)
best_pred = best_model.predict(X_val_scaled)
print(classification_report(y_val, best_pred, target_names=target_encoder.classes_))
print("Confusion matrix:")
print(confusion_matrix(y_val, best_pred))
print(f"Validation Log Loss of {best_name}: {results_df.loc[0, 'LogLoss']:.4f}")

print("\n" + "=" * 60)
print("8. RETRAIN ON FULL DATA AND PREDICT TEST")
print("=" * 60)
X_full_scaled = scaler.fit_transform(X)
X_test_scaled = scaler.transform(X_test)
best_model.fit(X_full_scaled, y)
test_proba = best_model.predict_proba(X_test_scaled)

submission = pd.DataFrame({"id": test["id"]})
for i, cls in enumerate(target_encoder.classes_):
    submission[cls] = test_proba[:, i]
submission = submission[sample_sub.columns]
submission.to_csv("submission/submission.csv", index=False)
print(submission.head())
print("Submission saved! Shape:", submission.shape)
print("All done :)")
