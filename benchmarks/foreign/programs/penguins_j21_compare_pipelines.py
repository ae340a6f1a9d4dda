"""
Worked example (week 6): multiclass classification on the Palmer penguins.

Students: read the comments in order. Every numbered section is one step of the
usual workflow (load -> inspect -> preprocess -> compare models -> predict).
We compare three models with cross-validation and keep the best one.
"""
import os
import warnings

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

warnings.filterwarnings("ignore")
RANDOM_STATE = 42


def print_header(title):
    """Print a visible section header so the output is easy to follow."""
    print()
    print("=" * 60)
    print(title)
    print("=" * 60)


def build_preprocessor(numeric_cols, categorical_cols):
    """Return a ColumnTransformer that imputes + scales numbers and
    imputes + one-hot encodes the categorical columns."""
    numeric_steps = Pipeline([
        ("impute", SimpleImputer(strategy="median")),
        ("scale", StandardScaler()),
    ])
    categorical_steps = Pipeline([
        ("impute", SimpleImputer(strategy="most_frequent")),
        ("onehot", OneHotEncoder(handle_unknown="ignore")),
    ])
    return ColumnTransformer([
        ("num", numeric_steps, numeric_cols),
        ("cat", categorical_steps, categorical_cols),
    ])


def evaluate(pipe, X, y, cv):
    """Cross-validated log loss (lower is better). sklearn reports the
    *negative* log loss, so we flip the sign back."""
    scores = cross_val_score(pipe, X, y, cv=cv, scoring="neg_log_loss")
    return -scores.mean(), scores.std()


# 1. Load the data
print_header("1. Load the data")
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sample = pd.read_csv("./input/sample_submission.csv")
print("train shape:", train.shape)
print("test shape: ", test.shape)
print(train.head())

# 2. Explore the data
print_header("2. Explore the data")
print("Class balance (share of each species):")
print(train["species"].value_counts(normalize=True).round(3))
print()
print("Missing values per column:")
print(train.isna().sum())
print()
print(train.describe())

# 3. Choose features and target
print_header("3. Features and target")
target = "species"
numeric_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]
categorical_cols = ["island", "sex"]
X = train[numeric_cols + categorical_cols]
y = train[target]
X_test = test[numeric_cols + categorical_cols]
print("X:", X.shape, " y:", y.shape, " X_test:", X_test.shape)

# 4. Compare models with 5-fold stratified cross-validation
print_header("4. Compare models")
candidates = {
    "logistic_regression": LogisticRegression(C=1.0, max_iter=2000),
    "random_forest": RandomForestClassifier(n_estimators=200, min_samples_leaf=2,
                                            random_state=RANDOM_STATE, n_jobs=2),
    "hist_gradient_boosting": HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05,
                                                             random_state=RANDOM_STATE),
}
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)
results = {}
for name, model in candidates.items():
    pipe = Pipeline([("prep", build_preprocessor(numeric_cols, categorical_cols)),
                     ("model", model)])
    mean_loss, std_loss = evaluate(pipe, X, y, cv)
    results[name] = mean_loss
    print(f"{name:<25s} log loss = {mean_loss:.4f} (+/- {std_loss:.4f})")

best_name = min(results, key=results.get)
print()
print("Best model:", best_name)
print(f"CV log loss: {results[best_name]:.4f}")

# 5. Refit the best model on all training data
print_header("5. Refit and predict")
best_pipe = Pipeline([("prep", build_preprocessor(numeric_cols, categorical_cols)),
                      ("model", candidates[best_name])])
best_pipe.fit(X, y)
proba = best_pipe.predict_proba(X_test)
print("classes_ order:", list(best_pipe.classes_))
print("probability matrix shape:", proba.shape)

# 6. Write the submission
print_header("6. Write the submission")
submission = pd.DataFrame({"id": test["id"]})
for i, cls in enumerate(best_pipe.classes_):
    submission[cls] = proba[:, i]
submission = submission[sample.columns]
os.makedirs("./submission", exist_ok=True)
submission.to_csv("./submission/submission.csv", index=False)
print(submission.head())
print("Rows written:", len(submission))
