"""Seattle weather type classification.

Validation follows time: the model is fit on the earliest 80% of days and
scored on the most recent 20%, then refit on everything for the test period.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

import joblib
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score
from sklearn.pipeline import Pipeline

log = logging.getLogger("seattle")


@dataclass
class TrainConfig:
    input_dir: Path = Path("input")
    submission_file: Path = Path("submission/submission.csv")
    output_dir: Path = Path("outputs")
    valid_fraction: float = 0.2
    n_estimators: int = 400
    max_depth: int | None = 8
    random_state: int = 13


class WeatherFeatures(BaseEstimator, TransformerMixin):
    """Calendar encodings plus a few physically motivated features."""

    def fit(self, X: pd.DataFrame, y=None):
        return self

    def transform(self, X: pd.DataFrame) -> np.ndarray:
        date = pd.to_datetime(X["date"], format="%Y-%m-%d")
        doy = date.dt.dayofyear.to_numpy()
        feats = pd.DataFrame({
            "precipitation": X["precipitation"].to_numpy(),
            "temp_max": X["temp_max"].to_numpy(),
            "temp_min": X["temp_min"].to_numpy(),
            "wind": X["wind"].to_numpy(),
            "temp_range": (X["temp_max"] - X["temp_min"]).to_numpy(),
            "log_precip": np.log1p(X["precipitation"].to_numpy()),
            "doy_sin": np.sin(2 * np.pi * doy / 365.25),
            "doy_cos": np.cos(2 * np.pi * doy / 365.25),
            "month": date.dt.month.to_numpy(),
        })
        return feats.to_numpy(dtype=np.float64)


def make_pipeline(cfg: TrainConfig) -> Pipeline:
    forest = RandomForestClassifier(
        n_estimators=cfg.n_estimators,
        max_depth=cfg.max_depth,
        min_samples_leaf=2,
        random_state=cfg.random_state,
        n_jobs=2,
    )
    return Pipeline([("features", WeatherFeatures()), ("forest", forest)])


def time_split(df: pd.DataFrame, frac: float) -> tuple[pd.DataFrame, pd.DataFrame]:
    df = df.sort_values("date").reset_index(drop=True)
    cut = int(len(df) * (1 - frac))
    return df.iloc[:cut], df.iloc[cut:]


def plot_class_balance(y_true: pd.Series, y_pred: np.ndarray, path: Path) -> None:
    counts = pd.DataFrame({"actual": y_true.value_counts(), "predicted": pd.Series(y_pred).value_counts()}).fillna(0)
    ax = counts.plot.bar(figsize=(6, 4), rot=0)
    ax.set_ylabel("days")
    ax.figure.tight_layout()
    ax.figure.savefig(path)
    plt.close(ax.figure)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(name)s] %(message)s")
    cfg = TrainConfig()
    cfg.output_dir.mkdir(parents=True, exist_ok=True)

    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    fit_df, valid_df = time_split(train, cfg.valid_fraction)
    log.info("fit %s..%s (%d rows), valid %s..%s (%d rows)",
             fit_df["date"].iloc[0], fit_df["date"].iloc[-1], len(fit_df),
             valid_df["date"].iloc[0], valid_df["date"].iloc[-1], len(valid_df))

    model = make_pipeline(cfg)
    model.fit(fit_df, fit_df["weather"])
    valid_pred = model.predict(valid_df)
    acc = accuracy_score(valid_df["weather"], valid_pred)
    print(f"Validation accuracy (time split): {acc:.4f}")
    plot_class_balance(valid_df["weather"], valid_pred, cfg.output_dir / "class_balance.png")

    model = make_pipeline(cfg).fit(train, train["weather"])
    submission = pd.DataFrame({"id": test["id"], "weather": model.predict(test)})
    submission.to_csv(cfg.submission_file, index=False)

    joblib.dump(model, cfg.output_dir / "weather_forest.joblib")
    with (cfg.output_dir / "metrics.json").open("w") as f:
        json.dump({"valid_accuracy": acc, "n_fit": len(fit_df), "n_valid": len(valid_df)}, f, indent=2)
    log.info("submission written: %s", cfg.submission_file)


if __name__ == "__main__":
    main()
