"""
Penguins species classification (metric: multiclass log loss).

Plan:
  1. Load train/test, drop id, separate target `species`.
  2. Preprocess: impute + scale numerics, impute + one-hot categoricals (island, sex).
  3. Model: multinomial LogisticRegression inside a Pipeline.
  4. Evaluate with 5-fold StratifiedKFold on neg_log_loss.
  5. Refit on all training data, write class probabilities in sample_submission column order.
"""
import os
import numpy as np
import pandas as pd

from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

SEED = 42
INPUT_DIR = "./input"
OUTPUT_PATH = "./submission/submission.csv"


def load_data():
    train = pd.read_csv(os.path.join(INPUT_DIR, "train.csv"))
    test = pd.read_csv(os.path.join(INPUT_DIR, "test.csv"))
    sample = pd.read_csv(os.path.join(INPUT_DIR, "sample_submission.csv"))
    return train, test, sample


def build_pipeline(num_cols, cat_cols):
    numeric = Pipeline([
        ("impute", SimpleImputer(strategy="median")),
        ("scale", StandardScaler()),
    ])
    categorical = Pipeline([
        ("impute", SimpleImputer(strategy="most_frequent")),
        ("onehot", OneHotEncoder(handle_unknown="ignore")),
    ])
    pre = ColumnTransformer([
        ("num", numeric, num_cols),
        ("cat", categorical, cat_cols),
    ])
    clf = LogisticRegression(C=5.0, max_iter=2000)
    return Pipeline([("pre", pre), ("clf", clf)])


def main():
    train, test, sample = load_data()
    target = "species"
    y = train[target]
    X = train.drop(columns=["id", target])
    X_test = test.drop(columns=["id"])

    cat_cols = ["island", "sex"]
    num_cols = [c for c in X.columns if c not in cat_cols]
    print(f"Numeric: {num_cols}")
    print(f"Categorical: {cat_cols}")

    model = build_pipeline(num_cols, cat_cols)
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    scores = cross_val_score(model, X, y, cv=cv, scoring="neg_log_loss")
    print("Fold log losses:", np.round(-scores, 4))
    print(f"CV log loss: {-scores.mean():.4f} +/- {scores.std():.4f}")

    model.fit(X, y)
    proba = model.predict_proba(X_test)
    classes = list(model.classes_)

    sub = sample.copy()
    for col in sample.columns[1:]:
        sub[col] = proba[:, classes.index(col)]
    sub["id"] = test["id"].values
    sub.to_csv(OUTPUT_PATH, index=False)
    print(f"Saved submission with shape {sub.shape}")
    print(f"Final validation logloss: {-scores.mean():.4f}")


if __name__ == "__main__":
    main()
