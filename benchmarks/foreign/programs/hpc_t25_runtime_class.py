# ============================================================
#  HPC JOBS - predict the runtime class (VF / F / M / L)
#  Evaluation metric: macro F1
# ============================================================

# -------- 1. imports --------
import pandas as pd
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import time
import warnings
warnings.filterwarnings("ignore")

from sklearn.model_selection import train_test_split, cross_val_score, StratifiedKFold
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.metrics import f1_score, accuracy_score, classification_report, confusion_matrix

print("============================================================")
print(" 2. Load data")
print("============================================================")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train shape =", train.shape)
print("test shape  =", test.shape)
print(train.head())
print("\nClass balance:")
print(train["class"].value_counts())
print("\nNulls in train:", train.isnull().sum().sum(), "| nulls in test:", test.isnull().sum().sum())

print("============================================================")
print(" 3. Quick EDA plots")
print("============================================================")
fig, axes = plt.subplots(2, 2, figsize=(12, 8))
for ax, col in zip(axes.flatten(), ["compounds", "input_fields", "iterations", "num_pending"]):
    for cls in ["VF", "F", "M", "L"]:
        ax.hist(np.log1p(train.loc[train["class"] == cls, col]), bins=30, alpha=0.5, label=cls)
    ax.set_title("log1p(" + col + ")")
    ax.legend()
plt.tight_layout()
plt.savefig("hpc_feature_hist.png")
plt.close()
print("saved hpc_feature_hist.png")

print("============================================================")
print(" 4. Feature engineering")
print("============================================================")
for df in [train, test]:
    df["log_compounds"] = np.log1p(df["compounds"])
    df["log_input_fields"] = np.log1p(df["input_fields"])
    df["log_num_pending"] = np.log1p(df["num_pending"])
    df["work_size"] = np.log1p(df["compounds"] * df["iterations"])
    df["fields_per_compound"] = df["input_fields"] / df["compounds"]
    df["is_weekend"] = df["day"].isin(["Sat", "Sun"]).astype(int)
    df["is_night"] = ((df["hour"] < 7) | (df["hour"] > 20)).astype(int)

cat_features = ["protocol", "day"]
for col in cat_features:
    le = LabelEncoder()
    le.fit(list(train[col].unique()) + list(test[col].unique()))
    train[col] = le.transform(train[col])
    test[col] = le.transform(test[col])
    print(f"{col} encoded, {len(le.classes_)} unique values")

target_le = LabelEncoder()
y = target_le.fit_transform(train["class"])
print("target mapping:", dict(zip(target_le.classes_, range(len(target_le.classes_)))))

features = [c for c in train.columns if c not in ["id", "class"]]
print("number of features:", len(features))
X = train[features]
X_test = test[features]

print("============================================================")
print(" 5. Split data")
print("============================================================")
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, stratify=y, random_state=123)
scaler = StandardScaler()
X_train_scaled = scaler.fit_transform(X_train)
X_val_scaled = scaler.transform(X_val)
print("train:", X_train_scaled.shape, "val:", X_val_scaled.shape)

print("============================================================")
print(" 6. Try a bunch of models")
print("============================================================")
models = {
    "LogReg": LogisticRegression(max_iter=3000, class_weight="balanced"),
    "KNN": KNeighborsClassifier(n_neighbors=11, weights="distance"),
    "SVC": SVC(C=5, class_weight="balanced"),
    "DecisionTree": DecisionTreeClassifier(max_depth=8, class_weight="balanced", random_state=123),
    "RandomForest": RandomForestClassifier(n_estimators=250, class_weight="balanced_subsample", random_state=123, n_jobs=2),
    "GradientBoosting": GradientBoostingClassifier(n_estimators=120, max_depth=3, random_state=123),
}
results = []
for name, model in models.items():
    start = time.time()
    model.fit(X_train_scaled, y_train)
    pred = model.predict(X_val_scaled)
    f1 = f1_score(y_val, pred, average="macro")
    acc = accuracy_score(y_val, pred)
    elapsed = time.time() - start
    results.append({"model": name, "f1_macro": f1, "accuracy": acc, "seconds": round(elapsed, 2)})
    print(f"[{name}] f1_macro={f1:.4f}  acc={acc:.4f}  ({elapsed:.1f}s)")

results = pd.DataFrame(results).sort_values("f1_macro", ascending=False)
print("\n>>> Sorted results:")
print(results.to_string(index=False))

results.plot(x="model", y="f1_macro", kind="bar", legend=False, figsize=(8, 4), color="darkgreen")
plt.ylabel("macro F1")
plt.title("Validation macro F1 by model")
plt.tight_layout()
plt.savefig("hpc_model_scores.png")
plt.close()

print("============================================================")
print(" 7. Best model details + cross validation")
print("============================================================")
best_name = results.iloc[0]["model"]
best_model = models[best_name]
best_pred = best_model.predict(X_val_scaled)
print("best model =", best_name)
print(classification_report(y_val, best_pred, target_names=target_le.classes_))
print(confusion_matrix(y_val, best_pred))

skf = StratifiedKFold(n_splits=3, shuffle=True, random_state=123)
cv_scores = cross_val_score(best_model, scaler.fit_transform(X), y, cv=skf, scoring="f1_macro")
print("3-fold CV f1_macro scores:", np.round(cv_scores, 4))
print(f"Mean CV macro F1: {cv_scores.mean():.4f} (+/- {cv_scores.std():.4f})")
print(f"Validation macro F1 score: {results.iloc[0]['f1_macro']:.4f}")

print("============================================================")
print(" 8. Final fit + submission")
print("============================================================")
X_all = scaler.fit_transform(X)
best_model.fit(X_all, y)
final_pred = best_model.predict(scaler.transform(X_test))
submission = pd.DataFrame()
submission["id"] = test["id"]
submission["class"] = target_le.inverse_transform(final_pred)
submission.to_csv("submission/submission.csv", index=False)
print(submission["class"].value_counts())
print("Submission file created :)")
