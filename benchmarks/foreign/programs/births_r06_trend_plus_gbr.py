"""Daily US births forecast: linear trend + gradient boosting on residual calendar effects."""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error

logging.basicConfig(level=logging.INFO, format="%(asctime)s | %(levelname)-7s | %(message)s")
logger = logging.getLogger("births")


@dataclass
class Config:
    input_dir: Path = Path("input")
    out_dir: Path = Path("output")
    submission_path: Path = Path("submission") / "submission.csv"
    target: str = "births"
    seed: int = 99
    valid_days: int = 730
    gbr_params: dict = field(
        default_factory=lambda: {"n_estimators": 400, "max_depth": 4, "learning_rate": 0.05, "subsample": 0.8}
    )


FEATURES = ["day_of_week", "month", "day_of_month", "day_of_year", "is_fixed_holiday", "is_thanksgiving",
            "is_labor_day", "is_memorial_day", "near_xmas", "days_to_new_year"]


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("train: %d rows, test: %d rows", len(train), len(test))
    return train, test


def build_features(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    out["date"] = pd.to_datetime(out["date"], format="%Y-%m-%d")
    out["t"] = (out["date"] - pd.Timestamp("1969-01-01")).dt.days
    md = out["date"].dt.strftime("%m-%d")
    out["is_fixed_holiday"] = md.isin(["01-01", "07-04", "12-25", "12-24", "12-31", "11-11"]).astype(int)
    dom = out["date"].dt.day
    dow = out["date"].dt.dayofweek
    mon = out["date"].dt.month
    out["is_thanksgiving"] = ((mon == 11) & (dow == 3) & (dom >= 22) & (dom <= 28)).astype(int)
    out["is_labor_day"] = ((mon == 9) & (dow == 0) & (dom <= 7)).astype(int)
    out["is_memorial_day"] = ((mon == 5) & (dow == 0) & (dom >= 25)).astype(int)
    out["near_xmas"] = ((mon == 12) & (dom >= 20)).astype(int)
    next_ny = pd.to_datetime((out["date"].dt.year + 1).astype(str) + "-01-01")
    out["days_to_new_year"] = (next_ny - out["date"]).dt.days
    return out


def train(cfg: Config, df: pd.DataFrame) -> tuple[LinearRegression, GradientBoostingRegressor]:
    trend = LinearRegression().fit(df[["t"]], df[cfg.target])
    resid = df[cfg.target] - trend.predict(df[["t"]])
    gbr = GradientBoostingRegressor(random_state=cfg.seed, **cfg.gbr_params).fit(df[FEATURES], resid)
    return trend, gbr


def predict(models: tuple[LinearRegression, GradientBoostingRegressor], df: pd.DataFrame) -> np.ndarray:
    trend, gbr = models
    return trend.predict(df[["t"]]) + gbr.predict(df[FEATURES])


def evaluate(cfg: Config, df: pd.DataFrame) -> float:
    df = df.sort_values("date").reset_index(drop=True)
    cutoff = df["date"].max() - pd.Timedelta(days=cfg.valid_days)
    fit_part, val_part = df[df["date"] <= cutoff], df[df["date"] > cutoff]
    logger.info("time split at %s: fit=%d valid=%d", cutoff.date(), len(fit_part), len(val_part))
    models = train(cfg, fit_part)
    mae = mean_absolute_error(val_part[cfg.target], predict(models, val_part))
    logger.info("validation MAE (last %d days): %.2f", cfg.valid_days, mae)
    return mae


def main() -> None:
    cfg = Config()
    random.seed(cfg.seed)
    np.random.seed(cfg.seed)

    train_df, test_df = load(cfg)
    train_df = build_features(train_df)
    test_df = build_features(test_df)

    evaluate(cfg, train_df)
    models = train(cfg, train_df)
    cfg.out_dir.mkdir(exist_ok=True)
    joblib.dump(models, cfg.out_dir / "births_models.joblib")

    preds = predict(models, test_df)
    pd.DataFrame({"id": test_df["id"], cfg.target: np.round(preds, 1)}).to_csv(cfg.submission_path, index=False)
    logger.info("wrote submission; predicted mean births/day = %.1f", preds.mean())


if __name__ == "__main__":
    main()
