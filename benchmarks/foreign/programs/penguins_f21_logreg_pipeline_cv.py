"""
Penguins species - multiclass probability model.

Plan:
  1. Load train/test from ./input.
  2. Preprocess with a ColumnTransformer:
       - numeric measurements: median impute + standard scaling
       - categorical (island, sex): most-frequent impute + one-hot
  3. Multinomial LogisticRegression inside a Pipeline.
  4. Estimate log loss with 5-fold stratified CV (cross_val_score).
  5. Refit on all rows, predict class probabilities for test, write submission.
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

CONFIG = {
    "data_dir": "./input",
    "out_dir": "./submission",
    "target": "species",
    "id_col": "id",
    "num_cols": ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"],
    "cat_cols": ["island", "sex"],
    "C": 3.0,
    "n_splits": 5,
    "seed": 42,
}


def load_data(cfg):
    train = pd.read_csv(os.path.join(cfg["data_dir"], "train.csv"))
    test = pd.read_csv(os.path.join(cfg["data_dir"], "test.csv"))
    sample = pd.read_csv(os.path.join(cfg["data_dir"], "sample_submission.csv"))
    print(f"train: {train.shape}, test: {test.shape}")
    return train, test, sample


def build_features(df, cfg):
    X = df[cfg["num_cols"] + cfg["cat_cols"]].copy()
    # bill ratio tends to separate Adelie/Chinstrap nicely
    X["bill_ratio"] = X["bill_length_mm"] / X["bill_depth_mm"]
    return X


def make_model(cfg):
    num_cols = cfg["num_cols"] + ["bill_ratio"]
    pre = ColumnTransformer(
        transformers=[
            ("num", Pipeline([
                ("impute", SimpleImputer(strategy="median")),
                ("scale", StandardScaler()),
            ]), num_cols),
            ("cat", Pipeline([
                ("impute", SimpleImputer(strategy="most_frequent")),
                ("onehot", OneHotEncoder(handle_unknown="ignore")),
            ]), cfg["cat_cols"]),
        ]
    )
    clf = LogisticRegression(C=cfg["C"], max_iter=2000)
    return Pipeline([("pre", pre), ("clf", clf)])


def evaluate(model, X, y, cfg):
    skf = StratifiedKFold(n_splits=cfg["n_splits"], shuffle=True, random_state=cfg["seed"])
    scores = cross_val_score(model, X, y, cv=skf, scoring="neg_log_loss")
    print(f"fold log losses: {np.round(-scores, 4)}")
    return -scores.mean()


def main():
    cfg = CONFIG
    train, test, sample = load_data(cfg)
    X = build_features(train, cfg)
    y = train[cfg["target"]]
    X_test = build_features(test, cfg)

    model = make_model(cfg)
    cv_loss = evaluate(model, X, y, cfg)
    print(f"CV logloss: {cv_loss:.5f}")

    model.fit(X, y)
    proba = model.predict_proba(X_test)
    classes = list(model.classes_)

    sub = pd.DataFrame({cfg["id_col"]: test[cfg["id_col"]].values})
    for col in sample.columns[1:]:
        sub[col] = proba[:, classes.index(col)]
    os.makedirs(cfg["out_dir"], exist_ok=True)
    sub.to_csv(os.path.join(cfg["out_dir"], "submission.csv"), index=False)
    print(f"wrote submission {sub.shape}")


if __name__ == "__main__":
    main()
