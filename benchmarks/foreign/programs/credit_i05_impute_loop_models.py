#  ================================================================
#   CREDIT SCORING  -  predicting bad credits (Status = 1)
#   Assignment 5 of the "ML for beginners" track
#
#   Structure of this notebook-turned-script:
#     PART 1  load the csv files
#     PART 2  explore: shapes, types, missing values, target balance
#     PART 3  clean: impute the missing numbers
#     PART 4  encode: LabelEncoder for yes/no, get_dummies for the rest
#     PART 5  split with train_test_split (stratified)
#     PART 6  train a bunch of classic models in a loop
#     PART 7  compare + pick the best (by log loss, the competition metric)
#     PART 8  refit on all data and write submission.csv
#  ================================================================

import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.tree import DecisionTreeClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import log_loss, roc_auc_score, classification_report, ConfusionMatrixDisplay


# ----------------------------------------------------------------
# PART 1 - load
# ----------------------------------------------------------------
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

print("Training rows:", train.shape[0], "| Test rows:", test.shape[0])


# ----------------------------------------------------------------
# PART 2 - explore
# ----------------------------------------------------------------
print(train.describe().T)

missing = train.isnull().sum()
print("\nColumns with missing values in train:")
print(missing[missing > 0])

missing_test = test.isnull().sum()
print("\nColumns with missing values in test:")
print(missing_test[missing_test > 0])

print("\nTarget balance:")
print(train["Status"].value_counts(normalize=True))

# age distribution for the report
train["Age"].plot.hist(bins=30)
plt.title("Age of applicants")
plt.savefig("age_hist.png")
plt.close()


# ----------------------------------------------------------------
# PART 3 - clean
# The numeric columns with holes are Income, Assets and Debt.
# Median imputation (median is robust to the huge Assets outliers).
# The text columns Home / Marital / Job have 1-4 missing values, but
# get_dummies will simply give those rows zeros everywhere, so I leave
# them alone.
# ----------------------------------------------------------------
numeric_missing = ["Income", "Assets", "Debt"]

for df in [train, test]:
    for col in numeric_missing:
        # always use the TRAIN median, also for the test set
        df[col].fillna(train[col].median(), inplace=True)

# A feature I like: how much money is left every month
for df in [train, test]:
    df["savings"] = df["Income"] - df["Expenses"] - df["Debt"] / df["Time"]
    df["amount_price_ratio"] = df["Amount"] / df["Price"]


# ----------------------------------------------------------------
# PART 4 - encode
# ----------------------------------------------------------------
# Records is yes/no -> 0/1 with a LabelEncoder
le = LabelEncoder()
train["Records"] = le.fit_transform(train["Records"])
test["Records"] = le.transform(test["Records"])

# the other text columns -> one-hot
train = pd.get_dummies(train, columns=["Home", "Marital", "Job"], dtype=float)
test = pd.get_dummies(test, columns=["Home", "Marital", "Job"], dtype=float)

X = train.drop(columns=["id", "Status"])
y = train["Status"]
X_test = test.drop(columns=["id"]).reindex(columns=X.columns, fill_value=0.0)

print("\nFinal feature matrix:", X.shape)


# ----------------------------------------------------------------
# PART 5 - split
# ----------------------------------------------------------------
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.25,
                                                  stratify=y, random_state=2024)


# ----------------------------------------------------------------
# PART 6 - models in a loop
# ----------------------------------------------------------------
models = {
    "Decision tree": DecisionTreeClassifier(max_depth=4, min_samples_leaf=20, random_state=0),
    "Logistic regression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
    "KNN (k=25)": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=25)),
    "Random forest": RandomForestClassifier(n_estimators=200, min_samples_leaf=3, random_state=0),
}

summary = []
for name, model in models.items():
    print("\n#####", name, "#####")
    model.fit(X_train, y_train)
    proba = model.predict_proba(X_val)[:, 1]
    pred = model.predict(X_val)

    ll = log_loss(y_val, proba)
    auc = roc_auc_score(y_val, proba)
    summary.append({"model": name, "logloss": ll, "auc": auc})

    print(classification_report(y_val, pred))
    print("log loss = %.4f, AUC = %.4f" % (ll, auc))

    ConfusionMatrixDisplay.from_predictions(y_val, pred)
    plt.title(name)
    plt.savefig("confusion_" + name.split()[0].lower() + ".png")
    plt.close("all")


# ----------------------------------------------------------------
# PART 7 - compare
# ----------------------------------------------------------------
summary = pd.DataFrame(summary).sort_values("logloss").reset_index(drop=True)
print("\n", summary)

best_name = summary.loc[0, "model"]
model = models[best_name]
proba = model.predict_proba(X_val)[:, 1]
print("\nChosen model:", best_name)
print("Validation log loss: %.4f" % log_loss(y_val, proba))


# ----------------------------------------------------------------
# PART 8 - refit on everything, predict the test set
# ----------------------------------------------------------------
model.fit(X, y)
test_pred = model.predict_proba(X_test)[:, 1]

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "Status": test_pred}).to_csv(
    "submission/submission.csv", index=False)
print("Submission saved.")
