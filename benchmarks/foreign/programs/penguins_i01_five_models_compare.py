# =====================================================================
#  Palmer Penguins - species classification
#  Week 3 assignment: "compare several classic classifiers"
#
#  Plan (same as in the lecture notebook):
#     1. load the data
#     2. explore it a bit (shapes, missing values, class balance)
#     3. clean it (fill the missing values)
#     4. encode the categorical columns (LabelEncoder + get_dummies)
#     5. split into train / validation with train_test_split
#     6. train several models one after another
#     7. compare them and pick the best one
#     8. retrain the best one on everything and write the submission
#
#  The competition is scored with log loss, so we need predict_proba
#  and not just predict!  (the instructor stressed this a lot)
# =====================================================================

import numpy as np
import pandas as pd

import matplotlib
matplotlib.use("Agg")          # no screen on the grader, so save figures to files
import matplotlib.pyplot as plt

from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.model_selection import train_test_split
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.naive_bayes import GaussianNB
from sklearn.metrics import (accuracy_score, log_loss, classification_report,
                             confusion_matrix, ConfusionMatrixDisplay)


# ---------------------------------------------------------------------
# STEP 1: LOAD
# ---------------------------------------------------------------------
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sample = pd.read_csv("./input/sample_submission.csv")

print("train shape:", train.shape)
print("test shape:", test.shape)


# ---------------------------------------------------------------------
# STEP 2: EXPLORE
# Always look at the data before modelling! head(), info(), describe()
# ---------------------------------------------------------------------
print(train.head())
print(train.describe())

print("\nMissing values per column (train):")
print(train.isnull().sum())

print("\nClass balance:")
print(train["species"].value_counts())

# a quick scatter plot of two of the measurements, coloured by species.
# In the course they said bill length vs flipper length separates the
# three species nicely, let's check that.
fig, ax = plt.subplots(figsize=(6, 5))
for sp in train["species"].unique():
    part = train[train["species"] == sp]
    ax.scatter(part["bill_length_mm"], part["flipper_length_mm"], label=sp, s=12)
ax.set_xlabel("bill_length_mm")
ax.set_ylabel("flipper_length_mm")
ax.legend()
fig.savefig("scatter_bill_flipper.png")
plt.close(fig)


# ---------------------------------------------------------------------
# STEP 3: CLEAN
# Numeric columns -> fill with the median of the TRAIN data
# (never use test statistics, that would be leakage)
# Categorical sex -> fill with the most common value
# ---------------------------------------------------------------------
numeric_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]

for col in numeric_cols:
    median_value = train[col].median()
    train[col] = train[col].fillna(median_value)
    test[col] = test[col].fillna(median_value)

most_common_sex = train["sex"].mode()[0]
train["sex"] = train["sex"].fillna(most_common_sex)
test["sex"] = test["sex"].fillna(most_common_sex)

print("\nMissing values after cleaning:", train.isnull().sum().sum(), "(train),",
      test.isnull().sum().sum(), "(test)")


# ---------------------------------------------------------------------
# STEP 4: ENCODE
# target: LabelEncoder turns Adelie/Chinstrap/Gentoo into 0/1/2
# features: get_dummies for island and sex (one-hot)
# ---------------------------------------------------------------------
le = LabelEncoder()
y = le.fit_transform(train["species"])
print("\nclasses in the encoder:", list(le.classes_))

features = ["island", "bill_length_mm", "bill_depth_mm", "flipper_length_mm",
            "body_mass_g", "sex"]

X = pd.get_dummies(train[features], columns=["island", "sex"])
X_test = pd.get_dummies(test[features], columns=["island", "sex"])

# make sure the test set has exactly the same dummy columns (in case a
# category does not appear in test)
X_test = X_test.reindex(columns=X.columns, fill_value=0)

X = X.astype(float)
X_test = X_test.astype(float)
print("feature columns:", list(X.columns))


# ---------------------------------------------------------------------
# STEP 5: SPLIT
# 80/20 hold-out, stratified so the small Chinstrap class is in both parts
# ---------------------------------------------------------------------
X_train, X_val, y_train, y_val = train_test_split(
    X, y, test_size=0.2, random_state=42, stratify=y)

# scaling is needed for KNN and Logistic Regression (distance / gradient based)
scaler = StandardScaler()
X_train_scaled = scaler.fit_transform(X_train)
X_val_scaled = scaler.transform(X_val)


# ---------------------------------------------------------------------
# STEP 6: TRAIN SEVERAL MODELS, ONE AFTER ANOTHER
# ---------------------------------------------------------------------
results = {}

# --- Model 1: Logistic Regression ---
model = LogisticRegression(max_iter=1000, C=1.0)
model.fit(X_train_scaled, y_train)
proba = model.predict_proba(X_val_scaled)
pred = model.predict(X_val_scaled)
results["Logistic Regression"] = (log_loss(y_val, proba), accuracy_score(y_val, pred))
print("\nLogistic Regression")
print(classification_report(y_val, pred, target_names=le.classes_))

