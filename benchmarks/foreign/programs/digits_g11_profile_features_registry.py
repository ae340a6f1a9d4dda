"""Handwritten digits (8x8) classifier.

Pixel grey levels are augmented with row/column ink profiles by a custom transformer;
a registry of classifiers is compared by stratified K-fold accuracy and the best is refit.
"""
from __future__ import annotations

import argparse
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import FeatureUnion, Pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler
from sklearn.svm import SVC

logger = logging.getLogger("digits_g11")
PIXEL_RE = re.compile(r"^pixel_(\d)_(\d)$")


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission: Path = Path("submission/submission.csv")
    artifact_dir: Path = Path("artifacts/digits_g11")
    folds: int = 3
    seed: int = 0
    max_grey: float = 16.0


def load_config() -> Config:
    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", type=int, default=Config.folds)
    ap.add_argument("--seed", type=int, default=Config.seed)
    ns = ap.parse_args()
    return Config(folds=ns.folds, seed=ns.seed)


class InkProfiles(BaseEstimator, TransformerMixin):
    """Row sums, column sums and total ink of each 8x8 image (scaled to [0, 1])."""

    def __init__(self, side: int = 8, max_grey: float = 16.0) -> None:
        self.side = side
        self.max_grey = max_grey

    def fit(self, X: np.ndarray, y=None) -> "InkProfiles":
        if np.asarray(X).shape[1] != self.side * self.side:
            raise ValueError(f"expected {self.side * self.side} pixel columns")
        return self

    def transform(self, X: np.ndarray) -> np.ndarray:
        imgs = np.asarray(X, dtype=float).reshape(-1, self.side, self.side) / self.max_grey
        rows = imgs.sum(axis=2) / self.side
        cols = imgs.sum(axis=1) / self.side
        total = imgs.sum(axis=(1, 2))[:, None] / (self.side * self.side)
        # left/right and top/bottom balance helps separate e.g. 6 vs 9, 2 vs 5
        lr = (imgs[:, :, : self.side // 2].sum(axis=(1, 2)) - imgs[:, :, self.side // 2:].sum(axis=(1, 2)))[:, None]
        tb = (imgs[:, : self.side // 2, :].sum(axis=(1, 2)) - imgs[:, self.side // 2:, :].sum(axis=(1, 2)))[:, None]
        return np.hstack([rows, cols, total, lr / 16.0, tb / 16.0])

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        names = [f"row_{i}" for i in range(self.side)] + [f"col_{j}" for j in range(self.side)]
        return np.asarray(names + ["ink_total", "lr_balance", "tb_balance"], dtype=object)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("train %s test %s", train.shape, test.shape)
    return train, test


def pixel_columns(frame: pd.DataFrame) -> list[str]:
    cols = [c for c in frame.columns if PIXEL_RE.match(c)]
    return sorted(cols, key=lambda c: tuple(int(v) for v in PIXEL_RE.match(c).groups()))


def validate(train: pd.DataFrame, test: pd.DataFrame) -> list[str]:
    cols = pixel_columns(train)
    if cols != pixel_columns(test) or len(cols) != 64:
        raise ValueError("pixel columns differ between train and test")
    if train[cols].to_numpy().max() > 16:
        raise ValueError("grey levels above 16")
    logger.info("digit counts: %s", train["digit"].value_counts().sort_index().to_dict())
    return cols


def features(cfg: Config) -> FeatureUnion:
    return FeatureUnion([
        ("pixels", FunctionTransformer(lambda a: np.asarray(a, dtype=float) / cfg.max_grey,
                                       feature_names_out="one-to-one")),
        ("profiles", InkProfiles(max_grey=cfg.max_grey)),
    ])


def registry(cfg: Config) -> dict[str, Pipeline]:
    return {
        "logreg": Pipeline([("feat", features(cfg)), ("scale", StandardScaler()),
                            ("clf", LogisticRegression(C=0.1, max_iter=3000))]),
        "svc_rbf": Pipeline([("feat", features(cfg)), ("clf", SVC(C=10.0, gamma="scale"))]),
        "knn": Pipeline([("feat", features(cfg)), ("clf", KNeighborsClassifier(n_neighbors=3))]),
        "extra_trees": Pipeline([("feat", features(cfg)),
                                 ("clf", ExtraTreesClassifier(n_estimators=300, random_state=cfg.seed, n_jobs=2))]),
    }


def cross_validate_models(cfg: Config, models: dict[str, Pipeline], X: np.ndarray, y: np.ndarray) -> dict[str, float]:
    skf = StratifiedKFold(cfg.folds, shuffle=True, random_state=cfg.seed)
    scores = {}
    for name, pipe in models.items():
        fold_acc = cross_val_score(pipe, X, y, cv=skf, scoring="accuracy", error_score="raise")
        scores[name] = float(fold_acc.mean())
        logger.info("%-12s accuracy %.4f +/- %.4f", name, fold_acc.mean(), fold_acc.std())
    return scores


def train(models: dict[str, Pipeline], scores: dict[str, float], X: np.ndarray, y: np.ndarray) -> tuple[str, Pipeline]:
    best = max(scores, key=scores.get)
    logger.info("refit %s on %d images", best, len(X))
    return best, models[best].fit(X, y)


def importance(model: Pipeline, pixel_cols: list[str]) -> pd.DataFrame:
    names = list(pixel_cols) + list(InkProfiles().get_feature_names_out())
    clf = model.named_steps["clf"]
    if hasattr(clf, "feature_importances_"):
        vals = clf.feature_importances_
    elif hasattr(clf, "coef_"):
        vals = np.abs(clf.coef_).mean(axis=0)
    else:
        vals = np.full(len(names), np.nan)
    return pd.DataFrame({"feature": names, "importance": vals}).sort_values("importance", ascending=False)


def save(cfg: Config, best: str, model: Pipeline, scores: dict, imp: pd.DataFrame, sub: pd.DataFrame) -> None:
    cfg.artifact_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model.named_steps["clf"], cfg.artifact_dir / f"{best}_clf.joblib")
    (cfg.artifact_dir / "metrics.json").write_text(json.dumps({"best": best, "cv_accuracy": scores}, indent=2))
    imp.to_csv(cfg.artifact_dir / "feature_importance.csv", index=False)
    cfg.submission.parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg.submission, index=False)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config()
    train_df, test_df = load(cfg)
    cols = validate(train_df, test_df)
    X, y = train_df[cols].to_numpy(), train_df["digit"].to_numpy()
    models = registry(cfg)
    scores = cross_validate_models(cfg, models, X, y)
    best, model = train(models, scores, X, y)
    sub = pd.DataFrame({"id": test_df["id"], "digit": model.predict(test_df[cols].to_numpy())})
    save(cfg, best, model, scores, importance(model, cols), sub)
    print(f"CV accuracy ({best}): {scores[best]:.4f}")


if __name__ == "__main__":
    main()
