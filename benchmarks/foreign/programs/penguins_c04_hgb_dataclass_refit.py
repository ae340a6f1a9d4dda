from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import accuracy_score, log_loss
from sklearn.model_selection import train_test_split


@dataclass
class Config:
    data_dir: Path = Path("input")
    out_dir: Path = Path("submission")
    target: str = "species"
    valid_size: float = 0.2
    seed: int = 2024
    learning_rate: float = 0.06
    max_iter: int = 300
    max_leaf_nodes: int = 12
    l2: float = 0.5
    drop: list = field(default_factory=lambda: ["id", "year"])


def load(cfg):
    tr = pd.read_csv(cfg.data_dir / "train.csv")
    te = pd.read_csv(cfg.data_dir / "test.csv")
    ss = pd.read_csv(cfg.data_dir / "sample_submission.csv")
    return tr, te, ss


def featurize(df, cfg):
    X = df.drop(columns=[c for c in cfg.drop + [cfg.target] if c in df.columns]).copy()
    X["bill_area"] = X["bill_length_mm"] * X["bill_depth_mm"]
    X["bill_ratio"] = X["bill_length_mm"] / X["bill_depth_mm"]
    for c in ["island", "sex"]:
        X[c] = X[c].astype("category")
    return X


def make_model(cfg):
    return HistGradientBoostingClassifier(
        learning_rate=cfg.learning_rate,
        max_iter=cfg.max_iter,
        max_leaf_nodes=cfg.max_leaf_nodes,
        l2_regularization=cfg.l2,
        categorical_features="from_dtype",
        early_stopping=False,
        random_state=cfg.seed,
    )


def main():
    cfg = Config()
    train, test, sample = load(cfg)
    X = featurize(train, cfg)
    X_test = featurize(test, cfg)
    X_test["island"] = pd.Categorical(X_test["island"], categories=X["island"].cat.categories)
    X_test["sex"] = pd.Categorical(X_test["sex"], categories=X["sex"].cat.categories)
    y = train[cfg.target]

    X_tr, X_va, y_tr, y_va = train_test_split(
        X, y, test_size=cfg.valid_size, stratify=y, random_state=cfg.seed
    )
    model = make_model(cfg).fit(X_tr, y_tr)
    proba = model.predict_proba(X_va)
    print(f"holdout rows: {len(X_va)}")
    print(f"Validation log loss: {log_loss(y_va, proba, labels=model.classes_):.4f}")
    print(f"Validation accuracy: {accuracy_score(y_va, model.predict(X_va)):.4f}")

    final = make_model(cfg).fit(X, y)
    test_proba = final.predict_proba(X_test)
    print("mean test probabilities:", np.round(test_proba.mean(axis=0), 3))

    sub = pd.DataFrame({"id": test["id"]})
    for k, cls in enumerate(final.classes_):
        sub[cls] = proba[:, k]
    cfg.out_dir.mkdir(exist_ok=True)
    sub[sample.columns].to_csv(cfg.out_dir / "submission.csv", index=False)
    print("done")


if __name__ == "__main__":
    main()
