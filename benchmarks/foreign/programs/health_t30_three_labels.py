# ===========================================================
#   HEALTH INSURANCE (MEPS 1995) - 3 binary targets
#   health / limit / insurance  -> mean ROC AUC over columns
# ===========================================================

# ================= 1. IMPORTS =================
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
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.naive_bayes import GaussianNB
from sklearn.metrics import roc_auc_score, classification_report, confusion_matrix

targets = ["health", "limit", "insurance"]

print("=" * 58)
print("2. LOAD DATA")
print("=" * 58)
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("Train:", train.shape, "Test:", test.shape)
print(train.head())
for t in targets:
    print(f"Positive rate of {t}: {train[t].mean():.3f}")

print("=" * 58)
print("3. EDA")
print("=" * 58)
cat_cols = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
num_cols = ["age", "family"]
for col in cat_cols:
    print(f"\n{col} -> insurance rate:")
    print(train.groupby(col)["insurance"].mean().round(3))

fig, axes = plt.subplots(1, 3, figsize=(15, 4))
for ax, t in zip(axes, targets):
    train.groupby("age")[t].mean().plot(ax=ax)
    ax.set_title(f"{t} rate by age")
plt.tight_layout()
plt.savefig("rates_by_age.png")
plt.close()
print("\nsaved rates_by_age.png")

print("=" * 58)
print("4. CLEANING + ENCODING")
print("=" * 58)
for col in num_cols:
    if train[col].isnull().any():
        train[col] = train[col].fillna(train[col].mean())
    if test[col].isnull().any():
        test[col] = test[col].fillna(train[col].mean())
for col in cat_cols:
    if train[col].isnull().any() or test[col].isnull().any():
        mode_val = train[col].mode()[0]
        train[col] = train[col].fillna(mode_val)
        test[col] = test[col].fillna(mode_val)
print("missing train:", train.isnull().sum().sum(), "| missing test:", test.isnull().sum().sum())

for col in cat_cols:
    le = LabelEncoder()
    train[col] = le.fit_transform(train[col])
    test[col] = le.transform(test[col])
    print(f"{col:<10} classes: {list(le.classes_)}")

train["age_squared"] = train["age"] ** 2
test["age_squared"] = test["age"] ** 2
train["is_single_person"] = (train["family"] == 1).astype(int)
test["is_single_person"] = (test["family"] == 1).astype(int)

features = cat_cols + num_cols + ["age_squared", "is_single_person"]
X = train[features]
X_test = test[features]
print("Feature list:", features)

print("=" * 58)
print("5. MODEL LOOP FOR EACH TARGET")
print("=" * 58)
def make_models():
    return {
        "LogisticRegression": LogisticRegression(max_iter=1000),
        "NaiveBayes": GaussianNB(),
        "KNN": KNeighborsClassifier(n_neighbors=75),
        "DecisionTree": DecisionTreeClassifier(max_depth=5, min_samples_leaf=50, random_state=3),
        "RandomForest": RandomForestClassifier(n_estimators=150, min_samples_leaf=10, random_state=3, n_jobs=-1),
        "GradientBoosting": GradientBoostingClassifier(n_estimators=100, max_depth=3, random_state=3),
    }

all_results = []
best_models = {}
for t in targets:
    print(f"\n>>>>> Target: {t}")
    y = train[t]
    X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=3, stratify=y)
    scaler = StandardScaler()
    X_train_s = scaler.fit_transform(X_train)
    X_val_s = scaler.transform(X_val)

    target_scores = {}
    for name, model in make_models().items():
        model.fit(X_train_s, y_train)
        proba = model.predict_proba(X_val_s)[:, 1]
        auc = roc_auc_score(y_val, proba)
        target_scores[name] = auc
        all_results.append({"target": t, "model": name, "auc": auc})
        print(f"    {name:<20} AUC = {auc:.4f}")

    best_name = max(target_scores, key=target_scores.get)
    best_models[t] = best_name
    print(f"  Best for {t}: {best_name} ({target_scores[best_name]:.4f})")
    chosen = make_models()[best_name].fit(X_train_s, y_train)
    print(confusion_matrix(y_val, chosen.predict(X_val_s)))

results_df = pd.DataFrame(all_results).sort_values(["target", "auc"], ascending=[True, False])
print("\nFull results table:")
print(results_df.to_string(index=False))

pivot = results_df.pivot(index="model", columns="target", values="auc")
pivot.plot(kind="bar", figsize=(10, 5))
plt.ylim(0.5, 0.85)
plt.ylabel("validation AUC")
plt.tight_layout()
plt.savefig("auc_by_model_and_target.png")
plt.close()

best_scores = results_df.groupby("target")["auc"].max()
print("\nBest AUC per target:")
print(best_scores)
print(f"Mean column-wise AUC (validation): {best_scores.mean():.4f}")

print("=" * 58)
print("6. FINAL TRAINING + SUBMISSION")
print("=" * 58)
scaler = StandardScaler()
X_all_s = scaler.fit_transform(X)
X_test_s = scaler.transform(X_test)
submission = pd.DataFrame({"id": test["id"]})
for t in targets:
    model = make_models()[best_models[t]]
    model.fit(X_all_s, train[t])
    submission[t] = model.predict_proba(X_test_s)[:, 1]
    print(f"{t}: trained {best_models[t]} on all rows")
submission.to_csv("submission/submission.csv", index=False)
print(submission.head())
print("Saved submission.csv ->", submission.shape)
