"""Daily US births forecast (MAE).

Model = linear long-run trend on the date + gradient-boosted calendar
effects fitted to the detrended series. Validated on the final two years
of the training period so that it has to extrapolate, like the test set.
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
from sklearn.base import BaseEstimator, RegressorMixin, TransformerMixin, clone
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error

logger = logging.getLogger("births")


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission: Path = Path("submission/submission.csv")
    out_dir: Path = Path("output")
    valid_start: str = "1983-01-01"
    seed: int = 5


class CalendarFeatures(BaseEstimator, TransformerMixin):
    """Numeric calendar features, including US holiday proximity flags."""

    def fit(self, X: pd.DataFrame, y=None):
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        d = pd.to_datetime(X["date"], format="%Y-%m-%d")
        feats = pd.DataFrame(index=X.index)
        feats["t"] = (d - pd.Timestamp("1969-01-01")).dt.days / 365.25
        feats["dow"] = X["day_of_week"]
        feats["doy"] = X["day_of_year"]
        feats["month"] = X["month"]
        feats["dom"] = X["day_of_month"]
        md = d.dt.month * 100 + d.dt.day
        feats["fixed_holiday"] = md.isin([101, 704, 1225, 1231, 1224, 1111]).astype(int)
        thanksgiving = (d.dt.month == 11) & (d.dt.dayofweek == 3) & d.dt.day.between(22, 28)
        labor_day = (d.dt.month == 9) & (d.dt.dayofweek == 0) & (d.dt.day <= 7)
        memorial = (d.dt.month == 5) & (d.dt.dayofweek == 0) & (d.dt.day >= 25)
        feats["moving_holiday"] = (thanksgiving | labor_day | memorial).astype(int)
        return feats


class TrendPlusSeasonality(BaseEstimator, RegressorMixin):
    def __init__(self, seasonal: HistGradientBoostingRegressor | None = None):
        self.seasonal = seasonal

    def fit(self, X: pd.DataFrame, y: np.ndarray):
        t = X[["t"]].to_numpy()
        self.trend_ = LinearRegression().fit(t, y)
        resid = y - self.trend_.predict(t)
        self.seasonal_ = clone(self.seasonal).fit(X.drop(columns="t"), resid)
        return self

    def predict(self, X: pd.DataFrame) -> np.ndarray:
        return self.trend_.predict(X[["t"]].to_numpy()) + self.seasonal_.predict(X.drop(columns="t"))


def make_model(cfg: Config) -> TrendPlusSeasonality:
    return TrendPlusSeasonality(
        HistGradientBoostingRegressor(
            loss="absolute_error", learning_rate=0.05, max_iter=500, max_leaf_nodes=31,
            categorical_features=[0], early_stopping=False, random_state=cfg.seed,
        )
    )


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = Config()
    cfg.out_dir.mkdir(parents=True, exist_ok=True)

    train = pd.read_csv(cfg.input_dir / "train.csv").sort_values("date").reset_index(drop=True)
    test = pd.read_csv(cfg.input_dir / "test.csv")
    cal = CalendarFeatures()
    X_all, y_all = cal.transform(train), train["births"].to_numpy(dtype=float)

    is_valid = (train["date"] >= cfg.valid_start).to_numpy()
    model = make_model(cfg).fit(X_all[~is_valid], y_all[~is_valid])
    pred_valid = model.predict(X_all[is_valid])
    mae = mean_absolute_error(y_all[is_valid], pred_valid)
    print(f"Validation MAE (from {cfg.valid_start}): {mae:.2f}")

    fig, ax = plt.subplots(figsize=(10, 3))
    ax.plot(pd.to_datetime(train.loc[is_valid, "date"]), y_all[is_valid], lw=0.6, label="actual")
    ax.plot(pd.to_datetime(train.loc[is_valid, "date"]), pred_valid, lw=0.6, label="predicted")
    ax.legend()
    fig.tight_layout()
    fig.savefig(cfg.out_dir / "validation.png", dpi=90)
    plt.close(fig)

    final = make_model(cfg).fit(X_all, y_all)
    test_pred = final.predict(cal.transform(test))
    pd.DataFrame({"id": test["id"], "births": test_pred}).to_csv(cfg.submission, index=False)
    joblib.dump(final, cfg.out_dir / "births_model.joblib")
    (cfg.out_dir / "metrics.json").write_text(json.dumps({"valid_mae": mae, "valid_start": cfg.valid_start}))
    logger.info("trend slope: %.1f births/day per year", final.trend_.coef_[0])


if __name__ == "__main__":
    main()
