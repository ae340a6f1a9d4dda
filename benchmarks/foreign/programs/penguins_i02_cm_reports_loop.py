#####################################################################
# Penguin species - my solution for the module 4 project
#
# What I learned this week: put the models in a dictionary and loop
# over them so you do not copy-paste the same five lines for every
# model. For every model I print the classification report and save
# the confusion matrix as a picture so I can put it in my write-up.
#
# Sections:
#   A) load          B) explore        C) clean
#   D) encode        E) split          F) models loop
#   G) compare       H) final model + submission
#####################################################################

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
from sklearn.pipeline import make_pipeline
from sklearn.linear_model import LogisticRegression
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier
from sklearn.metrics import classification_report, confusion_matrix, log_loss, accuracy_score


# ------------------------------------------------------------------
# A) LOAD
# ------------------------------------------------------------------
df = pd.read_csv("./input/train.csv")
df_test = pd.read_csv("./input/test.csv")
print("Loaded", len(df), "training penguins and", len(df_test), "test penguins")


# ------------------------------------------------------------------
# B) EXPLORE
# ------------------------------------------------------------------
print(df.info())
print(df["species"].value_counts(normalize=True))
print(df.groupby("species")[["bill_length_mm", "bill_depth_mm",
                             "flipper_length_mm", "body_mass_g"]].mean())

# histogram of body mass per species, saved for the write-up
plt.figure(figsize=(7, 4))
for name, group in df.groupby("species"):
    plt.hist(group["body_mass_g"].dropna(), bins=20, alpha=0.5, label=name)
plt.legend()
plt.title("Body mass by species")
plt.savefig("body_mass_hist.png")
plt.close()


# ------------------------------------------------------------------
# C) CLEAN
# I put train and test together so the cleaning and encoding is the
# same for both (the course calls it "the concat trick").
# ------------------------------------------------------------------
df["is_train"] = 1
df_test["is_train"] = 0
full = pd.concat([df, df_test], ignore_index=True)

# numeric columns: fill by the mean of the same species would be nicer,
# but test has no species, so just use the overall median
for col in ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]:
    full[col] = full[col].fillna(full[col].median())

full["sex"] = full["sex"].fillna("unknown")


# ------------------------------------------------------------------
# D) ENCODE
# LabelEncoder for the two text columns and for the target
# ------------------------------------------------------------------
le_island = LabelEncoder()
full["island"] = le_island.fit_transform(full["island"])

le_sex = LabelEncoder()
full["sex"] = le_sex.fit_transform(full["sex"])

# a ratio feature the forum suggested
full["bill_ratio"] = full["bill_length_mm"] / full["bill_depth_mm"]

df = full[full["is_train"] == 1].copy()
df_test = full[full["is_train"] == 0].copy()

le = LabelEncoder()
y = le.fit_transform(df["species"])

feature_cols = ["island", "bill_length_mm", "bill_depth_mm", "flipper_length_mm",
                "body_mass_g", "sex", "bill_ratio"]
X = df[feature_cols]
X_test = df_test[feature_cols]


# ------------------------------------------------------------------
# E) SPLIT
# ------------------------------------------------------------------
X_train, X_valid, y_train, y_valid = train_test_split(
    X, y, test_size=0.25, random_state=1, stratify=y)
print("train:", X_train.shape, " valid:", X_valid.shape)


# ------------------------------------------------------------------
# F) MODELS LOOP
# ------------------------------------------------------------------
def plot_confusion(cm, labels, title, path):
    """Draw a confusion matrix with the numbers written in the cells."""
    fig, ax = plt.subplots(figsize=(4.5, 4))
    ax.imshow(cm, cmap="Blues")
    ax.set_xticks(range(len(labels)))
    ax.set_yticks(range(len(labels)))
    ax.set_xticklabels(labels)
    ax.set_yticklabels(labels)
    for i in range(cm.shape[0]):
        for j in range(cm.shape[1]):
            ax.text(j, i, cm[i, j], ha="center", va="center")
    ax.set_xlabel("predicted")
    ax.set_ylabel("true")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


models = {
    "logreg": make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
    "svm": make_pipeline(StandardScaler(), SVC(probability=True, random_state=1)),
    "tree": DecisionTreeClassifier(max_depth=3, random_state=1),
    "forest": RandomForestClassifier(n_estimators=150, random_state=1),
    "extra_trees": ExtraTreesClassifier(n_estimators=150, random_state=1),
}

scores = []
for name, model in models.items():
    model.fit(X_train, y_train)
    pred = model.predict(X_valid)
    proba = model.predict_proba(X_valid)

    acc = accuracy_score(y_valid, pred)
    ll = log_loss(y_valid, np.clip(proba, 1e-4, 1 - 1e-4))
    scores.append({"model": name, "accuracy": acc, "log_loss": ll})

    print("=" * 50)
    print(name, "-> accuracy %.4f  log loss %.4f" % (acc, ll))
    print(classification_report(y_valid, pred, target_names=le.classes_))

    cm = confusion_matrix(y_valid, pred)
    plot_confusion(cm, le.classes_, "Confusion matrix: " + name,
                   os.path.join("reports", "cm_" + name + ".png"))


# ------------------------------------------------------------------
# G) COMPARE
# ------------------------------------------------------------------
scores = pd.DataFrame(scores).sort_values("log_loss").reset_index(drop=True)
print(scores)
best = scores.loc[0, "model"]
print("best model on the hold-out:", best)


# ------------------------------------------------------------------
# H) FINAL MODEL + SUBMISSION
# ------------------------------------------------------------------
model = models[best]
proba = model.predict_proba(X_valid)
print("Validation log loss: %.5f" % log_loss(y_valid, np.clip(proba, 1e-4, 1 - 1e-4)))

model.fit(X, y)
proba = np.clip(model.predict_proba(X_test), 1e-4, 1 - 1e-4)
proba = proba / proba.sum(axis=1, keepdims=True)

submission = pd.DataFrame(proba, columns=le.classes_)
submission.insert(0, "id", df_test["id"].astype(int).values)
os.makedirs("submission", exist_ok=True)
submission.to_csv("submission/submission.csv", index=False)
print("done, wrote", len(submission), "rows")
