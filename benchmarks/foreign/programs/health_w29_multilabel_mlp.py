"""Health insurance survey: one shared-trunk PyTorch MLP with three sigmoid heads (health, limit, insurance)."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import KFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

logger = logging.getLogger("health")


@dataclass
class Config:
    data_dir: Path = Path("input")
    sub_file: Path = Path("submission/submission.csv")
    metrics_file: Path = Path("outputs/metrics.json")
    targets: list[str] = field(default_factory=lambda: ["health", "limit", "insurance"])
    n_folds: int = 4
    hidden: int = 48
    epochs: int = 12
    batch_size: int = 256
    lr: float = 3e-3
    seed: int = 5


class AgeBands(BaseEstimator, TransformerMixin):
    """Adds a squared age term and a family-size cap on top of the raw columns."""

    def __init__(self, family_cap: int = 8) -> None:
        self.family_cap = family_cap

    def fit(self, X: pd.DataFrame, y=None) -> "AgeBands":
        self.age_mean_ = float(X["age"].mean())
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        X["age_c2"] = (X["age"] - self.age_mean_) ** 2 / 100.0
        X["family"] = X["family"].clip(upper=self.family_cap)
        X["single_household"] = (X["family"] == 1).astype(float)
        return X


CAT = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
NUM = ["age", "age_c2", "family", "single_household"]


def make_preprocessor() -> Pipeline:
    return Pipeline([
        ("bands", AgeBands()),
        ("ct", ColumnTransformer([
            ("num", StandardScaler(), NUM),
            ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CAT),
        ])),
    ])


class MultiHeadMLP(nn.Module):
    def __init__(self, d_in: int, hidden: int, n_out: int) -> None:
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Dropout(0.1), nn.Linear(hidden, hidden), nn.ReLU())
        self.heads = nn.Linear(hidden, n_out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.heads(self.trunk(x))


class Trainer:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg

    def _fit_one(self, X: np.ndarray, Y: np.ndarray, X_val: np.ndarray | None = None,
                 Y_val: np.ndarray | None = None, tag: str = "") -> MultiHeadMLP:
        model = MultiHeadMLP(X.shape[1], self.cfg.hidden, Y.shape[1])
        opt = torch.optim.AdamW(model.parameters(), lr=self.cfg.lr)
        pos_rate = Y.mean(axis=0)
        loss_fn = nn.BCEWithLogitsLoss(pos_weight=torch.tensor((1 - pos_rate) / pos_rate, dtype=torch.float32).sqrt())
        loader = DataLoader(TensorDataset(torch.from_numpy(X), torch.from_numpy(Y)), batch_size=self.cfg.batch_size, shuffle=True)
        for epoch in range(1, self.cfg.epochs + 1):
            model.train()
            total = 0.0
            for xb, yb in loader:
                opt.zero_grad()
                loss = loss_fn(model(xb), yb)
                loss.backward()
                opt.step()
                total += loss.item() * len(xb)
            if X_val is not None and epoch in (1, self.cfg.epochs // 2, self.cfg.epochs):
                aucs = self.column_aucs(Y_val, self.predict(model, X_val))
                logger.info("%s epoch %2d loss %.4f | val auc %s", tag, epoch, total / len(X),
                            " ".join(f"{k}={v:.4f}" for k, v in aucs.items()))
        return model

    @staticmethod
    @torch.no_grad()
    def predict(model: nn.Module, X: np.ndarray) -> np.ndarray:
        model.eval()
        return torch.sigmoid(model(torch.from_numpy(X))).numpy()

    def column_aucs(self, Y: np.ndarray, P: np.ndarray) -> dict[str, float]:
        return {t: float(roc_auc_score(Y[:, j], P[:, j])) for j, t in enumerate(self.cfg.targets)}

    def cross_validate(self, df: pd.DataFrame, Y: np.ndarray) -> np.ndarray:
        oof = np.zeros_like(Y)
        for k, (tr, va) in enumerate(KFold(self.cfg.n_folds, shuffle=True, random_state=self.cfg.seed).split(df)):
            pre = make_preprocessor()
            X_tr = pre.fit_transform(df.iloc[tr]).astype(np.float32)
            X_va = pre.transform(df.iloc[va]).astype(np.float32)
            model = self._fit_one(X_tr, Y[tr], X_va, Y[va], tag=f"[fold {k}]")
            oof[va] = self.predict(model, X_va)
        return oof


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s %(levelname)s | %(message)s")
    cfg = Config()
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=cfg.epochs)
    ap.add_argument("--folds", type=int, default=cfg.n_folds)
    ap.add_argument("--hidden", type=int, default=cfg.hidden)
    ns = ap.parse_args()
    cfg.epochs, cfg.n_folds, cfg.hidden = ns.epochs, ns.folds, ns.hidden
    torch.manual_seed(cfg.seed)

    train = pd.read_csv(cfg.data_dir / "train.csv")
    test = pd.read_csv(cfg.data_dir / "test.csv")
    Y = train[cfg.targets].to_numpy(np.float32)
    features = train.drop(columns=["id", *cfg.targets])
    logger.info("train %s test %s | positive rates %s", features.shape, test.shape,
                dict(zip(cfg.targets, Y.mean(axis=0).round(3).tolist())))

    trainer = Trainer(cfg)
    oof = trainer.cross_validate(features, Y)
    aucs = trainer.column_aucs(Y, oof)
    mean_auc = float(np.mean(list(aucs.values())))
    logger.info("OOF AUC per column: %s", {k: round(v, 4) for k, v in aucs.items()})
    logger.info("OOF mean column AUC: %.4f", mean_auc)

    pre = make_preprocessor()
    X_all = pre.fit_transform(features).astype(np.float32)
    X_test = pre.transform(test.drop(columns=["id"])).astype(np.float32)
    preds = np.mean([trainer.predict(trainer._fit_one(X_all, Y), X_test) for _ in range(3)], axis=0)

    sub = pd.DataFrame(preds, columns=cfg.targets)
    sub.insert(0, "id", test["id"].to_numpy())
    cfg.sub_file.parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg.sub_file, index=False)
    cfg.metrics_file.parent.mkdir(parents=True, exist_ok=True)
    cfg.metrics_file.write_text(json.dumps({"oof_auc": aucs, "mean_auc": mean_auc,
                                            "config": asdict(cfg)}, indent=2, default=str))
    logger.info("submission %s written", sub.shape)


if __name__ == "__main__":
    main()
