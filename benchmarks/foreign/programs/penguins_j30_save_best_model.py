"""
Worked example: penguins, part 2 -- keeping the trained model.

Same workflow as last week, but at the end we also store the fitted pipeline
with joblib so that it can be reloaded later without retraining.
"""
import os

import joblib
import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.tree import DecisionTreeClassifier

MODEL_DIR = "models"
SEED = 1


def summarize(df, name):
    """Print the shape, the first rows and the missing counts of a frame."""
    print(f"[{name}] shape = {df.shape}")
    print(df.head(4))
    missing = df.isna().sum()
    print(f"[{name}] missing values:", missing[missing > 0].to_dict())


def preprocessing():
    """Column transformer used by every model in this script."""
    num = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
    cat = ["island", "sex"]
    return make_column_transformer(
        (make_pipeline(SimpleImputer(strategy="mean"), StandardScaler()), num),
        (make_pipeline(SimpleImputer(strategy="constant", fill_value="unknown"),
                       OneHotEncoder(handle_unknown="ignore")), cat),
    )


def run_cv(pipe, X, y):
    """5-fold stratified CV returning mean log loss and mean accuracy."""
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    res = cross_validate(pipe, X, y, cv=cv, scoring=["neg_log_loss", "accuracy"])
    return -res["test_neg_log_loss"].mean(), res["test_accuracy"].mean()


# 1. Load the data
print("1. Load the data")
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
summarize(train, "train")
summarize(test, "test")

# 2. Class balance
print("\n2. Class balance")
print(pd.crosstab(train["island"], train["species"], margins=True))

# 3. Features and target
print("\n3. Features and target")
feature_cols = ["island", "bill_length_mm", "bill_depth_mm", "flipper_length_mm",
                "body_mass_g", "sex"]
X, y = train[feature_cols], train["species"]
print("X:", X.shape, "| y:", y.shape, "| classes:", sorted(y.unique()))

# 4. Compare models
print("\n4. Compare models")
models = {
    "logistic regression": LogisticRegression(C=2.0, max_iter=2000),
    "k nearest neighbours": KNeighborsClassifier(n_neighbors=7, weights="distance"),
    "decision tree": DecisionTreeClassifier(max_depth=4, min_samples_leaf=5, random_state=SEED),
}
table = []
for name, model in models.items():
    loss, acc = run_cv(make_pipeline(preprocessing(), model), X, y)
    table.append({"model": name, "log_loss": loss, "accuracy": acc})
table = pd.DataFrame(table).sort_values("log_loss").reset_index(drop=True)
print(table.round(4))
best_name = table.loc[0, "model"]
print(f"best: {best_name}  ->  CV log loss: {table.loc[0, 'log_loss']:.4f}")

# 5. Fit the best pipeline on all training rows
print("\n5. Fit the best pipeline on all rows")
best_pipe = make_pipeline(preprocessing(), models[best_name])
best_pipe.fit(X, y)
print("training accuracy:", round(best_pipe.score(X, y), 4))

# 6. Save the model for later
print("\n6. Save the model")
model_path = os.path.join(MODEL_DIR, "penguins_best.joblib")
joblib.dump(best_pipe, model_path)
print("model saved to", model_path)

# 7. Predict and write the submission
print("\n7. Submission")
proba = best_pipe.predict_proba(test[feature_cols])
sub = pd.DataFrame(proba, columns=best_pipe.classes_)
sub.insert(0, "id", test["id"].to_numpy())
os.makedirs("./submission", exist_ok=True)
sub[["id", "Adelie", "Chinstrap", "Gentoo"]].to_csv("./submission/submission.csv", index=False)
print(sub.head())