# --- Model 2: K-Nearest Neighbours ---
model = KNeighborsClassifier(n_neighbors=7)
model.fit(X_train_scaled, y_train)
proba = model.predict_proba(X_val_scaled)
pred = model.predict(X_val_scaled)
# KNN can give exactly 0 probability -> log loss explodes, so clip a bit
proba = np.clip(proba, 1e-3, 1)
proba = proba / proba.sum(axis=1, keepdims=True)
results["KNN"] = (log_loss(y_val, proba), accuracy_score(y_val, pred))
print("\nKNN")
print(classification_report(y_val, pred, target_names=le.classes_))

# --- Model 3: Decision Tree ---
model = DecisionTreeClassifier(max_depth=4, random_state=42)
model.fit(X_train, y_train)
proba = model.predict_proba(X_val)
pred = model.predict(X_val)
proba = np.clip(proba, 1e-3, 1)
proba = proba / proba.sum(axis=1, keepdims=True)
results["Decision Tree"] = (log_loss(y_val, proba), accuracy_score(y_val, pred))
print("\nDecision Tree")
print(classification_report(y_val, pred, target_names=le.classes_))

# --- Model 4: Random Forest ---
model = RandomForestClassifier(n_estimators=200, random_state=42)
model.fit(X_train, y_train)
proba = model.predict_proba(X_val)
pred = model.predict(X_val)
proba = np.clip(proba, 1e-3, 1)
proba = proba / proba.sum(axis=1, keepdims=True)
results["Random Forest"] = (log_loss(y_val, proba), accuracy_score(y_val, pred))
print("\nRandom Forest")
print(classification_report(y_val, pred, target_names=le.classes_))

# --- Model 5: Gaussian Naive Bayes ---
model = GaussianNB()
model.fit(X_train_scaled, y_train)
proba = model.predict_proba(X_val_scaled)
pred = model.predict(X_val_scaled)
proba = np.clip(proba, 1e-3, 1)
proba = proba / proba.sum(axis=1, keepdims=True)
results["Naive Bayes"] = (log_loss(y_val, proba), accuracy_score(y_val, pred))
print("\nNaive Bayes")
print(classification_report(y_val, pred, target_names=le.classes_))


# ---------------------------------------------------------------------
# STEP 7: COMPARE
# ---------------------------------------------------------------------
comparison = pd.DataFrame(results, index=["log_loss", "accuracy"]).T
comparison = comparison.sort_values("log_loss")
print("\nModel comparison (sorted by log loss, lower is better):")
print(comparison)

fig, ax = plt.subplots(figsize=(7, 4))
comparison["log_loss"].plot(kind="barh", ax=ax)
ax.set_xlabel("validation log loss")
fig.tight_layout()
fig.savefig("model_comparison.png")
plt.close(fig)

best_name = comparison.index[0]
print("\nBest model:", best_name)


# ---------------------------------------------------------------------
# STEP 8: RETRAIN THE BEST MODEL AND PREDICT THE TEST SET
# ---------------------------------------------------------------------
def make_model(name):
    # returns (model, needs_scaling)
    if name == "Logistic Regression":
        return LogisticRegression(max_iter=1000, C=1.0), True
    if name == "KNN":
        return KNeighborsClassifier(n_neighbors=7), True
    if name == "Decision Tree":
        return DecisionTreeClassifier(max_depth=4, random_state=42), False
    if name == "Random Forest":
        return RandomForestClassifier(n_estimators=200, random_state=42), False
    return GaussianNB(), True


model, needs_scaling = make_model(best_name)

# first the confusion matrix of the chosen model on the hold-out, then
# the validation score we report
if needs_scaling:
    model.fit(X_train_scaled, y_train)
    pred = model.predict(X_val_scaled)
    proba = model.predict_proba(X_val_scaled)
else:
    model.fit(X_train, y_train)
    pred = model.predict(X_val)
    proba = model.predict_proba(X_val)

cm = confusion_matrix(y_val, pred)
disp = ConfusionMatrixDisplay(cm, display_labels=le.classes_)
disp.plot()
plt.title("Confusion matrix - " + best_name)
plt.savefig("confusion_matrix_best.png")
plt.close("all")

proba = np.clip(proba, 1e-3, 1)
proba = proba / proba.sum(axis=1, keepdims=True)
print("Validation log loss (%s): %.5f" % (best_name, log_loss(y_val, proba)))

# now refit on ALL the training rows
if needs_scaling:
    scaler = StandardScaler()
    X_all = scaler.fit_transform(X)
    X_sub = scaler.transform(X_test)
else:
    X_all = X
    X_sub = X_test

model.fit(X_all, y)
test_proba = model.predict_proba(X_sub)
test_proba = np.clip(test_proba, 1e-3, 1)
test_proba = test_proba / test_proba.sum(axis=1, keepdims=True)

import os
os.makedirs("submission", exist_ok=True)

submission = pd.DataFrame({"id": test["id"]})
for i, cls in enumerate(le.classes_):
    submission[cls] = test_proba[:, i]
submission = submission[sample.columns]
submission.to_csv("submission/submission.csv", index=False)
print("submission written:", submission.shape)
