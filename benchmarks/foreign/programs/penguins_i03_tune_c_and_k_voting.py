# ------------------------------------------------------------------------
#  PENGUINS  -  "Hyperparameters by hand" exercise
#
#  In this lab we were told to tune ONE hyperparameter for each model
#  by hand on a validation set (no GridSearchCV yet, that is next week):
#      * Logistic Regression  -> the regularisation strength C
#      * KNN                  -> the number of neighbours k
#      * Random Forest        -> max_depth
#  and then to combine the three tuned models with a soft VotingClassifier.
#
#  Metric of the competition: multi-class log loss (lower = better).
# ------------------------------------------------------------------------

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.pipeline import Pipeline
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.ensemble import RandomForestClassifier, VotingClassifier
from sklearn.metrics import log_loss, accuracy_score, confusion_matrix, classification_report


########################################
# 1. Load
########################################
train_df = pd.read_csv("./input/train.csv")
test_df = pd.read_csv("./input/test.csv")
sub = pd.read_csv("./input/sample_submission.csv")

print(train_df.shape, test_df.shape, sub.shape)


########################################
# 2. Explore
########################################
print(train_df.head(10))
print(train_df.isna().sum())

# the species are quite different on the islands: Gentoo only on Biscoe?
print(pd.crosstab(train_df["island"], train_df["species"]))

# boxplot of flipper length, saved for later
ax = train_df.boxplot(column="flipper_length_mm", by="species", figsize=(6, 4))
plt.suptitle("")
plt.savefig("flipper_boxplot.png")
plt.close("all")


########################################
# 3. Clean
# the 2 rows without any measurements: I drop them from train (they carry
# no information). sex missing -> its own category "unknown".
########################################
measure_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]

print("rows before dropping:", len(train_df))
train_df = train_df.dropna(subset=measure_cols).reset_index(drop=True)
print("rows after dropping:", len(train_df))

# test has no missing measurements, but just in case fill with train medians
test_df[measure_cols] = test_df[measure_cols].fillna(train_df[measure_cols].median())

train_df["sex"] = train_df["sex"].fillna("unknown")
test_df["sex"] = test_df["sex"].fillna("unknown")


########################################
# 4. Encode
########################################
# target
le = LabelEncoder()
train_df["target"] = le.fit_transform(train_df["species"])
print(dict(zip(le.classes_, le.transform(le.classes_))))

# one-hot for island and sex; I leave year out (it is just when the
# penguin was measured, should not matter for the species)
cols = measure_cols + ["island", "sex"]
X = pd.get_dummies(train_df[cols], columns=["island", "sex"], dtype=float)
X_test = pd.get_dummies(test_df[cols], columns=["island", "sex"], dtype=float)
X_test = X_test.reindex(columns=X.columns, fill_value=0.0)
y = train_df["target"].values

print(X.columns.tolist())


########################################
# 5. Split
########################################
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2,
                                                  stratify=y, random_state=0)


def safe_logloss(y_true, p):
    p = np.clip(p, 1e-4, 1.0)
    p = p / p.sum(axis=1, keepdims=True)
    return log_loss(y_true, p, labels=[0, 1, 2])


########################################
# 6a. Logistic regression: try several C
########################################
best_C, best_score = None, np.inf
for C in [0.01, 0.1, 1.0, 10.0, 100.0]:
    model = Pipeline([("scale", StandardScaler()),
                      ("clf", LogisticRegression(C=C, max_iter=5000))])
    model.fit(X_train, y_train)
    score = safe_logloss(y_val, model.predict_proba(X_val))
    print("LogReg C=%-6s  val logloss = %.4f" % (C, score))
    if score < best_score:
        best_C, best_score = C, score
print("--> best C:", best_C)


########################################
# 6b. KNN: try several k
########################################
best_k, best_score = None, np.inf
k_values = [3, 5, 7, 9, 11, 15, 21]
k_scores = []
for k in k_values:
    model = Pipeline([("scale", StandardScaler()),
                      ("clf", KNeighborsClassifier(n_neighbors=k, weights="distance"))])
    model.fit(X_train, y_train)
    score = safe_logloss(y_val, model.predict_proba(X_val))
    k_scores.append(score)
    print("KNN k=%-3d  val logloss = %.4f" % (k, score))
    if score < best_score:
        best_k, best_score = k, score
print("--> best k:", best_k)

plt.figure()
plt.plot(k_values, k_scores, marker="o")
plt.xlabel("k")
plt.ylabel("validation log loss")
plt.savefig("knn_k_curve.png")
plt.close()


########################################
# 6c. Random forest: try several max_depth
########################################
best_depth, best_score = None, np.inf
for depth in [2, 4, 6, 8, None]:
    model = RandomForestClassifier(n_estimators=100, max_depth=depth, random_state=0)
    model.fit(X_train, y_train)
    score = safe_logloss(y_val, model.predict_proba(X_val))
    print("RF max_depth=%-5s val logloss = %.4f" % (depth, score))
    if score < best_score:
        best_depth, best_score = depth, score
print("--> best max_depth:", best_depth)


########################################
# 7. Put the three tuned models in a soft voting classifier and compare
########################################
logreg = Pipeline([("scale", StandardScaler()),
                   ("clf", LogisticRegression(C=best_C, max_iter=5000))])
knn = Pipeline([("scale", StandardScaler()),
                ("clf", KNeighborsClassifier(n_neighbors=best_k, weights="distance"))])
forest = RandomForestClassifier(n_estimators=100, max_depth=best_depth, random_state=0)

voting = VotingClassifier(estimators=[("lr", logreg), ("knn", knn), ("rf", forest)],
                          voting="soft")

final_scores = {}
for name, model in [("logreg", logreg), ("knn", knn), ("forest", forest), ("voting", voting)]:
    model.fit(X_train, y_train)
    final_scores[name] = safe_logloss(y_val, model.predict_proba(X_val))

print("\nTuned models on the validation set:")
for name, s in sorted(final_scores.items(), key=lambda kv: kv[1]):
    print("   %-8s %.4f" % (name, s))

# the voting model is what the lab asks for, unless something alone is
# clearly better
chosen = min(final_scores, key=final_scores.get)
model = {"logreg": logreg, "knn": knn, "forest": forest, "voting": voting}[chosen]
print("chosen:", chosen)

pred = model.predict(X_val)
print(classification_report(y_val, pred, target_names=le.classes_))
print(confusion_matrix(y_val, pred))
print("accuracy on validation:", accuracy_score(y_val, pred))
print("Validation log loss: %.4f" % final_scores[chosen])


########################################
# 8. Refit on all training data + submission
########################################
model.fit(X, y)
p = model.predict_proba(X_test)
p = np.clip(p, 1e-4, 1.0)
p = p / p.sum(axis=1, keepdims=True)

sub = pd.DataFrame({"id": test_df["id"]})
for idx, name in enumerate(le.classes_):
    sub[name] = p[:, idx]

import os
os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
