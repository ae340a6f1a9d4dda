"""Penguin species: preprocessing pipeline + grid search over a couple of model families."""
import argparse
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.svm import SVC

warnings.filterwarnings("ignore", category=UserWarning)


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--data", type=Path, default=Path("input"))
    p.add_argument("--out", type=Path, default=Path("submission"))
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def build_preprocessor(num_cols, cat_cols):
    numeric = Pipeline([
        ("impute", SimpleImputer(strategy="median")),
        ("scale", StandardScaler()),
    ])
    categorical = Pipeline([
        ("impute", SimpleImputer(strategy="most_frequent")),
        ("onehot", OneHotEncoder(handle_unknown="ignore")),
    ])
    return ColumnTransformer([
        ("num", numeric, num_cols),
        ("cat", categorical, cat_cols),
    ])


def main():
    args = parse_args()
    train = pd.read_csv(args.data / "train.csv")
    test = pd.read_csv(args.data / "test.csv")
    sample = pd.read_csv(args.data / "sample_submission.csv")

    target = "species"
    num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
    cat_cols = ["island", "sex"]
    X = train[num_cols + cat_cols]
    y = train[target]

    pipe = Pipeline([
        ("prep", build_preprocessor(num_cols, cat_cols)),
        ("clf", LogisticRegression(max_iter=2000)),
    ])
    grid = [
        {"clf": [LogisticRegression(max_iter=2000)], "clf__C": [0.1, 1.0, 10.0]},
        {"clf": [SVC(probability=True, random_state=args.seed)],
         "clf__C": [0.5, 2.0, 8.0], "clf__gamma": ["scale", 0.05]},
    ]
    cv = StratifiedKFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
    search = GridSearchCV(pipe, grid, scoring="neg_log_loss", cv=cv, n_jobs=1, refit=True)
    search.fit(X, y)

    res = pd.DataFrame(search.cv_results_)
    res["model"] = res["param_clf"].astype(str).str.split("(").str[0]
    summary = res.sort_values("rank_test_score")[["model", "params", "mean_test_score", "std_test_score"]]
    print(summary.head(6).to_string(index=False))
    print(f"Best params: {search.best_params_}")
    print(f"CV log loss: {-search.best_score_:.4f}")

    train_ll = log_loss(y, search.predict_proba(X), labels=search.classes_)
    print(f"train log loss (refit): {train_ll:.4f}")

    proba = search.predict_proba(test[num_cols + cat_cols])
    sub = pd.DataFrame(proba, columns=search.classes_)
    sub.insert(0, "id", test["id"].values)
    sub = sub[sample.columns]
    args.out.mkdir(parents=True, exist_ok=True)
    sub.to_csv(args.out / "submission.csv", index=False)
    print("saved", args.out / "submission.csv", sub.shape, np.round(sub.iloc[:, 1:].mean().values, 3))


if __name__ == "__main__":
    main()
