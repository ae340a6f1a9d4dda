"""
HPC job classes - RandomForest baseline with feature-importance report.

Plan:
  - OrdinalEncoder for protocol/day inside a ColumnTransformer, passthrough numerics
  - RandomForestClassifier(class_weight="balanced_subsample")
  - 5-fold cross_val_score with f1_macro
  - fit on all data, save a permutation-free (impurity) importance bar chart to plots/
  - predict test and write the submission
"""
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OrdinalEncoder

CONFIG = {
    "data_dir": "./input",
    "submission_dir": "./submission",
    "plot_dir": "./plots",
    "target": "class",
    "cat_cols": ["protocol", "day"],
    "num_cols": ["compounds", "input_fields", "iterations", "num_pending", "hour"],
    "rf": {"n_estimators": 300, "min_samples_leaf": 2, "max_features": 0.6,
           "class_weight": "balanced_subsample", "n_jobs": 2},
    "folds": 5,
    "seed": 8,
}


def load_data(cfg):
    train = pd.read_csv(os.path.join(cfg["data_dir"], "train.csv"))
    test = pd.read_csv(os.path.join(cfg["data_dir"], "test.csv"))
    print(f"train {train.shape}  test {test.shape}")
    return train, test


def build_features(df, cfg):
    return df[cfg["cat_cols"] + cfg["num_cols"]]


def make_model(cfg):
    pre = ColumnTransformer([
        ("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), cfg["cat_cols"]),
        ("num", "passthrough", cfg["num_cols"]),
    ])
    rf = RandomForestClassifier(random_state=cfg["seed"], **cfg["rf"])
    return Pipeline([("pre", pre), ("rf", rf)])


def evaluate(model, X, y, cfg):
    cv = StratifiedKFold(n_splits=cfg["folds"], shuffle=True, random_state=cfg["seed"])
    scores = cross_val_score(model, X, y, cv=cv, scoring="f1_macro")
    print(f"folds: {np.round(scores, 4)}")
    return scores.mean()


def plot_importance(model, cfg):
    names = cfg["cat_cols"] + cfg["num_cols"]
    imp = pd.Series(model.named_steps["rf"].feature_importances_, index=names).sort_values()
    fig, ax = plt.subplots(figsize=(6, 4))
    imp.plot.barh(ax=ax)
    ax.set_title("RandomForest impurity importance")
    fig.tight_layout()
    path = os.path.join(cfg["plot_dir"], "feature_importance.png")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    print(f"importance plot -> {path}")
    return imp


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    X, y = build_features(train, cfg), train[cfg["target"]]
    X_test = build_features(test, cfg)

    model = make_model(cfg)
    f1 = evaluate(model, X, y, cfg)
    print(f"CV macro F1: {f1:.4f}")

    model.fit(X, y)
    imp = plot_importance(model, cfg)
    print(f"top feature: {imp.index[-1]}")

    os.makedirs(cfg["submission_dir"], exist_ok=True)
    pd.DataFrame({"id": test["id"], "class": model.predict(X_test)}).to_csv(
        os.path.join(cfg["submission_dir"], "submission.csv"), index=False)
    print("done")


if __name__ == "__main__":
    main()
