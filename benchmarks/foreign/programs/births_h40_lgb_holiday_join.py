"""Daily births: LightGBM (linear trees) with a holiday calendar joined onto each day."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.metrics import mean_absolute_error
from sklearn.model_selection import TimeSeriesSplit
from sklearn.pipeline import Pipeline

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s | %(message)s")
LOG = logging.getLogger("births.lgb")

CONFIG: dict[str, Any] = {
    "input": Path("./input"),
    "output": Path("./submission/submission.csv"),
    "target": "births",
    "splits": 3,
    "fixed_holidays": {(1, 1): "new_year", (7, 4): "july4", (12, 24): "xmas_eve",
                       (12, 25): "xmas", (12, 26): "boxing", (12, 31): "nye"},
    "lgb": {
        "objective": "regression",
        "n_estimators": 600,
        "learning_rate": 0.03,
        "num_leaves": 31,
        "min_child_samples": 10,
        "linear_tree": True,
        "linear_lambda": 1.0,
        "verbose": -1,
        "n_jobs": 2,
        "random_state": 5,
    },
}


def thanksgiving(year: int) -> pd.Timestamp:
    nov = pd.date_range(f"{year}-11-01", f"{year}-11-30", freq="D")
    return nov[nov.day_of_week == 3][3]


def labor_day(year: int) -> pd.Timestamp:
    sep = pd.date_range(f"{year}-09-01", f"{year}-09-07", freq="D")
    return sep[sep.day_of_week == 0][0]


def memorial_day(year: int) -> pd.Timestamp:
    may = pd.date_range(f"{year}-05-25", f"{year}-05-31", freq="D")
    return may[may.day_of_week == 0][-1]


def build_calendar(first_year: int, last_year: int, fixed: dict[tuple[int, int], str]) -> pd.DataFrame:
    records: list[dict[str, Any]] = []
    for year in range(first_year, last_year + 1):
        for (month, day), name in fixed.items():
            records.append({"date": pd.Timestamp(year, month, day), "holiday": name})
        records.append({"date": thanksgiving(year), "holiday": "thanksgiving"})
        records.append({"date": thanksgiving(year) + pd.Timedelta(days=1), "holiday": "black_friday"})
        records.append({"date": labor_day(year), "holiday": "labor"})
        records.append({"date": memorial_day(year), "holiday": "memorial"})
    cal = pd.DataFrame.from_records(records)
    cal["holiday_code"] = cal["holiday"].astype("category").cat.codes + 1
    return cal


class HolidayJoiner(BaseEstimator, TransformerMixin):
    """Left-joins the holiday calendar on the date column; non-holidays get code 0."""

    def __init__(self, fixed: dict[tuple[int, int], str]):
        self.fixed = fixed

    def fit(self, X: pd.DataFrame, y=None) -> "HolidayJoiner":
        self.calendar_ = build_calendar(1965, 1995, self.fixed)
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        merged = X.merge(self.calendar_[["date", "holiday_code"]], on="date", how="left")
        merged["holiday_code"] = merged["holiday_code"].fillna(0).astype(int)
        merged.index = X.index
        return merged


class CalendarEncoder(BaseEstimator, TransformerMixin):
    """Numeric design matrix for the booster."""

    columns = ["year", "month", "day_of_year", "day_of_month", "day_of_week", "holiday_code", "t"]

    def fit(self, X: pd.DataFrame, y=None) -> "CalendarEncoder":
        self.origin_ = int(X["year"].min())
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        out["t"] = (out["year"] - self.origin_) + out["day_of_year"] / 366.0
        return out[self.columns].astype(float)


class Trainer:
    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config

    def pipeline(self) -> Pipeline:
        return Pipeline(
            [
                ("holidays", HolidayJoiner(self.config["fixed_holidays"])),
                ("encode", CalendarEncoder()),
                ("model", lgb.LGBMRegressor(**self.config["lgb"])),
            ]
        )

    def backtest(self, frame: pd.DataFrame) -> float:
        y = frame[self.config["target"]]
        maes: list[float] = []
        for i, (tr, va) in enumerate(TimeSeriesSplit(n_splits=self.config["splits"]).split(frame)):
            LOG.info("split %d: train ..%s, validate %s..%s", i, frame["date"].iloc[tr[-1]],
                     frame["date"].iloc[va[0]], frame["date"].iloc[va[-1]])
            pipe = self.pipeline().fit(frame.iloc[tr], y.iloc[tr])
            maes.append(mean_absolute_error(y.iloc[va], pipe.predict(frame.iloc[va])))
            LOG.info("split %d: mae %.1f", i, maes[-1])
        return float(np.mean(maes))

    def fit(self, frame: pd.DataFrame) -> Pipeline:
        return self.pipeline().fit(frame, frame[self.config["target"]])


def main() -> None:
    train = pd.read_csv(CONFIG["input"] / "train.csv").sort_values("date").reset_index(drop=True)
    test = pd.read_csv(CONFIG["input"] / "test.csv")
    LOG.info("train rows %d, test rows %d", len(train), len(test))

    trainer = Trainer(CONFIG)
    mae = trainer.backtest(train)
    print(f"Backtest MAE: {mae:.1f}")

    model = trainer.fit(train)
    preds = model.predict(test)
    CONFIG["output"].parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], "births": preds}).to_csv(CONFIG["output"], index=False)
    LOG.info("saved %s", CONFIG["output"])


if __name__ == "__main__":
    main()
