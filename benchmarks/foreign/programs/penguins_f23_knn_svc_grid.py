"""
Penguins species classifier: compare KNN and SVC (with probabilities) via GridSearchCV.

Plan
----
1. Read data, keep measurement + categorical columns.
2. Preprocessing (ColumnTransformer):
     numeric  -> SimpleImputer(median) -> StandardScaler
     category -> SimpleImputer(most_frequent) -> OneHotEncoder (dense output so
                 KNN distance computations stay simple)
3. GridSearchCV over two candidate estimators, scoring = neg_log_loss.
4. Best model refit on full data -> predict_proba on test -> submission.csv
"""
import os
import time

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.svm import SVC

CONFIG = {
    "input": "./input",
    "output": "./submission/submission.csv",
    "target": "species",
    "numeric": ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"],
    "categorical": ["island", "sex"],
    "cv_folds": 5,
    "random_state": 0,
}


def load_data(cfg):
    tr = pd.read_csv(os.path.join(cfg["input"], "train.csv"))
    te = pd.read_csv(os.path.join(cfg["input"], "test.csv"))
    print(f"[load] train {tr.shape} | test {te.shape}")
    print(f"[load] class balance:\n{tr[cfg['target']].value_counts(normalize=True).round(3)}")
    return tr, te


def build_features(df, cfg):
    return df[cfg["numeric"] + cfg["categorical"]]


def make_preprocessor(cfg):
    numeric_pipe = Pipeline(steps=[
        ("imputer", SimpleImputer(strategy="median")),
        ("scaler", StandardScaler()),
    ])
    categorical_pipe = Pipeline(steps=[
        ("imputer", SimpleImputer(strategy="most_frequent")),
        ("encoder", OneHotEncoder(handle_unknown="ignore", sparse=False)),
    ])
    return ColumnTransformer([
        ("num", numeric_pipe, cfg["numeric"]),
        ("cat", categorical_pipe, cfg["categorical"]),
    ])


def make_model(cfg):
    pipe = Pipeline([
        ("prep", make_preprocessor(cfg)),
        ("clf", KNeighborsClassifier()),
    ])
    param_grid = [
        {"clf": [KNeighborsClassifier()],
         "clf__n_neighbors": [5, 10, 20],
         "clf__weights": ["uniform", "distance"]},
        {"clf": [SVC(probability=True, random_state=cfg["random_state"])],
         "clf__C": [0.5, 2.0, 8.0],
         "clf__gamma": ["scale"]},
    ]
    cv = StratifiedKFold(n_splits=cfg["cv_folds"], shuffle=True, random_state=cfg["random_state"])
    return GridSearchCV(pipe, param_grid, scoring="neg_log_loss", cv=cv, n_jobs=1)


def evaluate(search):
    res = pd.DataFrame(search.cv_results_)
    res = res.sort_values("rank_test_score")[["params", "mean_test_score", "std_test_score"]]
    for _, row in res.head(5).iterrows():
        print(f"  {-row['mean_test_score']:.4f} +/- {row['std_test_score']:.4f}  {row['params']}")
    return -search.best_score_


def main():
    cfg = CONFIG
    t0 = time.time()
    train, test = load_data(cfg)
    X, y = build_features(train, cfg), train[cfg["target"]]
    X_test = build_features(test, cfg)

    search = make_model(cfg)
    search.fit(X, y)
    best = evaluate(search)
    print(f"Best CV logloss: {best:.5f}")

    proba = search.predict_proba(X_test)
    sub = pd.DataFrame(proba, columns=search.classes_)
    sub.insert(0, "id", test["id"].to_numpy())
    os.makedirs(os.path.dirname(cfg["output"]), exist_ok=True)
    sub.to_csv(cfg["output"], index=False)
    print(f"done in {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
