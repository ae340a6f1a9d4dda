"""
Worked example 3: multiclass probabilities on the Palmer penguins.

We predict the species (Adelie / Chinstrap / Gentoo) and are scored with
log loss, so we care about *calibrated probabilities*, not just labels.
Plan:
  1. look at the data
  2. a prior-only baseline (predict the class shares)
  3. logistic regression in a pipeline
  4. a random forest for comparison
  5. confusion matrix of the best model, then the submission
"""
import textwrap

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, log_loss
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

SEED = 42


def section(title):
    print()
    print("=" * 64)
    print(title)
    print("=" * 64)


def explain(text):
    print(textwrap.fill(textwrap.dedent(text).strip(), width=72))


def make_preprocessor(num_cols, cat_cols):
    num_pipe = Pipeline([
        ("impute", SimpleImputer(strategy="median")),
        ("scale", StandardScaler()),
    ])
    cat_pipe = Pipeline([
        ("impute", SimpleImputer(strategy="most_frequent")),
        ("onehot", OneHotEncoder(handle_unknown="ignore")),
    ])
    return ColumnTransformer([
        ("num", num_pipe, num_cols),
        ("cat", cat_pipe, cat_cols),
    ])


def cv_probabilities(model, X, y, cv):
    return cross_val_predict(model, X, y, cv=cv, method="predict_proba")


# ---------------------------------------------------------------------------
section("1. Loading the data")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")
print(f"train shape: {train.shape}   test shape: {test.shape}")
print(train.head())

TARGET = "species"
num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
cat_cols = ["island", "sex"]
features = num_cols + cat_cols

print("\nMissing values per column (train):")
print(train[features].isna().sum().to_string())
print("\nClass balance:")
print(train[TARGET].value_counts(normalize=True).round(3).to_string())

X = train[features]
y = train[TARGET]
classes = np.array(sorted(y.unique()))
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)

# ---------------------------------------------------------------------------
section("2. Baseline: predict the class shares")
explain("""
    The simplest honest model ignores the features and always predicts the
    training class frequencies. Any real model must beat this log loss.
""")
prior = y.value_counts(normalize=True).reindex(classes).values
baseline_proba = np.tile(prior, (len(y), 1))
baseline_ll = log_loss(y, baseline_proba, labels=classes)
print(f"baseline log loss: {baseline_ll:.4f}")

# ---------------------------------------------------------------------------
section("3. Logistic regression")
explain("""
    Scaling matters for the regularised logistic regression, so the numeric
    columns go through StandardScaler inside the pipeline; this way the
    scaler is re-fitted inside every CV fold and nothing leaks.
""")
logreg = Pipeline([
    ("prep", make_preprocessor(num_cols, cat_cols)),
    ("clf", LogisticRegression(C=1.0, max_iter=2000)),
])
logreg_proba = cv_probabilities(logreg, X, y, cv)
logreg_ll = log_loss(y, logreg_proba, labels=classes)
print(f"logistic regression CV log loss: {logreg_ll:.4f}")

# ---------------------------------------------------------------------------
section("4. Random forest")
explain("""
    Forests do not need scaling, but we reuse the same preprocessor to keep
    the comparison fair. Forest probabilities are often a bit over-confident
    or under-confident; log loss will tell us.
""")
forest = Pipeline([
    ("prep", make_preprocessor(num_cols, cat_cols)),
    ("clf", RandomForestClassifier(n_estimators=300, min_samples_leaf=2,
                                   random_state=SEED, n_jobs=1)),
])
forest_proba = cv_probabilities(forest, X, y, cv)
forest_ll = log_loss(y, forest_proba, labels=classes)
print(f"random forest CV log loss:       {forest_ll:.4f}")

# ---------------------------------------------------------------------------
section("5. Comparison and confusion matrix")
results = pd.Series({
    "baseline (priors)": baseline_ll,
    "logistic regression": logreg_ll,
    "random forest": forest_ll,
}).sort_values()
print(results.round(4).to_string())

best_name = results.index[0]
best_model = logreg if best_name == "logistic regression" else forest
best_proba = logreg_proba if best_name == "logistic regression" else forest_proba
print(f"\nbest model: {best_name}")

pred_labels = classes[best_proba.argmax(axis=1)]
cm = confusion_matrix(y, pred_labels, labels=classes)
cm_df = pd.DataFrame(cm, index=[f"true {c}" for c in classes],
                     columns=[f"pred {c}" for c in classes])
print(cm_df.to_string())
print(f"CV accuracy of best model: {(pred_labels == y.values).mean():.4f}")

# ---------------------------------------------------------------------------
section("6. Fit on all training data and write the submission")
best_model.fit(X, y)
test_proba = best_model.predict_proba(test[features])
fitted_classes = list(best_model.classes_)

submission = pd.DataFrame({"id": test["id"]})
for cls in sample.columns[1:]:
    submission[cls] = test_proba[:, fitted_classes.index(cls)]

submission.to_csv("submission/submission.csv", index=False)
print(submission.head())
print(f"rows written: {len(submission)}; row sums ~1: "
      f"{np.allclose(submission[classes].sum(axis=1), 1.0)}")
print(f"Validation log loss ({best_name}): {results.iloc[0]:.4f}")
