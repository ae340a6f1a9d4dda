import numpy as np
import pandas as pd
from scipy.stats import loguniform, randint
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import f1_score
from sklearn.model_selection import RandomizedSearchCV, StratifiedKFold, train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer, OneHotEncoder


def cyclic_hour(X):
    h = np.asarray(X, dtype=float)[:, 0]
    return np.column_stack([np.sin(2 * np.pi * h / 24), np.cos(2 * np.pi * h / 24)])


def log_counts(X):
    return np.log1p(np.asarray(X, dtype=float))


def build_pipeline():
    prep = ColumnTransformer(
        transformers=[
            ("hour", FunctionTransformer(cyclic_hour), ["hour"]),
            ("sizes", FunctionTransformer(log_counts), ["compounds", "input_fields", "num_pending"]),
            ("day", OneHotEncoder(handle_unknown="ignore", sparse_output=False), ["day"]),
        ],
        remainder="passthrough",
    )
    clf = HistGradientBoostingClassifier(
        max_iter=300,
        learning_rate=0.08,
        class_weight="balanced",
        early_stopping=False,
        random_state=0,
    )
    return Pipeline([("prep", prep), ("clf", clf)])


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")

    X = train.drop(columns=["id", "class"])
    y = train["class"]
    X_test = test.drop(columns=["id"])

    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)

    baseline = build_pipeline()
    baseline.fit(X_tr, y_tr)
    base_f1 = f1_score(y_va, baseline.predict(X_va), average="macro")
    print(f"Baseline holdout macro-F1: {base_f1:.4f}")

    search = RandomizedSearchCV(
        build_pipeline(),
        param_distributions={
            "clf__learning_rate": loguniform(0.02, 0.2),
            "clf__max_leaf_nodes": randint(8, 64),
            "clf__min_samples_leaf": randint(5, 60),
            "clf__l2_regularization": loguniform(1e-3, 10),
        },
        n_iter=12,
        scoring="f1_macro",
        cv=StratifiedKFold(n_splits=3, shuffle=True, random_state=0),
        random_state=0,
        n_jobs=1,
        verbose=1,
    )
    search.fit(X_tr, y_tr)
    print("best params:", search.best_params_)
    print(f"CV macro-F1: {search.best_score_:.4f}")
    va_f1 = f1_score(y_va, search.predict(X_va), average="macro")
    print(f"Validation macro-F1: {va_f1:.4f}")

    best = search.best_estimator_
    best.fit(X, y)
    sub = pd.DataFrame({"id": test["id"], "class": best.predict(X_test)})
    sub.to_csv("./submission/submission.csv", index=False)
    print(sub["class"].value_counts().to_dict())


if __name__ == "__main__":
    main()
