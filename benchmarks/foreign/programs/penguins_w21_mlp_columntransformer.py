"""Penguin species classifier: ColumnTransformer preprocessing + small PyTorch MLP."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import LabelEncoder, OneHotEncoder, StandardScaler
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

logger = logging.getLogger("penguins")


@dataclass
class Config:
    data_dir: Path = Path("input")
    out_dir: Path = Path("submission")
    artifacts_dir: Path = Path("artifacts")
    target: str = "species"
    val_size: float = 0.2
    hidden: int = 32
    dropout: float = 0.1
    lr: float = 1e-2
    weight_decay: float = 1e-4
    epochs: int = 60
    batch_size: int = 32
    seed: int = 42


NUM_COLS = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
CAT_COLS = ["island", "sex"]


class DataModule:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.encoder = LabelEncoder()
        self.preprocessor = ColumnTransformer(
            [
                ("num", Pipeline([("impute", SimpleImputer(strategy="median")), ("scale", StandardScaler())]), NUM_COLS),
                ("cat", Pipeline([
                    ("impute", SimpleImputer(strategy="most_frequent")),
                    ("ohe", OneHotEncoder(handle_unknown="ignore", sparse_output=False)),
                ]), CAT_COLS),
            ]
        )

    def setup(self) -> None:
        self.train_df = pd.read_csv(self.cfg.data_dir / "train.csv")
        self.test_df = pd.read_csv(self.cfg.data_dir / "test.csv")
        logger.info("train %s | test %s", self.train_df.shape, self.test_df.shape)
        y = self.encoder.fit_transform(self.train_df[self.cfg.target])
        logger.info("classes: %s", list(self.encoder.classes_))
        tr_idx, va_idx = train_test_split(
            np.arange(len(y)), test_size=self.cfg.val_size, stratify=y, random_state=self.cfg.seed
        )
        X_tr = self.preprocessor.fit_transform(self.train_df.iloc[tr_idx])
        X_va = self.preprocessor.transform(self.train_df.iloc[va_idx])
        self.X_test = self.preprocessor.transform(self.test_df).astype(np.float32)
        self.X_tr, self.y_tr = X_tr.astype(np.float32), y[tr_idx]
        self.X_va, self.y_va = X_va.astype(np.float32), y[va_idx]
        logger.info("feature dim after preprocessing: %d", self.X_tr.shape[1])

    def train_loader(self) -> DataLoader:
        ds = TensorDataset(torch.from_numpy(self.X_tr), torch.from_numpy(self.y_tr).long())
        return DataLoader(ds, batch_size=self.cfg.batch_size, shuffle=True)


class MLP(nn.Module):
    def __init__(self, in_dim: int, hidden: int, n_classes: int, dropout: float) -> None:
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hidden), nn.ReLU(), nn.Dropout(dropout),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, n_classes),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)


class Trainer:
    def __init__(self, cfg: Config, model: nn.Module) -> None:
        self.cfg = cfg
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        self.loss_fn = nn.CrossEntropyLoss()
        self.best_state: dict[str, torch.Tensor] | None = None
        self.best_loss = float("inf")

    @torch.no_grad()
    def predict_proba(self, X: np.ndarray) -> np.ndarray:
        self.model.eval()
        return torch.softmax(self.model(torch.from_numpy(X)), dim=1).numpy()

    def fit(self, dm: DataModule) -> list[dict[str, float]]:
        history: list[dict[str, float]] = []
        for epoch in range(1, self.cfg.epochs + 1):
            self.model.train()
            running, n = 0.0, 0
            for xb, yb in dm.train_loader():
                self.opt.zero_grad()
                loss = self.loss_fn(self.model(xb), yb)
                loss.backward()
                self.opt.step()
                running += loss.item() * len(xb)
                n += len(xb)
            val_ll = log_loss(dm.y_va, self.predict_proba(dm.X_va), labels=np.arange(len(dm.encoder.classes_)))
            history.append({"epoch": epoch, "train_loss": running / n, "val_logloss": val_ll})
            if val_ll < self.best_loss:
                self.best_loss = val_ll
                self.best_state = {k: v.clone() for k, v in self.model.state_dict().items()}
            if epoch % 10 == 0 or epoch == 1:
                logger.info("epoch %3d | train_loss %.4f | val_logloss %.4f", epoch, running / n, val_ll)
        assert self.best_state is not None
        self.model.load_state_dict(self.best_state)
        return history


def parse_args() -> Config:
    cfg = Config()
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=cfg.epochs)
    p.add_argument("--lr", type=float, default=cfg.lr)
    p.add_argument("--hidden", type=int, default=cfg.hidden)
    p.add_argument("--seed", type=int, default=cfg.seed)
    args = p.parse_args()
    cfg.epochs, cfg.lr, cfg.hidden, cfg.seed = args.epochs, args.lr, args.hidden, args.seed
    return cfg


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = parse_args()
    torch.manual_seed(cfg.seed)
    np.random.seed(cfg.seed)
    cfg.artifacts_dir.mkdir(parents=True, exist_ok=True)
    cfg.out_dir.mkdir(parents=True, exist_ok=True)

    dm = DataModule(cfg)
    dm.setup()
    model = MLP(dm.X_tr.shape[1], cfg.hidden, len(dm.encoder.classes_), cfg.dropout)
    trainer = Trainer(cfg, model)
    history = trainer.fit(dm)
    logger.info("best validation log loss: %.5f", trainer.best_loss)

    proba = trainer.predict_proba(dm.X_test)
    sub = pd.DataFrame(proba, columns=dm.encoder.classes_)
    sub.insert(0, "id", dm.test_df["id"].values)
    sub.to_csv(cfg.out_dir / "submission.csv", index=False)
    logger.info("wrote %s with shape %s", cfg.out_dir / "submission.csv", sub.shape)

    metrics = {"val_logloss": trainer.best_loss, "config": {k: str(v) for k, v in asdict(cfg).items()}, "history": history}
    (cfg.artifacts_dir / "metrics.json").write_text(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()
