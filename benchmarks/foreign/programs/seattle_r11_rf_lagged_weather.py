"""Seattle weather label job: seasonal + lagged meteorological features, random forest, time holdout."""
from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score, confusion_matrix

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(funcName)s: %(message)s")
logger = logging.getLogger(__name__)


@dataclass
class Config:
    input_dir: Path = Path("input")
    output_dir: Path = Path("working/artifacts")
    seed: int = 2012
    holdout_days: int = 200
    n_estimators: int = 300
    min_samples_leaf: int = 3
    max_features: str = "sqrt"


BASE = ["precipitation", "temp_max", "temp_min", "wind"]


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv", parse_dates=["date"])
    test = pd.read_csv(cfg.input_dir / "test.csv", parse_dates=["date"])
    logger.info("train %s -> %s (%d rows)", train["date"].min().date(), train["date"].max().date(), len(train))
    logger.info("test  %s -> %s (%d rows)", test["date"].min().date(), test["date"].max().date(), len(test))
    return train, test


def build_features(train: pd.DataFrame, test: pd.DataFrame) -> pd.DataFrame:
    full = pd.concat([train.assign(part="train"), test.assign(part="test")], ignore_index=True)
    full = full.sort_values("date").reset_index(drop=True)
    full["temp_range"] = full["temp_max"] - full["temp_min"]
    full["temp_mean"] = (full["temp_max"] + full["temp_min"]) / 2
    doy = full["date"].dt.day_of_year
    full["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    full["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    full["month"] = full["date"].dt.month
    full["days_since_start"] = (full["date"] - full["date"].min()).dt.days
    full["wet"] = (full["precipitation"] > 0).astype(int)
    for col in BASE + ["wet"]:
        full[f"{col}_lag1"] = full[col].shift(1)
        full[f"{col}_lead1"] = full[col].shift(-1)
    full["precip_roll3"] = full["precipitation"].rolling(3, center=True, min_periods=1).mean()
    full["wet_days_7"] = full["wet"].rolling(7, min_periods=1).sum()
    return full.bfill().ffill()


def feature_columns(full: pd.DataFrame) -> list[str]:
    skip = {"id", "date", "weather", "part"}
    return [c for c in full.columns if c not in skip]


def make_model(cfg: Config) -> RandomForestClassifier:
    return RandomForestClassifier(
        n_estimators=cfg.n_estimators,
        min_samples_leaf=cfg.min_samples_leaf,
        max_features=cfg.max_features,
        random_state=cfg.seed,
        n_jobs=2,
    )


def evaluate(cfg: Config, tr: pd.DataFrame, feats: list[str]) -> float:
    cutoff = tr["date"].max() - pd.Timedelta(days=cfg.holdout_days)
    fit, val = tr[tr["date"] <= cutoff], tr[tr["date"] > cutoff]
    model = make_model(cfg).fit(fit[feats], fit["weather"])
    pred = model.predict(val[feats])
    acc = accuracy_score(val["weather"], pred)
    labels = sorted(tr["weather"].unique())
    cm = pd.DataFrame(confusion_matrix(val["weather"], pred, labels=labels), index=labels, columns=labels)
    logger.info("holdout after %s (%d days)\n%s", cutoff.date(), len(val), cm.to_string())
    logger.info("holdout accuracy: %.4f (majority baseline %.4f)", acc, (val["weather"] == "sun").mean())
    return acc


def main() -> None:
    cfg = Config()
    random.seed(cfg.seed)
    np.random.seed(cfg.seed)

    train, test = load(cfg)
    full = build_features(train, test)
    feats = feature_columns(full)
    tr = full[full["part"] == "train"].reset_index(drop=True)
    te = full[full["part"] == "test"].reset_index(drop=True)
    logger.info("%d features: %s", len(feats), ", ".join(feats))

    acc = evaluate(cfg, tr, feats)
    model = make_model(cfg).fit(tr[feats], tr["weather"])

    cfg.output_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.output_dir / "rf_weather.joblib")
    pd.Series(model.feature_importances_, index=feats).sort_values(ascending=False).to_csv(
        cfg.output_dir / "feature_importance.csv", header=["importance"]
    )
    (cfg.output_dir / "metrics.json").write_text(json.dumps({"holdout_accuracy": acc}))

    sub = pd.DataFrame({"id": te["id"].astype(int), "weather": model.predict(te[feats])})
    sub_path = Path("submission") / "submission.csv"
    sub_path.parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(sub_path, index=False)
    logger.info("prediction counts: %s", sub["weather"].value_counts().to_dict())


if __name__ == "__main__":
    main()
