"""Digits 8x8: PyTorch MLP with best-epoch checkpointing and reload for inference."""
from __future__ import annotations

import argparse
import logging
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from sklearn.model_selection import train_test_split
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

log = logging.getLogger(__name__)


@dataclass
class Config:
    input_dir: Path = Path("input")
    output_dir: Path = Path("submission")
    ckpt_dir: Path = Path("checkpoints")
    target: str = "digit"
    hidden_sizes: tuple[int, ...] = (256, 128)
    dropout: float = 0.2
    lr: float = 3e-3
    epochs: int = 30
    batch_size: int = 64
    val_frac: float = 0.15
    seed: int = 7


class DataModule:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg

    def prepare(self) -> None:
        train = pd.read_csv(self.cfg.input_dir / "train.csv")
        test = pd.read_csv(self.cfg.input_dir / "test.csv")
        self.pixel_cols = [c for c in train.columns if c.startswith("pixel_")]
        X = train[self.pixel_cols].to_numpy(np.float32) / 16.0
        y = train[self.cfg.target].to_numpy(np.int64)
        self.X_tr, self.X_va, self.y_tr, self.y_va = train_test_split(
            X, y, test_size=self.cfg.val_frac, stratify=y, random_state=self.cfg.seed
        )
        self.X_test = test[self.pixel_cols].to_numpy(np.float32) / 16.0
        self.test_ids = test["id"].to_numpy()
        log.info("train=%d val=%d test=%d pixels=%d", len(self.X_tr), len(self.X_va), len(self.X_test), len(self.pixel_cols))

    def loader(self, split: str) -> DataLoader:
        X, y = (self.X_tr, self.y_tr) if split == "train" else (self.X_va, self.y_va)
        ds = TensorDataset(torch.from_numpy(X), torch.from_numpy(y))
        return DataLoader(ds, batch_size=self.cfg.batch_size, shuffle=(split == "train"))


def build_mlp(in_dim: int, hidden: tuple[int, ...], n_out: int, dropout: float) -> nn.Module:
    layers: list[nn.Module] = []
    prev = in_dim
    for h in hidden:
        layers += [nn.Linear(prev, h), nn.BatchNorm1d(h), nn.ReLU(), nn.Dropout(dropout)]
        prev = h
    layers.append(nn.Linear(prev, n_out))
    return nn.Sequential(*layers)


class Trainer:
    def __init__(self, cfg: Config, model: nn.Module) -> None:
        self.cfg = cfg
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        self.sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=cfg.epochs)
        self.criterion = nn.CrossEntropyLoss(label_smoothing=0.05)
        self.ckpt_path = cfg.ckpt_dir / "best.pt"
        self.history: list[dict[str, float]] = []

    def _train_epoch(self, loader: DataLoader) -> float:
        self.model.train()
        losses = []
        for xb, yb in loader:
            self.opt.zero_grad()
            loss = self.criterion(self.model(xb), yb)
            loss.backward()
            self.opt.step()
            losses.append(loss.item())
        self.sched.step()
        return np.mean(losses)

    @torch.no_grad()
    def evaluate(self, loader: DataLoader) -> float:
        self.model.eval()
        correct, total = 0, 0
        for xb, yb in loader:
            correct += (self.model(xb).argmax(1) == yb).sum().item()
            total += len(yb)
        return correct / total

    def fit(self, dm: DataModule) -> float:
        best_acc = -1.0
        for epoch in range(1, self.cfg.epochs + 1):
            t0 = time.perf_counter()
            train_loss = self._train_epoch(dm.loader("train"))
            val_acc = self.evaluate(dm.loader("val"))
            self.history.append({"epoch": epoch, "train_loss": train_loss, "val_acc": val_acc})
            marker = ""
            if val_acc > best_acc:
                best_acc = val_acc
                torch.save({"model": self.model.state_dict(), "epoch": epoch, "history": self.history,
                            "config": asdict(self.cfg)}, self.ckpt_path)
                marker = " *"
            log.info("epoch %02d/%d  loss=%.4f  val_acc=%.4f  (%.2fs)%s", epoch, self.cfg.epochs,
                     train_loss, val_acc, time.perf_counter() - t0, marker)
        return best_acc

    def load_best(self) -> int:
        state = torch.load(self.ckpt_path)
        self.model.load_state_dict(state["model"])
        return state["epoch"]

    @torch.no_grad()
    def predict(self, X: np.ndarray) -> np.ndarray:
        self.model.eval()
        return self.model(torch.from_numpy(X)).argmax(1).numpy()


def get_config() -> Config:
    cfg = Config()
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--epochs", type=int, default=cfg.epochs)
    ap.add_argument("--lr", type=float, default=cfg.lr)
    ap.add_argument("--batch-size", type=int, default=cfg.batch_size)
    ns = ap.parse_args()
    cfg.epochs, cfg.lr, cfg.batch_size = ns.epochs, ns.lr, ns.batch_size
    return cfg


def main() -> None:
    logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(asctime)s | %(name)s | %(message)s")
    cfg = get_config()
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(2)
    for d in (cfg.output_dir, cfg.ckpt_dir):
        d.mkdir(parents=True, exist_ok=True)

    dm = DataModule(cfg)
    dm.prepare()
    model = build_mlp(len(dm.pixel_cols), cfg.hidden_sizes, 10, cfg.dropout)
    log.info("params: %d", sum(p.numel() for p in model.parameters()))

    trainer = Trainer(cfg, model)
    best = trainer.fit(dm)
    log.info("best val accuracy %.4f", best)

    epoch = trainer.load_best()
    log.info("reloaded checkpoint from epoch %d, val accuracy %.4f", epoch, trainer.evaluate(dm.loader("val")))

    preds = trainer.predict(dm.X_test)
    sub = pd.DataFrame({"id": dm.test_ids, "digit": preds})
    sub.to_csv(cfg.output_dir / "submission.csv", index=False)
    log.info("submission saved: %s rows, class counts %s", len(sub), np.bincount(preds, minlength=10).tolist())


if __name__ == "__main__":
    main()
