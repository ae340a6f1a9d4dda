# ###################################################################
#   HPC job run-time classes  -  capstone mini project
#
#   Same recipe as the Titanic walkthrough from week 2:
#     load  ->  explore  ->  clean  ->  one-hot encode (get_dummies)
#     ->  train_test_split  ->  try models  ->  compare  ->  submit
#
#   Target "class": VF (very fast), F, M, L (long).
#   Metric: macro-averaged F1.
# ###################################################################

import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier
from sklearn.metrics import f1_score, accuracy_score, classification_report, confusion_matrix


# ===================================================================
# LOAD
# ===================================================================
data = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sample = pd.read_csv("./input/sample_submission.csv")

print("train:", data.shape)
print("test :", test.shape)


# ===================================================================
# EXPLORE
# ===================================================================
print(data.info())
print(data["class"].value_counts())
print(data.groupby("day")["class"].value_counts().unstack())

# jobs per hour of the day
plt.figure(figsize=(8, 3))
data["hour"].astype(int).value_counts().sort_index().plot(kind="bar")
plt.title("jobs submitted per hour")
plt.tight_layout()
plt.savefig("jobs_per_hour.png")
plt.close()


# ===================================================================
# CLEAN
# no missing values in this data set (info() above says all non-null)
# but the numbers are heavy tailed: log-transform them
# ===================================================================
skewed = ["compounds", "input_fields", "num_pending"]
for col in skewed:
    data[col] = np.log1p(data[col])
    test[col] = np.log1p(test[col])


# ===================================================================
# ENCODE
# get_dummies for protocol and day (both have no order)
# LabelEncoder for the target
# ===================================================================
data = pd.get_dummies(data, columns=["protocol", "day"], dtype=int)
test = pd.get_dummies(test, columns=["protocol", "day"], dtype=int)

le = LabelEncoder()
data["class"] = le.fit_transform(data["class"])

X = data.drop(columns=["id", "class"])
y = data["class"]

# test might miss a dummy column -> align with the training columns
test_features = test.reindex(columns=X.columns, fill_value=0)
print("features:", X.shape[1])


# ===================================================================
# SPLIT
# ===================================================================
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2,
                                                    random_state=0, stratify=y)


# ===================================================================
# MODELS
# ===================================================================
results = {}

# --- logistic regression (baseline) ---
scaler = StandardScaler().fit(X_train)
model = LogisticRegression(max_iter=3000, class_weight="balanced")
model.fit(scaler.transform(X_train), y_train)
predictions = model.predict(scaler.transform(X_test))
results["Logistic Regression"] = f1_score(y_test, predictions, average="macro")
print("\nLogistic Regression: macro F1 = %.4f" % results["Logistic Regression"])
print(classification_report(y_test, predictions, target_names=le.classes_))

# --- decision tree ---
model = DecisionTreeClassifier(max_depth=8, class_weight="balanced", random_state=0)
model.fit(X_train, y_train)
predictions = model.predict(X_test)
results["Decision Tree"] = f1_score(y_test, predictions, average="macro")
print("\nDecision Tree: macro F1 = %.4f" % results["Decision Tree"])
print(classification_report(y_test, predictions, target_names=le.classes_))

# --- random forest ---
model = RandomForestClassifier(n_estimators=200, class_weight="balanced", random_state=0)
model.fit(X_train, y_train)
predictions = model.predict(X_test)
results["Random Forest"] = f1_score(y_test, predictions, average="macro")
print("\nRandom Forest: macro F1 = %.4f" % results["Random Forest"])
print(classification_report(y_test, predictions, target_names=le.classes_))

# --- extra trees ---
model = ExtraTreesClassifier(n_estimators=200, class_weight="balanced", random_state=0)
model.fit(X_train, y_train)
predictions = model.predict(X_test)
results["Extra Trees"] = f1_score(y_test, predictions, average="macro")
print("\nExtra Trees: macro F1 = %.4f" % results["Extra Trees"])
print(classification_report(y_test, predictions, target_names=le.classes_))


# ===================================================================
# COMPARE
# ===================================================================
results = pd.Series(results).sort_values(ascending=False)
print(results)

plt.figure(figsize=(6, 3))
results.plot(kind="barh")
plt.xlabel("macro F1 (hold-out)")
plt.tight_layout()
plt.savefig("compare_models.png")
plt.close()

# Random forest and extra trees are always close; I go with the random
# forest but with more trees for the final model
final_model = RandomForestClassifier(n_estimators=300, class_weight="balanced", random_state=0)
final_model.fit(X_train, y_train)
predictions = final_model.predict(X_test)
print(confusion_matrix(y_test, predictions))
print("accuracy: %.4f" % accuracy_score(y_test, predictions))
print("Validation macro F1 of the final model: %.4f" % f1_score(y_test, predictions, average="macro"))


# ===================================================================
# SUBMISSION
# retrain on all rows, predict, put the class names back
# ===================================================================
final_model.fit(X, y)
predictions = final_model.predict(X_test)

sample["class"] = le.inverse_transform(predictions)
os.makedirs("submission", exist_ok=True)
sample.to_csv("submission/submission.csv", index=False)
print("submission done:", sample.shape)
