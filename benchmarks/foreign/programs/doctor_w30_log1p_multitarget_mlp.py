"""Doctor visits (4 count targets): MLP on log1p targets, so MSE in log space matches column-wise RMSLE."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from sklearn.compose import ColumnTransformer
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer, OneHotEncoder, StandardScaler
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

logger = logging.getLogger("doctor")


@dataclass
class Config:
    data_dir: Path = Path("input")
    sub_path: Path = Path("submission/submission.csv")
    out_dir: Path = Path("artifacts")
    targets: list[str] = field(default_factory=lambda: ["visits", "ovisits", "emergency", "hospital"])
    cat_cols: list[str] = field(default_factory=lambda: ["health", "adl", "region", "afam", "gender",
                                                         "married", "employed", "insurance", "medicaid"])
    num_cols: list[str] = field(default_factory=lambda: ["chronic", "age", "school", "income"])
    hidden: int = 64
    epochs: int = 40
    batch_size: int = 128
    lr: float = 2e-3
    val_size: float = 0.2
    seed: int = 88


def rmsle_columnwise(y_true: np.ndarray, y_pred: np.ndarray) -> np.ndarray:
    return np.sqrt(np.mean((np.log1p(y_true) - np.log1p(np.clip(y_pred, 0, None))) ** 2, axis=0))


class FeatureBuilder:
    def __init__(self, cfg: Config) -> None:
        signed_log = FunctionTransformer(lambda a: np.sign(a) * np.log1p(np.abs(a)), feature_names_out="one-to-one")
        self.transformer = ColumnTransformer([
            ("num", Pipeline([("log", signed_log), ("scale", StandardScaler())]), cfg.num_cols),
            ("cat", OneHotEncoder(drop="if_binary", handle_unknown="ignore", sparse=False), cfg.cat_cols),
        ])

    def fit_transform(self, df: pd.DataFrame) -> np.ndarray:
        return self.transformer.fit_transform(df).astype(np.float32)

    def transform(self, df: pd.DataFrame) -> np.ndarray:
        return self.transformer.transform(df).astype(np.float32)


class CountNet(nn.Module):
    def __init__(self, d_in: int, hidden: int, n_targets: int) -> None:
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(d_in, hidden), nn.ReLU(), nn.Dropout(0.2),
            nn.Linear(hidden, hidden // 2), nn.ReLU(),
            nn.Linear(hidden // 2, n_targets),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.layers(x)


class Trainer:
    def __init__(self, cfg: Config, d_in: int) -> None:
        self.cfg = cfg
        self.model = CountNet(d_in, cfg.hidden, len(cfg.targets))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr, weight_decay=1e-4)
        self.loss_fn = nn.MSELoss()

    @torch.no_grad()
    def predict(self, X: np.ndarray) -> np.ndarray:
        self.model.eval()
        return np.expm1(self.model(torch.from_numpy(X)).clamp(min=0).numpy())

    def fit(self, X: np.ndarray, Y: np.ndarray, X_val: np.ndarray, Y_val: np.ndarray) -> np.ndarray:
        ds = TensorDataset(torch.from_numpy(X), torch.from_numpy(np.log1p(Y).astype(np.float32)))
        loader = DataLoader(ds, batch_size=self.cfg.batch_size, shuffle=True)
        scores = rmsle_columnwise(Y_val, self.predict(X_val))
        for epoch in range(1, self.cfg.epochs + 1):
            self.model.train()
            batch_losses = []
            for xb, yb in loader:
                self.opt.zero_grad()
                loss = self.loss_fn(self.model(xb), yb)
                loss.backward()
                self.opt.step()
                batch_losses.append(loss.item())
            scores = rmsle_columnwise(Y_val, self.predict(X_val))
            if epoch % 5 == 0:
                logger.info("epoch %02d  mse(log1p)=%.4f  val RMSLE per col=%s  mean=%.4f", epoch,
                            np.mean(batch_losses), np.round(scores, 4).tolist(), scores.mean())
        return scores


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = Config()
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=cfg.epochs)
    ap.add_argument("--hidden", type=int, default=cfg.hidden)
    ap.add_argument("--lr", type=float, default=cfg.lr)
    ns = ap.parse_args()
    cfg.epochs, cfg.hidden, cfg.lr = ns.epochs, ns.hidden, ns.lr
    torch.manual_seed(cfg.seed)
    cfg.out_dir.mkdir(parents=True, exist_ok=True)

    train = pd.read_csv(cfg.data_dir / "train.csv")
    test = pd.read_csv(cfg.data_dir / "test.csv")
    Y = train[cfg.targets].to_numpy(np.float64)
    logger.info("train %s test %s", train.shape, test.shape)
    logger.info("target means: %s", train[cfg.targets].mean().round(3).to_dict())

    tr_df, va_df, Y_tr, Y_va = train_test_split(train, Y, test_size=cfg.val_size, random_state=cfg.seed)
    baseline = rmsle_columnwise(Y_va, np.tile(np.expm1(np.log1p(Y_tr).mean(axis=0)), (len(Y_va), 1)))
    logger.info("constant log-mean baseline RMSLE: %s (mean %.4f)", np.round(baseline, 4).tolist(), baseline.mean())

    fb = FeatureBuilder(cfg)
    X_tr = fb.fit_transform(tr_df)
    X_va = fb.transform(va_df)
    logger.info("design matrix: %s", X_tr.shape)

    trainer = Trainer(cfg, X_tr.shape[1])
    scores = trainer.fit(X_tr, Y_tr, X_va, Y_va)
    logger.info("hold-out column-wise RMSLE: %.4f", scores.mean())

    fb_full = FeatureBuilder(cfg)
    X_all = fb_full.fit_transform(train)
    X_test = fb_full.transform(test)
    final = Trainer(cfg, X_all.shape[1])
    final.fit(X_all, Y, X_val=fb_full.transform(va_df), Y_val=Y_va)
    pred = final.predict(X_test)

    cfg.sub_path.parent.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame(pred, columns=cfg.targets)
    sub.insert(0, "id", test["id"].to_numpy())
    sub.to_csv(cfg.sub_path, index=False)
    (cfg.out_dir / "metrics.json").write_text(json.dumps({"val_rmsle": dict(zip(cfg.targets, scores.tolist())),
                                                          "baseline": baseline.tolist()}, indent=2))
    logger.info("wrote %s", cfg.sub_path)


if __name__ == "__main__":
    main()
