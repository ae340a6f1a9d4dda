"""Daily births: linear long-term trend x gradient-boosted calendar multiplier.

Trees cannot extrapolate the level into the future years of test.csv, so the level is
handled by a linear trend and the boosted model only learns the calendar ratio to it.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, RegressorMixin, TransformerMixin
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error
from sklearn.pipeline import Pipeline

logger = logging.getLogger("births.trend_hgb")


@dataclass(frozen=True)
class Config:
    input_dir: Path = Path("./input")
    submission_path: Path = Path("./submission/submission.csv")
    valid_from: str = "1982-01-01"
    trend_window_years: int = 8
    max_iter: int = 400
    learning_rate: float = 0.05
    max_leaf_nodes: int = 31
    seed: int = 0


def nth_weekday(year: int, month: int, weekday: int, n: int) -> pd.Timestamp:
    """n-th given weekday (Mon=0) of a month; n=-1 means the last one."""
    days = pd.date_range(f"{year}-{month:02d}-01", periods=31, freq="D")
    days = days[(days.month == month) & (days.day_of_week == weekday)]
    return days[n]


def holiday_table(years: range) -> pd.DataFrame:
    rows: list[tuple[pd.Timestamp, str]] = []
    for y in years:
        rows += [
            (pd.Timestamp(y, 1, 1), "new_year"),
            (pd.Timestamp(y, 7, 4), "independence"),
            (pd.Timestamp(y, 12, 24), "christmas_eve"),
            (pd.Timestamp(y, 12, 25), "christmas"),
            (pd.Timestamp(y, 12, 31), "new_year_eve"),
            (nth_weekday(y, 5, 0, -1), "memorial"),
            (nth_weekday(y, 9, 0, 0), "labor"),
            (nth_weekday(y, 11, 3, 3), "thanksgiving"),
        ]
    table = pd.DataFrame(rows, columns=["date", "holiday"])
    return table


class CalendarFeatures(BaseEstimator, TransformerMixin):
    """Numeric calendar features including distance to the nearest holiday."""

    def fit(self, X: pd.DataFrame, y=None) -> "CalendarFeatures":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        dates = pd.to_datetime(X["date"], format="%Y-%m-%d")
        hol = holiday_table(range(dates.dt.year.min() - 1, dates.dt.year.max() + 2))
        hol_days = np.sort(hol["date"].to_numpy(dtype="datetime64[D]").astype(np.int64))
        day_num = dates.to_numpy(dtype="datetime64[D]").astype(np.int64)
        pos = np.searchsorted(hol_days, day_num)
        after = hol_days[np.clip(pos, 0, len(hol_days) - 1)] - day_num
        before = day_num - hol_days[np.clip(pos - 1, 0, len(hol_days) - 1)]

        feats = pd.DataFrame(index=X.index)
        feats["dow"] = dates.dt.day_of_week
        feats["doy"] = dates.dt.day_of_year
        feats["dom"] = dates.dt.day
        feats["month"] = dates.dt.month
        feats["days_to_holiday"] = np.clip(after, 0, 15)
        feats["days_from_holiday"] = np.clip(before, 0, 15)
        feats["is_holiday"] = dates.isin(hol["date"]).astype(int).to_numpy()
        feats["leap_day"] = ((dates.dt.month == 2) & (dates.dt.day == 29)).astype(int)
        return feats


class TrendTimesRatio(BaseEstimator, RegressorMixin):
    """Fits a linear trend on recent years, then a regressor on y / trend over the same years."""

    def __init__(self, ratio_model: Pipeline, window_years: int = 8):
        self.ratio_model = ratio_model
        self.window_years = window_years

    @staticmethod
    def _t(X: pd.DataFrame) -> np.ndarray:
        d = pd.to_datetime(X["date"], format="%Y-%m-%d")
        return (d.dt.year + (d.dt.day_of_year - 1) / 365.25).to_numpy().reshape(-1, 1)

    def fit(self, X: pd.DataFrame, y: pd.Series) -> "TrendTimesRatio":
        t = self._t(X)
        recent = t[:, 0] >= t[:, 0].max() - self.window_years
        self.trend_ = LinearRegression().fit(t[recent], np.asarray(y)[recent])
        ratio = np.asarray(y)[recent] / self.trend_.predict(t[recent])
        self.ratio_model.fit(X.loc[recent], ratio)
        return self

    def predict(self, X: pd.DataFrame) -> np.ndarray:
        return self.trend_.predict(self._t(X)) * self.ratio_model.predict(X)


class Trainer:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg

    def build(self) -> TrendTimesRatio:
        ratio = Pipeline(
            [
                ("calendar", CalendarFeatures()),
                ("hgb", HistGradientBoostingRegressor(
                    loss="absolute_error", max_iter=self.cfg.max_iter,
                    learning_rate=self.cfg.learning_rate, max_leaf_nodes=self.cfg.max_leaf_nodes,
                    random_state=self.cfg.seed,
                )),
            ]
        )
        return TrendTimesRatio(ratio, window_years=self.cfg.trend_window_years)

    def time_holdout(self, train: pd.DataFrame) -> float:
        is_valid = train["date"] >= self.cfg.valid_from
        fit_part, val_part = train[~is_valid], train[is_valid]
        model = self.build().fit(fit_part, fit_part["births"])
        mae = mean_absolute_error(val_part["births"], model.predict(val_part))
        logger.info("holdout %s..%s (%d days)", val_part["date"].min(), val_part["date"].max(), len(val_part))
        return float(mae)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s [%(name)s] %(message)s")
    cfg = Config()
    train = pd.read_csv(cfg.input_dir / "train.csv").sort_values("date").reset_index(drop=True)
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("train %s .. %s, test %s .. %s", train["date"].min(), train["date"].max(),
                test["date"].min(), test["date"].max())

    trainer = Trainer(cfg)
    mae = trainer.time_holdout(train)
    print(f"Validation MAE: {mae:.1f}")

    model = trainer.build().fit(train, train["births"])
    preds = model.predict(test)
    cfg.submission_path.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], "births": preds}).to_csv(cfg.submission_path, index=False)
    logger.info("submission written (%d rows, mean %.0f)", len(preds), preds.mean())


if __name__ == "__main__":
    main()
