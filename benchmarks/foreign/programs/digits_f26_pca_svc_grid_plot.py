"""
Digits (8x8) classification with PCA + RBF SVC.

Plan:
  - scale pixels to [0, 1] (divide by 16)
  - Pipeline: PCA(whiten) -> SVC
  - GridSearchCV over n_components / C / gamma (3-fold, accuracy)
  - report best CV accuracy, plot the confusion matrix of CV predictions
    of the best pipeline to confusion.png
  - refit best, predict test, write submission
"""
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.decomposition import PCA
from sklearn.metrics import ConfusionMatrixDisplay, accuracy_score
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer
from sklearn.svm import SVC

CONFIG = {
    "data_dir": "./input",
    "sub_dir": "./submission",
    "target": "digit",
    "seed": 3,
    "cv": 3,
    "grid": {
        "pca__n_components": [30, 40],
        "svc__C": [3.0, 10.0],
        "svc__gamma": ["scale", 0.02],
    },
    "plot_path": "confusion.png",
}


def load_data(cfg):
    train = pd.read_csv(os.path.join(cfg["data_dir"], "train.csv"))
    test = pd.read_csv(os.path.join(cfg["data_dir"], "test.csv"))
    print(f"train={train.shape} test={test.shape}")
    return train, test


def build_features(df):
    pix = [c for c in df.columns if c.startswith("pixel_")]
    return df[pix].to_numpy(dtype=np.float64)


def make_model(cfg):
    return Pipeline([
        ("scale", FunctionTransformer(lambda a: a / 16.0)),
        ("pca", PCA(whiten=True, random_state=cfg["seed"])),
        ("svc", SVC(kernel="rbf")),
    ])


def evaluate(search, X, y, cfg):
    cv = StratifiedKFold(n_splits=cfg["cv"], shuffle=True, random_state=cfg["seed"])
    oof = cross_val_predict(search.best_estimator_, X, y, cv=cv)
    acc = accuracy_score(y, oof)
    fig, ax = plt.subplots(figsize=(6, 6))
    ConfusionMatrixDisplay.from_predictions(y, oof, ax=ax, colorbar=False)
    ax.set_title(f"OOF accuracy {acc:.4f}")
    fig.tight_layout()
    fig.savefig(cfg["plot_path"], dpi=80)
    plt.close(fig)
    return acc


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    X, y = build_features(train), train[cfg["target"]].to_numpy()
    X_test = build_features(test)

    cv = StratifiedKFold(n_splits=cfg["cv"], shuffle=True, random_state=cfg["seed"])
    search = GridSearchCV(make_model(cfg), cfg["grid"], cv=cv, scoring="accuracy", n_jobs=1)
    search.fit(X, y)
    print(f"best params: {search.best_params_}")
    print(f"grid best CV accuracy: {search.best_score_:.4f}")

    oof_acc = evaluate(search, X, y, cfg)
    print(f"accuracy = {oof_acc:.4f}")

    pred = search.predict(X_test)
    os.makedirs(cfg["sub_dir"], exist_ok=True)
    pd.DataFrame({"id": test["id"], "digit": pred}).to_csv(
        os.path.join(cfg["sub_dir"], "submission.csv"), index=False)
    print("submission saved")


if __name__ == "__main__":
    main()
