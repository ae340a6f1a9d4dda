"""
HPC jobs: predict the run time class of a job (VF / F / M / L)
----------------------------------------------------------------
Course: Applied Machine Learning, unit 6 (multi-class classification)

The competition metric is MACRO F1, which means every class counts the
same. The classes are very unbalanced (VF is half of the data, L only
6%), so a model that only predicts VF would look good on accuracy but
get a terrible macro F1. I keep an eye on the per-class numbers in the
classification report for that reason.

Sections:
    1. load
    2. explore
    3. clean / feature engineering
    4. encode (LabelEncoder)
    5. split (train_test_split, stratified)
    6. models: KNN, decision tree, random forest, LightGBM
    7. compare and choose
    8. refit and write the submission
"""

import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import f1_score, classification_report, confusion_matrix, ConfusionMatrixDisplay
import lightgbm as lgb


# ---------------------------------------------------------------
# 1. LOAD
# ---------------------------------------------------------------
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "| test", test.shape)


# ---------------------------------------------------------------
# 2. EXPLORE
# ---------------------------------------------------------------
print(train.head())
print(train.describe())
print("\nclass counts:\n", train["class"].value_counts())
print("\nprotocol counts:\n", train["protocol"].value_counts())

# The size columns are very skewed (max is 100x the mean), histogram of
# the log makes this visible
fig, axes = plt.subplots(1, 2, figsize=(10, 4))
np.log1p(train["compounds"]).hist(bins=40, ax=axes[0])
axes[0].set_title("log(1 + compounds)")
np.log1p(train["input_fields"]).hist(bins=40, ax=axes[1])
axes[1].set_title("log(1 + input_fields)")
plt.tight_layout()
plt.savefig("size_histograms.png")
plt.close()

# median job size per class
print(train.groupby("class")[["compounds", "input_fields", "num_pending"]].median())


# ---------------------------------------------------------------
# 3. CLEAN / FEATURES
# There are no missing values (checked in explore), so cleaning is
# only about the skewed columns: I add log versions of them.
# ---------------------------------------------------------------
def add_features(df):
    df = df.copy()
    df["log_compounds"] = np.log1p(df["compounds"])
    df["log_input_fields"] = np.log1p(df["input_fields"])
    df["log_pending"] = np.log1p(df["num_pending"])
    df["work"] = df["log_compounds"] + df["log_input_fields"] + np.log(df["iterations"])
    df["night"] = ((df["hour"] < 7) | (df["hour"] > 20)).astype(int)
    return df

train = add_features(train)
test = add_features(test)


# ---------------------------------------------------------------
# 4. ENCODE
# protocol and day are letters / weekday names -> numbers
# the target also gets its own LabelEncoder
# ---------------------------------------------------------------
le_protocol = LabelEncoder().fit(pd.concat([train["protocol"], test["protocol"]]))
train["protocol"] = le_protocol.transform(train["protocol"])
test["protocol"] = le_protocol.transform(test["protocol"])

day_order = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}
train["day"] = train["day"].map(day_order)
test["day"] = test["day"].map(day_order)

le = LabelEncoder()
y = le.fit_transform(train["class"])
print("target classes:", list(le.classes_))

features = ["protocol", "compounds", "input_fields", "iterations", "num_pending",
            "hour", "day", "log_compounds", "log_input_fields", "log_pending",
            "work", "night"]
X = train[features]
X_test = test[features]


# ---------------------------------------------------------------
# 5. SPLIT
# ---------------------------------------------------------------
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2,
                                                  stratify=y, random_state=3)


# ---------------------------------------------------------------
# 6. MODELS, ONE AFTER ANOTHER
# ---------------------------------------------------------------
scores = {}

# 6a. KNN on scaled log features (raw sizes would dominate the distance)
knn_cols = ["protocol", "iterations", "hour", "day", "log_compounds",
            "log_input_fields", "log_pending"]
scaler = StandardScaler()
knn = KNeighborsClassifier(n_neighbors=9, weights="distance")
knn.fit(scaler.fit_transform(X_train[knn_cols]), y_train)
pred = knn.predict(scaler.transform(X_val[knn_cols]))
scores["knn"] = f1_score(y_val, pred, average="macro")
print("\nKNN macro F1: %.4f" % scores["knn"])
print(classification_report(y_val, pred, target_names=le.classes_))

# 6b. decision tree
tree = DecisionTreeClassifier(max_depth=10, min_samples_leaf=5,
                              class_weight="balanced", random_state=3)
tree.fit(X_train, y_train)
pred = tree.predict(X_val)
scores["tree"] = f1_score(y_val, pred, average="macro")
print("\nDecision tree macro F1: %.4f" % scores["tree"])
print(classification_report(y_val, pred, target_names=le.classes_))

# 6c. random forest
forest = RandomForestClassifier(n_estimators=200, min_samples_leaf=2,
                                class_weight="balanced_subsample", random_state=3, n_jobs=1)
forest.fit(X_train, y_train)
pred = forest.predict(X_val)
scores["forest"] = f1_score(y_val, pred, average="macro")
print("\nRandom forest macro F1: %.4f" % scores["forest"])
print(classification_report(y_val, pred, target_names=le.classes_))

# 6d. LightGBM (the course said "try boosting at the end")
booster = lgb.LGBMClassifier(n_estimators=300, learning_rate=0.05, num_leaves=31,
                             class_weight="balanced", subsample=0.8, subsample_freq=1,
                             colsample_bytree=0.8, random_state=3, verbose=-1, n_jobs=1)
booster.fit(X_train, y_train)
pred = booster.predict(X_val)
scores["lightgbm"] = f1_score(y_val, pred, average="macro")
print("\nLightGBM macro F1: %.4f" % scores["lightgbm"])
print(classification_report(y_val, pred, target_names=le.classes_))


# ---------------------------------------------------------------
# 7. COMPARE
# ---------------------------------------------------------------
scores = pd.Series(scores).sort_values(ascending=False)
print("\nmacro F1 on the hold-out:\n", scores)

scores.plot(kind="bar", rot=0)
plt.ylabel("macro F1")
plt.ylim(0, 1)
plt.savefig("model_scores.png")
plt.close()

chosen = scores.index[0]
print("chosen model:", chosen)

if chosen == "knn":
    pred = knn.predict(scaler.transform(X_val[knn_cols]))
else:
    model = {"tree": tree, "forest": forest, "lightgbm": booster}[chosen]
    pred = model.predict(X_val)

ConfusionMatrixDisplay(confusion_matrix(y_val, pred), display_labels=le.classes_).plot()
plt.savefig("confusion_matrix_%s.png" % chosen)
plt.close("all")
print("Validation macro F1: %.4f" % f1_score(y_val, pred, average="macro"))


# ---------------------------------------------------------------
# 8. REFIT ON ALL ROWS + SUBMISSION
# ---------------------------------------------------------------
if chosen == "knn":
    scaler = StandardScaler()
    knn.fit(scaler.fit_transform(X[knn_cols]), y)
    test_pred = knn.predict(scaler.transform(X_test[knn_cols]))
else:
    model.fit(X, y)
    test_pred = model.predict(X_test)

submission = pd.DataFrame({"id": test["id"], "class": le.inverse_transform(test_pred)})
os.makedirs("submission", exist_ok=True)
submission.to_csv("submission/submission.csv", index=False)
print(submission["class"].value_counts())
