"""Daily US births: calendar features + PyTorch MLP, validated on the most recent 20% of days."""
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
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

logger = logging.getLogger("births")


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission_file: Path = Path("submission/submission.csv")
    ckpt_file: Path = Path("artifacts/births_mlp.pt")
    target: str = "births"
    val_frac: float = 0.2
    hidden: int = 64
    epochs: int = 80
    batch_size: int = 128
    lr: float = 3e-3
    seed: int = 1969


class FeatureBuilder:
    """Calendar encoding: trend, yearly seasonality, weekday and month indicators, holidays."""

    def __init__(self) -> None:
        self.year_mean: float | None = None
        self.year_std: float | None = None

    def fit(self, df: pd.DataFrame) -> "FeatureBuilder":
        self.year_mean = float(df["year"].mean())
        self.year_std = float(df["year"].std())
        return self

    def transform(self, df: pd.DataFrame) -> pd.DataFrame:
        date = pd.to_datetime(df["date"])
        out = pd.DataFrame(index=df.index)
        out["trend"] = (df["year"] - self.year_mean) / self.year_std
        out["doy_sin"] = np.sin(2 * np.pi * df["day_of_year"] / 365.25)
        out["doy_cos"] = np.cos(2 * np.pi * df["day_of_year"] / 365.25)
        out["dom"] = df["day_of_month"]
        md = date.dt.strftime("%m-%d")
        out["holiday"] = md.isin(["01-01", "07-04", "12-25", "12-24", "12-31", "11-11"]).astype(int)
        out["thanksgiving"] = ((date.dt.month == 11) & (date.dt.dayofweek == 3) & (date.dt.day >= 22)).astype(int)
        out["wday"] = df["wday"]
        out["month"] = df["month"].astype(str)
        return pd.get_dummies(out, columns=["wday", "month"])


class DataModule:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.fb = FeatureBuilder()

    def setup(self) -> None:
        train = pd.read_csv(self.cfg.input_dir / "train.csv").sort_values("date").reset_index(drop=True)
        test = pd.read_csv(self.cfg.input_dir / "test.csv")
        n_val = int(len(train) * self.cfg.val_frac)
        fit_part, val_part = train.iloc[:-n_val], train.iloc[-n_val:]
        logger.info("fit: %s .. %s (%d days) | val: %s .. %s (%d days)",
                    fit_part["date"].iloc[0], fit_part["date"].iloc[-1], len(fit_part),
                    val_part["date"].iloc[0], val_part["date"].iloc[-1], len(val_part))
        self.fb.fit(fit_part)
        feats_fit = self.fb.transform(fit_part)
        self.columns = feats_fit.columns
        feats_val = self.fb.transform(val_part).reindex(columns=self.columns, fill_value=0)
        feats_test = self.fb.transform(test).reindex(columns=self.columns, fill_value=0)
        logger.info("%d features: %s", len(self.columns), list(self.columns))

        self.y_mean = float(fit_part[self.cfg.target].mean())
        self.y_std = float(fit_part[self.cfg.target].std())
        self.X_fit = torch.tensor(feats_fit.values, dtype=torch.float32)
        self.X_val = torch.tensor(feats_val.values, dtype=torch.float32)
        self.X_test = torch.tensor(feats_test.values, dtype=torch.float32)
        self.y_fit = torch.tensor(((fit_part[self.cfg.target] - self.y_mean) / self.y_std).values, dtype=torch.float32)
        self.y_val = val_part[self.cfg.target].to_numpy(float)
        self.test_ids = test["id"].to_numpy()

    def train_loader(self) -> DataLoader:
        return DataLoader(TensorDataset(self.X_fit, self.y_fit), batch_size=self.cfg.batch_size, shuffle=True)


class Regressor(nn.Module):
    def __init__(self, d_in: int, hidden: int) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x).squeeze(-1)


class Trainer:
    def __init__(self, cfg: Config, dm: DataModule) -> None:
        self.cfg, self.dm = cfg, dm
        self.model = Regressor(dm.X_fit.shape[1], cfg.hidden)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)
        self.loss_fn = nn.L1Loss()

    @torch.no_grad()
    def predict(self, X: torch.Tensor) -> np.ndarray:
        self.model.eval()
        return self.model(X).numpy() * self.dm.y_std + self.dm.y_mean

    def fit(self) -> float:
        best_mae = float("inf")
        for epoch in range(1, self.cfg.epochs + 1):
            self.model.train()
            for xb, yb in self.dm.train_loader():
                self.opt.zero_grad()
                loss = self.loss_fn(self.model(xb), yb)
                loss.backward()
                self.opt.step()
            mae = float(np.mean(np.abs(self.predict(self.dm.X_val) - self.dm.y_val)))
            if mae < best_mae:
                best_mae = mae
                torch.save(self.model.state_dict(), self.cfg.ckpt_file)
            if epoch % 10 == 0:
                logger.info("epoch %3d | last batch L1 %.4f | val MAE %.1f", epoch, loss.item(), mae)
        self.model.load_state_dict(torch.load(self.cfg.ckpt_file))
        return best_mae


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = Config()
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=cfg.epochs)
    parser.add_argument("--hidden", type=int, default=cfg.hidden)
    parser.add_argument("--lr", type=float, default=cfg.lr)
    ns = parser.parse_args()
    cfg.epochs, cfg.hidden, cfg.lr = ns.epochs, ns.hidden, ns.lr
    torch.manual_seed(cfg.seed)
    cfg.ckpt_file.parent.mkdir(parents=True, exist_ok=True)

    dm = DataModule(cfg)
    dm.setup()
    trainer = Trainer(cfg, dm)
    best_mae = trainer.fit()
    logger.info("Validation MAE (last 20%% of days): %.2f", best_mae)

    pred = trainer.predict(dm.X_test)
    cfg.submission_file.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": dm.test_ids, cfg.target: pred}).to_csv(cfg.submission_file, index=False)
    (cfg.ckpt_file.parent / "metrics.json").write_text(json.dumps({"val_mae": best_mae}))
    logger.info("saved %d predictions", len(pred))


if __name__ == "__main__":
    main()
