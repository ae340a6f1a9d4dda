"""
Credit risk - will the credit go bad?  (course project, part 2)

Notes to self:
  - target is Status, 1 = bad credit. About 28% bad, so a bit imbalanced.
  - The competition wants PROBABILITIES and scores with log loss,
    so I compare the models by log loss on my hold-out set, and I
    also print ROC AUC because that is what the lecture used.
  - Steps like in the template: load -> explore -> clean -> encode ->
    split -> train models one after the other -> compare -> submit.
"""

import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.metrics import (log_loss, roc_auc_score, roc_curve,
                             classification_report, confusion_matrix)


# =========================================================
# 1) LOAD THE DATA
# =========================================================
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train:", train.shape, "test:", test.shape)


# =========================================================
# 2) EXPLORE
# =========================================================
print(train.head())
print(train.dtypes)
print("\nmissing values:\n", train.isnull().sum())
print("\nshare of bad credits: %.3f" % train["Status"].mean())

# bad rate by the categorical columns - which ones look useful?
for col in ["Home", "Marital", "Records", "Job"]:
    print("\nbad rate by", col)
    print(train.groupby(col)["Status"].agg(["mean", "count"]))

# histogram of income for good vs bad credits
plt.figure(figsize=(7, 4))
train.loc[train["Status"] == 0, "Income"].plot.hist(bins=40, alpha=0.5, label="good")
train.loc[train["Status"] == 1, "Income"].plot.hist(bins=40, alpha=0.5, label="bad")
plt.legend()
plt.xlabel("Income")
plt.savefig("income_hist.png")
plt.close()


# =========================================================
# 3) CLEAN
# Income has ~9% missing, Assets and Debt a few. I fill them with the
# median of the training set. The text columns get "missing".
# I also make two ratio features the instructor mentioned:
#   amount / price   (how much of the purchase is financed)
#   debt / income
# =========================================================
num_cols = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets",
            "Debt", "Amount", "Price"]
cat_cols = ["Home", "Marital", "Records", "Job"]

medians = train[num_cols].median()
train[num_cols] = train[num_cols].fillna(medians)
test[num_cols] = test[num_cols].fillna(medians)

train[cat_cols] = train[cat_cols].fillna("missing")
test[cat_cols] = test[cat_cols].fillna("missing")

for df in [train, test]:
    df["financed_ratio"] = df["Amount"] / df["Price"]
    df["debt_to_income"] = df["Debt"] / (df["Income"] + 1)
    df["log_assets"] = np.log1p(df["Assets"])

print("missing after cleaning:", train.isnull().sum().sum(), test.isnull().sum().sum())


# =========================================================
# 4) ENCODE  (one-hot with get_dummies)
# =========================================================
y = train["Status"]
features = num_cols + ["financed_ratio", "debt_to_income", "log_assets"] + cat_cols

X = pd.get_dummies(train[features], columns=cat_cols, dtype=int)
X_test = pd.get_dummies(test[features], columns=cat_cols, dtype=int)
X_test = X_test.reindex(columns=X.columns, fill_value=0)
print("number of features after one-hot:", X.shape[1])


# =========================================================
# 5) SPLIT
# =========================================================
X_train, X_val, y_train, y_val = train_test_split(
    X, y, test_size=0.2, random_state=7, stratify=y)

scaler = StandardScaler()
X_train_s = scaler.fit_transform(X_train)
X_val_s = scaler.transform(X_val)


# =========================================================
# 6) TRAIN THE MODELS ONE AFTER THE OTHER
# =========================================================
results = []

def evaluate(name, model, Xv):
    """print the report and store log loss + AUC"""
    proba = model.predict_proba(Xv)[:, 1]
    pred = (proba >= 0.5).astype(int)
    ll = log_loss(y_val, proba)
    auc = roc_auc_score(y_val, proba)
    results.append((name, ll, auc))
    print("\n----- %s -----" % name)
    print("log loss %.4f | AUC %.4f" % (ll, auc))
    print(classification_report(y_val, pred, digits=3))
    return proba

# Model 1: logistic regression (needs scaled data)
lr = LogisticRegression(max_iter=2000, C=0.5)
lr.fit(X_train_s, y_train)
proba_lr = evaluate("Logistic Regression", lr, X_val_s)

# Model 2: a single decision tree (limited depth, otherwise it overfits)
tree = DecisionTreeClassifier(max_depth=5, min_samples_leaf=30, random_state=7)
tree.fit(X_train, y_train)
proba_tree = evaluate("Decision Tree", tree, X_val)

# Model 3: random forest
rf = RandomForestClassifier(n_estimators=250, min_samples_leaf=5,
                            max_features="sqrt", random_state=7, n_jobs=1)
rf.fit(X_train, y_train)
proba_rf = evaluate("Random Forest", rf, X_val)

# Model 4: gradient boosting
gb = GradientBoostingClassifier(n_estimators=150, learning_rate=0.05,
                                max_depth=3, subsample=0.8, random_state=7)
gb.fit(X_train, y_train)
proba_gb = evaluate("Gradient Boosting", gb, X_val)


# =========================================================
# 7) COMPARE
# =========================================================
results = pd.DataFrame(results, columns=["model", "log_loss", "auc"]).sort_values("log_loss")
print("\n", results.to_string(index=False))

# ROC curves of all four in one picture
plt.figure(figsize=(6, 6))
for name, p in [("LR", proba_lr), ("Tree", proba_tree), ("RF", proba_rf), ("GB", proba_gb)]:
    fpr, tpr, _ = roc_curve(y_val, p)
    plt.plot(fpr, tpr, label=name)
plt.plot([0, 1], [0, 1], "k--")
plt.legend()
plt.savefig("roc_curves.png")
plt.close()

best_name = results.iloc[0]["model"]
models = {"Logistic Regression": (lr, True), "Decision Tree": (tree, False),
          "Random Forest": (rf, False), "Gradient Boosting": (gb, False)}
model, scaled = models[best_name]

Xv = X_val_s if scaled else X_val
proba = model.predict_proba(Xv)[:, 1]
print("confusion matrix of", best_name)
print(confusion_matrix(y_val, (proba >= 0.5).astype(int)))
print("Validation log loss of the chosen model (%s): %.4f" % (best_name, log_loss(y_val, proba)))


# =========================================================
# 8) REFIT ON EVERYTHING AND WRITE THE SUBMISSION
# =========================================================
if scaled:
    scaler = StandardScaler()
    model.fit(scaler.fit_transform(X), y)
    test_proba = model.predict_proba(scaler.transform(X_test))[:, 1]
else:
    model.fit(X, y)
    test_proba = model.predict_proba(X_test)[:, 1]

os.makedirs("submission", exist_ok=True)
submission = pd.DataFrame({"id": test["id"], "Status": test_proba})
submission.to_csv("submission/submission.csv", index=False)
print("saved submission with", len(submission), "rows; mean predicted bad rate %.3f"
      % submission["Status"].mean())
