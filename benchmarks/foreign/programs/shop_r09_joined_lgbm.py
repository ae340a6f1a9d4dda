"""Shop unit sales job: join stores/products/weather, LightGBM on log1p(units), time-ordered holdout."""
from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass, asdict, field
from pathlib import Path

import joblib
import lightgbm as lgb
import numpy as np
import pandas as pd

logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(message)s", datefmt="%Y-%m-%d %H:%M:%S")
logger = logging.getLogger("shop_sales")


@dataclass
class Config:
    input_dir: Path = Path("input")
    artifact_dir: Path = Path("working") / "shop_sales"
    seed: int = 17
    holdout_frac: float = 0.2
    lgb_params: dict = field(
        default_factory=lambda: {
            "objective": "regression",
            "learning_rate": 0.04,
            "num_leaves": 31,
            "min_child_samples": 20,
            "feature_fraction": 0.85,
            "bagging_fraction": 0.85,
            "bagging_freq": 1,
            "lambda_l2": 1.0,
            "verbose": -1,
        }
    )
    num_boost_round: int = 600
    categorical: tuple[str, ...] = ("store_id", "product_id", "store_type", "city", "category")


def load(cfg: Config) -> dict[str, pd.DataFrame]:
    tables = {name: pd.read_csv(cfg.input_dir / f"{name}.csv") for name in ("train", "test", "stores", "products", "weather")}
    for name, t in tables.items():
        logger.info("%-8s %s", name, t.shape)
    return tables


def build_features(df: pd.DataFrame, t: dict[str, pd.DataFrame], cfg: Config) -> pd.DataFrame:
    stores = t["stores"].assign(opened=lambda s: pd.to_datetime(s["opened"]))
    weather = t["weather"].assign(date=lambda w: pd.to_datetime(w["date"]))
    out = df.assign(date=pd.to_datetime(df["date"]))
    out = out.merge(stores, on="store_id", how="left", validate="many_to_one")
    out = out.merge(t["products"], on="product_id", how="left", validate="many_to_one")
    out = out.merge(weather, on=["date", "city"], how="left", validate="many_to_one")

    out["dow"] = out["date"].dt.weekday
    out["month"] = out["date"].dt.month
    out["doy"] = out["date"].dt.dayofyear
    out["is_weekend"] = (out["dow"] >= 5).astype(int)
    out["store_age_days"] = (out["date"] - out["opened"]).dt.days
    out["price_ratio"] = out["price"] / out["base_price"]
    out["discount"] = 1.0 - out["price_ratio"]
    out["rainy"] = (out["rain_mm"] > 1.0).astype(int)
    for c in cfg.categorical:
        out[c] = out[c].astype("category")
    return out


FEATURES = [
    "store_id", "product_id", "store_type", "city", "category", "size_sqm", "promo", "price", "base_price",
    "price_ratio", "discount", "temp_c", "rain_mm", "rainy", "dow", "month", "doy", "is_weekend", "store_age_days",
]


def rmsle(y: np.ndarray, p: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.log1p(np.clip(p, 0, None)) - np.log1p(y)) ** 2)))


def train(cfg: Config, X: pd.DataFrame, y: pd.Series, rounds: int) -> lgb.Booster:
    params = {**cfg.lgb_params, "seed": cfg.seed}
    return lgb.train(params, lgb.Dataset(X, label=np.log1p(y)), num_boost_round=rounds)


def evaluate(cfg: Config, X: pd.DataFrame, y: pd.Series, dates: pd.Series) -> tuple[float, int]:
    cutoff = dates.quantile(1 - cfg.holdout_frac)
    fit_mask = (dates < cutoff).to_numpy()
    params = {**cfg.lgb_params, "seed": cfg.seed}
    dtrain = lgb.Dataset(X[fit_mask], label=np.log1p(y[fit_mask]))
    dvalid = lgb.Dataset(X[~fit_mask], label=np.log1p(y[~fit_mask]), reference=dtrain)
    booster = lgb.train(
        params, dtrain, num_boost_round=cfg.num_boost_round, valid_sets=[dvalid],
        callbacks=[lgb.early_stopping(50, verbose=False)],
    )
    pred = np.expm1(booster.predict(X[~fit_mask], num_iteration=booster.best_iteration))
    score = rmsle(y[~fit_mask].to_numpy(), pred)
    logger.info("holdout from %s: %d rows, best_iter=%d, RMSLE=%.4f", cutoff.date(), (~fit_mask).sum(), booster.best_iteration, score)
    return score, booster.best_iteration


def main() -> None:
    cfg = Config()
    random.seed(cfg.seed)
    np.random.seed(cfg.seed)

    t = load(cfg)
    train_df = build_features(t["train"], t, cfg)
    test_df = build_features(t["test"], t, cfg)
    logger.info("weather matched for %.1f%% of train rows", 100 * train_df["temp_c"].notna().mean())

    X, y = train_df[FEATURES], train_df["units"]
    score, best_iter = evaluate(cfg, X, y, train_df["date"])

    final_rounds = int(best_iter * 1.1) + 1
    booster = train(cfg, X, y, final_rounds)
    preds = np.clip(np.expm1(booster.predict(test_df[FEATURES])), 0, None)

    cfg.artifact_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(booster, cfg.artifact_dir / "booster.joblib")
    pd.DataFrame({"feature": FEATURES, "gain": booster.feature_importance("gain")}).sort_values(
        "gain", ascending=False
    ).to_csv(cfg.artifact_dir / "feature_importance.csv", index=False)
    (cfg.artifact_dir / "metrics.json").write_text(
        json.dumps({"holdout_rmsle": score, "final_rounds": final_rounds, "seed": cfg.seed}, indent=2)
    )

    sub = pd.DataFrame({"id": t["test"]["id"], "units": preds})
    Path("submission").mkdir(exist_ok=True)
    sub.to_csv("submission/submission.csv", index=False)
    logger.info("submission: %d rows, mean units %.2f (train mean %.2f)", len(sub), sub["units"].mean(), y.mean())


if __name__ == "__main__":
    main()
