"""HPC job runtime class: class-weighted PyTorch MLP on engineered features."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.metrics import classification_report, f1_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import LabelEncoder, OneHotEncoder, StandardScaler
from sklearn.utils.class_weight import compute_class_weight
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

logger = logging.getLogger("hpc")


@dataclass
class Config:
    data_dir: Path = Path("input")
    sub_path: Path = Path("submission/submission.csv")
    report_path: Path = Path("artifacts/report.json")
    target: str = "class"
    hidden: int = 64
    epochs: int = 40
    batch_size: int = 128
    lr: float = 2e-3
    val_size: float = 0.2
    seed: int = 0


class JobFeatures(BaseEstimator, TransformerMixin):
    """Log-scales the heavy-tailed size columns and encodes hour on the circle."""

    log_cols = ("compounds", "input_fields", "iterations", "num_pending")

    def fit(self, X: pd.DataFrame, y=None) -> "JobFeatures":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        for c in self.log_cols:
            X[f"log_{c}"] = np.log1p(X[c])
        X["work"] = X["log_compounds"] + X["log_input_fields"] + X["log_iterations"]
        X["hour_sin"] = np.sin(2 * np.pi * X["hour"] / 24)
        X["hour_cos"] = np.cos(2 * np.pi * X["hour"] / 24)
        X["busy"] = (X["num_pending"] > 0).astype(float)
        return X.drop(columns=list(self.log_cols) + ["hour"])


class DataModule:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.label_enc = LabelEncoder()
        num_feats = ["log_compounds", "log_input_fields", "log_iterations", "log_num_pending",
                     "work", "hour_sin", "hour_cos", "busy"]
        self.pipeline = Pipeline([
            ("feats", JobFeatures()),
            ("ct", ColumnTransformer([
                ("num", StandardScaler(), num_feats),
                ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), ["protocol", "day"]),
            ])),
        ])

    def setup(self) -> None:
        df = pd.read_csv(self.cfg.data_dir / "train.csv")
        self.test = pd.read_csv(self.cfg.data_dir / "test.csv")
        y = self.label_enc.fit_transform(df[self.cfg.target])
        X = df.drop(columns=["id", self.cfg.target])
        X_tr, X_va, self.y_tr, self.y_va = train_test_split(
            X, y, test_size=self.cfg.val_size, stratify=y, random_state=self.cfg.seed)
        self.X_tr = self.pipeline.fit_transform(X_tr).astype(np.float32)
        self.X_va = self.pipeline.transform(X_va).astype(np.float32)
        self.X_te = self.pipeline.transform(self.test.drop(columns=["id"])).astype(np.float32)
        counts = dict(zip(self.label_enc.classes_, np.bincount(y)))
        logger.info("train %s val %s test %s | class counts %s", self.X_tr.shape, self.X_va.shape, self.X_te.shape, counts)

    def class_weights(self) -> torch.Tensor:
        w = compute_class_weight("balanced", classes=np.unique(self.y_tr), y=self.y_tr)
        return torch.tensor(w, dtype=torch.float32)

    def train_loader(self) -> DataLoader:
        ds = TensorDataset(torch.from_numpy(self.X_tr), torch.from_numpy(self.y_tr).long())
        return DataLoader(ds, batch_size=self.cfg.batch_size, shuffle=True)


class Net(nn.Module):
    def __init__(self, d_in: int, hidden: int, n_cls: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(d_in, hidden), nn.ReLU(), nn.Dropout(0.15),
            nn.Linear(hidden, hidden), nn.ReLU(), nn.Dropout(0.15),
        )
        self.head = nn.Linear(hidden, n_cls)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.body(x))


class Trainer:
    def __init__(self, cfg: Config, dm: DataModule) -> None:
        self.cfg = cfg
        self.dm = dm
        self.model = Net(dm.X_tr.shape[1], cfg.hidden, len(dm.label_enc.classes_))
        self.loss_fn = nn.CrossEntropyLoss(weight=dm.class_weights())
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)

    @torch.no_grad()
    def predict(self, X: np.ndarray) -> np.ndarray:
        self.model.eval()
        return self.model(torch.from_numpy(X)).argmax(dim=1).numpy()

    def fit(self) -> None:
        best_acc, best_state = 0.0, None
        for epoch in range(self.cfg.epochs):
            self.model.train()
            tot, n = 0.0, 0
            for xb, yb in self.dm.train_loader():
                self.opt.zero_grad()
                loss = self.loss_fn(self.model(xb), yb)
                loss.backward()
                self.opt.step()
                tot += loss.item() * xb.size(0)
                n += xb.size(0)
            acc = float((self.predict(self.dm.X_va) == self.dm.y_va).mean())
            if acc > best_acc:
                best_acc, best_state = acc, {k: v.detach().clone() for k, v in self.model.state_dict().items()}
            if (epoch + 1) % 5 == 0:
                logger.info("epoch %d/%d train_loss=%.4f val_acc=%.4f", epoch + 1, self.cfg.epochs, tot / n, acc)
        self.model.load_state_dict(best_state)
        logger.info("restored best epoch weights (val_acc=%.4f)", best_acc)

    def evaluate(self) -> dict:
        pred = self.predict(self.dm.X_va)
        names = list(self.dm.label_enc.classes_)
        logger.info("\n%s", classification_report(self.dm.y_va, pred, target_names=names, digits=3))
        return {"val_f1": f1_score(self.dm.y_va, pred), "val_acc": float((pred == self.dm.y_va).mean())}


def main() -> None:
    logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(levelname)-7s %(message)s")
    cfg = Config()
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=cfg.epochs)
    ap.add_argument("--hidden", type=int, default=cfg.hidden)
    ap.add_argument("--lr", type=float, default=cfg.lr)
    a = ap.parse_args()
    cfg.epochs, cfg.hidden, cfg.lr = a.epochs, a.hidden, a.lr
    torch.manual_seed(cfg.seed)

    dm = DataModule(cfg)
    dm.setup()
    trainer = Trainer(cfg, dm)
    trainer.fit()
    metrics = trainer.evaluate()
    logger.info("validation macro-F1: %.4f | accuracy: %.4f", metrics["val_f1"], metrics["val_acc"])

    cfg.report_path.parent.mkdir(parents=True, exist_ok=True)
    cfg.report_path.write_text(json.dumps(metrics, indent=2))
    labels = dm.label_enc.inverse_transform(trainer.predict(dm.X_te))
    cfg.sub_path.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": dm.test["id"], "class": labels}).to_csv(cfg.sub_path, index=False)
    logger.info("wrote %d predictions to %s", len(labels), cfg.sub_path)


if __name__ == "__main__":
    main()
