# ==============================================================
#   Credit risk (good / bad credit)  -  my attempt #2
#
#   This time I wrote small helper functions for every step, like the
#   instructor did in the "clean code for data science" video:
#       load_data()  ->  explore()  ->  clean()  ->  encode()
#       ->  split  ->  train_and_compare()  ->  make_submission()
#
#   Competition metric: log loss on P(Status = 1).
# ==============================================================

import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder
from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier, GradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.metrics import log_loss, accuracy_score, classification_report, confusion_matrix

RANDOM_STATE = 11
TARGET = "Status"


# --------------------------------------------------------------
# Step 1: load
# --------------------------------------------------------------
def load_data():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    return train, test


# --------------------------------------------------------------
# Step 2: explore
# --------------------------------------------------------------
def explore(df):
    print("shape:", df.shape)
    print(df.head())
    print("\nnull counts:")
    print(df.isnull().sum())
    print("\ntarget distribution:")
    print(df[TARGET].value_counts())

    # correlation of the numeric columns with the target
    corr = df.corr(numeric_only=True)[TARGET].sort_values()
    print("\ncorrelation with target:")
    print(corr)

    plt.figure(figsize=(6, 4))
    corr.drop(TARGET).plot(kind="barh")
    plt.tight_layout()
    plt.savefig("corr_with_target.png")
    plt.close()


# --------------------------------------------------------------
# Step 3: clean
#   - find the categorical (text) columns automatically, so I do not
#     have to type them by hand
#   - numbers: median, text: most frequent value
# --------------------------------------------------------------
def find_categorical(df):
    return [c for c in df.columns if df[c].dtype == "object"]


def clean(train, test):
    cat_cols = find_categorical(train)
    num_cols = [c for c in train.select_dtypes("number").columns if c not in ["id", TARGET]]

    for c in num_cols:
        med = train[c].median()
        train[c] = train[c].fillna(med)
        test[c] = test[c].fillna(med)

    for c in cat_cols:
        top = train[c].mode()[0]
        train[c] = train[c].fillna(top)
        test[c] = test[c].fillna(top)

    return train, test, cat_cols, num_cols


# --------------------------------------------------------------
# Step 4: encode
#   LabelEncoder on train+test together so both get the same codes.
#   (Trees do not care that the codes are "ordered".)
# --------------------------------------------------------------
def encode(train, test, cat_cols):
    encoders = {}
    for c in cat_cols:
        le = LabelEncoder()
        le.fit(pd.concat([train[c], test[c]]))
        train[c] = le.transform(train[c])
        test[c] = le.transform(test[c])
        encoders[c] = le
    return train, test, encoders


# --------------------------------------------------------------
# Step 5/6: train and compare the models
# --------------------------------------------------------------
def train_and_compare(X_train, X_val, y_train, y_val):
    candidates = [
        ("RandomForest", RandomForestClassifier(n_estimators=300, min_samples_leaf=4,
                                                random_state=RANDOM_STATE)),
        ("ExtraTrees", ExtraTreesClassifier(n_estimators=300, min_samples_leaf=4,
                                            random_state=RANDOM_STATE)),
        ("GradientBoosting", GradientBoostingClassifier(n_estimators=120, max_depth=3,
                                                        random_state=RANDOM_STATE)),
        ("LogisticRegression", LogisticRegression(max_iter=3000)),
        ("NaiveBayes", GaussianNB()),
    ]
    table = []
    fitted = {}
    for name, clf in candidates:
        clf.fit(X_train, y_train)
        p = clf.predict_proba(X_val)[:, 1]
        table.append((name, log_loss(y_val, p), accuracy_score(y_val, p > 0.5)))
        fitted[name] = clf
        print("\n" + name)
        print(classification_report(y_val, (p > 0.5).astype(int)))
        print(confusion_matrix(y_val, (p > 0.5).astype(int)))
    table = pd.DataFrame(table, columns=["model", "logloss", "accuracy"]).sort_values("logloss")
    return table, fitted


# --------------------------------------------------------------
# main script
# --------------------------------------------------------------
train, test = load_data()
explore(train)

train, test, cat_cols, num_cols = clean(train, test)
train, test, encoders = encode(train, test, cat_cols)

features = [c for c in train.columns if c not in ["id", TARGET]]
X = train[features]
y = train[TARGET]
X_test = test[features]

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, stratify=y,
                                                  random_state=RANDOM_STATE)
print("\ntrain part:", X_train.shape, "validation part:", X_val.shape)

table, fitted = train_and_compare(X_train, X_val, y_train, y_val)
print("\n", table)

fig, ax = plt.subplots()
ax.bar(table["model"], table["logloss"])
ax.set_ylabel("validation log loss")
plt.xticks(rotation=30)
plt.tight_layout()
plt.savefig("model_logloss.png")
plt.close()

best = table.iloc[0]["model"]
model = fitted[best]
print("Chosen model: %s  ->  Validation log loss: %.4f" % (best, table.iloc[0]["logloss"]))


# --------------------------------------------------------------
# Step 7: final fit on everything + submission
# --------------------------------------------------------------
def make_submission(model, X, y, X_test, ids):
    model.fit(X, y)
    proba = model.predict_proba(X_test)[:, 1]
    os.makedirs("submission", exist_ok=True)
    out = pd.DataFrame({"id": ids, "Status": proba})
    out.to_csv("submission/submission.csv", index=False)
    return out


sub = make_submission(model, X, y, X_test, test["id"])
print(sub.describe())
