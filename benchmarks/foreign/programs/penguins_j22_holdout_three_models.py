"""
Worked example: penguin species with a simple train/validation split.

In this version we do the preprocessing by hand with pandas (get_dummies)
so that you can see every column that goes into the model.
"""
import os

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, log_loss
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

SEED = 0


def show(title, obj=None):
    """Small helper: print a title and (optionally) an object below it."""
    print(f"\n--- {title} ---")
    if obj is not None:
        print(obj)


def prepare_features(df):
    """Turn the raw frame into a purely numeric feature table.

    * island and sex are one-hot encoded with pandas.get_dummies
    * the measurement columns are kept as they are
    """
    feats = df[["island", "bill_length_mm", "bill_depth_mm", "flipper_length_mm",
                "body_mass_g", "sex", "year"]].copy()
    feats = pd.get_dummies(feats, columns=["island", "sex"], dtype=float)
    return feats


def fit_and_score(model, X_tr, y_tr, X_va, y_va):
    """Fit `model` on the training part and return (log loss, accuracy)
    measured on the validation part."""
    model.fit(X_tr, y_tr)
    proba = model.predict_proba(X_va)
    pred = model.classes_[proba.argmax(axis=1)]
    return log_loss(y_va, proba, labels=model.classes_), accuracy_score(y_va, pred)


# 1. Load the data
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
show("train.head()", train.head())
show("shapes", f"train {train.shape}, test {test.shape}")

# 2. A first look
show("class balance", train["species"].value_counts())
show("missing values in train", train.isna().sum()[train.isna().sum() > 0])
show("summary statistics", train.describe().T)

# 3. Features
X_all = prepare_features(train)
X_test = prepare_features(test).reindex(columns=X_all.columns, fill_value=0.0)
y_all = train["species"]
show("feature columns", list(X_all.columns))
# Note for students: the few missing measurements are left as NaN here,
# the tree models in scikit-learn can deal with them on their own.

# 4. Hold out 25% of the rows for validation
X_tr, X_va, y_tr, y_va = train_test_split(X_all, y_all, test_size=0.25,
                                          stratify=y_all, random_state=SEED)
show("split sizes", f"train part {X_tr.shape}, validation part {X_va.shape}")

# 5. Compare three models
models = {
    "Random forest": RandomForestClassifier(n_estimators=300, random_state=SEED, n_jobs=2),
    "Hist gradient boosting": HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05,
                                                             random_state=SEED),
    "Logistic regression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
}
scores = {}
for name, model in models.items():
    loss, acc = fit_and_score(model, X_tr, y_tr, X_va, y_va)
    scores[name] = loss
    print(f"{name:<25} validation log loss = {loss:.4f}   accuracy = {acc:.3f}")

best = min(scores, key=scores.get)
print(f"\nBest model: {best}")
print(f"Validation log loss: {scores[best]:.4f}")

# 6. Refit the winner on all rows and predict the test set
final_model = models[best]
final_model.fit(X_all, y_all)
test_proba = final_model.predict_proba(X_test)

submission = pd.DataFrame(test_proba, columns=final_model.classes_)
submission.insert(0, "id", test["id"].values)
submission = submission[["id", "Adelie", "Chinstrap", "Gentoo"]]
os.makedirs("./submission", exist_ok=True)
submission.to_csv("./submission/submission.csv", index=False)
show("submission.head()", submission.head())
