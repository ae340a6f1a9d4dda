"""Doctor visits: multi-target MLP (PyTorch) on log1p counts, holdout RMSLE per target."""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

logging.basicConfig(level=logging.INFO, format="%(asctime)s | %(message)s", datefmt="%H:%M:%S")
logger = logging.getLogger("doctor_visits")

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
NUMERIC = ["chronic", "age", "school", "income"]
CATEGORICAL = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]


@dataclass
class Config:
    input_dir: Path = Path("input")
    model_dir: Path = Path("working") / "models"
    seed: int = 8
    valid_frac: float = 0.2
    input_dim: int = len(NUMERIC) + len(CATEGORICAL)
    hidden: list[int] = field(default_factory=lambda: [64, 32])
    dropout: float = 0.1
    lr: float = 1e-3
    weight_decay: float = 1e-4
    epochs: int = 60
    batch_size: int = 256


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("train %s | test %s", train.shape, test.shape)
    return train, test


def build_features(train: pd.DataFrame, test: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    both = pd.concat([train[NUMERIC + CATEGORICAL], test[NUMERIC + CATEGORICAL]], ignore_index=True)
    both = pd.get_dummies(both, columns=CATEGORICAL, drop_first=True, dtype=float)
    mu, sd = both[NUMERIC].mean(), both[NUMERIC].std()
    both[NUMERIC] = (both[NUMERIC] - mu) / sd
    arr = both.to_numpy(dtype=np.float32)
    return arr[: len(train)], arr[len(train):]


class MLP(nn.Module):
    def __init__(self, cfg: Config, n_out: int) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        prev = cfg.input_dim
        for h in cfg.hidden:
            layers += [nn.Linear(prev, h), nn.ReLU(), nn.Dropout(cfg.dropout)]
            prev = h
        layers.append(nn.Linear(prev, n_out))
        self.net = nn.Sequential(*layers)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)


def train(cfg: Config, X: np.ndarray, Y: np.ndarray) -> MLP:
    model = MLP(cfg, Y.shape[1])
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    loss_fn = nn.MSELoss()
    loader = DataLoader(
        TensorDataset(torch.from_numpy(X), torch.from_numpy(Y)),
        batch_size=cfg.batch_size, shuffle=True, generator=torch.Generator().manual_seed(cfg.seed),
    )
    for epoch in range(1, cfg.epochs + 1):
        model.train()
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item() * len(xb)
        if epoch % 15 == 0:
            logger.info("epoch %3d  train mse(log1p) %.4f", epoch, total / len(X))
    return model


@torch.no_grad()
def predict(model: MLP, X: np.ndarray) -> np.ndarray:
    model.eval()
    return np.clip(np.expm1(model(torch.from_numpy(X)).numpy()), 0, None)


def evaluate(Y_true: np.ndarray, Y_pred: np.ndarray) -> dict[str, float]:
    scores = {t: float(np.sqrt(np.mean((np.log1p(Y_pred[:, i]) - np.log1p(Y_true[:, i])) ** 2))) for i, t in enumerate(TARGETS)}
    scores["mean"] = float(np.mean(list(scores.values())))
    return scores


def main() -> None:
    cfg = Config()
    seed_everything(cfg.seed)
    train_df, test_df = load(cfg)
    X, X_test = build_features(train_df, test_df)
    Y_raw = train_df[TARGETS].to_numpy(dtype=np.float32)
    Y = np.log1p(Y_raw)
    logger.info("X %s  X_test %s  Y %s", X.shape, X_test.shape, Y.shape)

    rng = np.random.default_rng(cfg.seed)
    idx = rng.permutation(len(X))
    n_val = int(len(X) * cfg.valid_frac)
    va, tr = idx[:n_val], idx[n_val:]
    model = train(cfg, X[tr], Y[tr])
    scores = evaluate(Y_raw[va], predict(model, X[va]))
    for k, v in scores.items():
        logger.info("holdout RMSLE %-9s %.4f", k, v)

    final = train(cfg, X, Y)
    cfg.model_dir.mkdir(parents=True, exist_ok=True)
    torch.save(final.state_dict(), cfg.model_dir / "mlp.pt")

    sub = pd.DataFrame(predict(final, X_test), columns=TARGETS)
    sub.insert(0, "id", test_df["id"].values)
    Path("submission").mkdir(exist_ok=True)
    sub.to_csv("submission/submission.csv", index=False)
    logger.info("submission written: %s", sub.shape)


if __name__ == "__main__":
    main()
