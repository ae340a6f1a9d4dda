"""Daily births: detrended LightGBM with Fourier terms, holiday flags and year-blocked lgb.cv."""
import argparse
import json
import logging
from dataclasses import dataclass, asdict
from pathlib import Path

import numpy as np
import pandas as pd
import lightgbm as lgb

log = logging.getLogger("births")


@dataclass
class Config:
    input_dir: Path = Path("input")
    output_dir: Path = Path("submission")
    n_harmonics: int = 4
    valid_years: int = 3
    learning_rate: float = 0.03
    num_leaves: int = 15
    rounds: int = 3000
    seed: int = 3


class FourierFeatures:
    def __init__(self, k: int, period: float = 365.25):
        self.k, self.period = k, period

    def transform(self, t: pd.Series) -> pd.DataFrame:
        out = {}
        for i in range(1, self.k + 1):
            out[f"sin{i}"] = np.sin(2 * np.pi * i * t / self.period)
            out[f"cos{i}"] = np.cos(2 * np.pi * i * t / self.period)
        return pd.DataFrame(out, index=t.index)


class HolidayFeatures:
    """Fixed-date and rule-based US holidays and their neighbours."""

    FIXED = [(1, 1), (7, 4), (12, 25), (12, 24), (12, 31), (11, 11)]

    @staticmethod
    def nth_weekday(year, month, weekday, n):
        d = pd.Timestamp(year=year, month=month, day=1)
        shift = (weekday - d.weekday()) % 7
        if n > 0:
            return d + pd.Timedelta(days=shift + 7 * (n - 1))
        last = pd.Timestamp(year=year, month=month, day=d.days_in_month)
        return last - pd.Timedelta(days=(last.weekday() - weekday) % 7)

    def holidays(self, years):
        days = []
        for y in years:
            days += [pd.Timestamp(year=y, month=m, day=d) for m, d in self.FIXED]
            days.append(self.nth_weekday(y, 9, 0, 1))    # Labor day
            days.append(self.nth_weekday(y, 5, 0, -1))   # Memorial day
            days.append(self.nth_weekday(y, 11, 3, 4))   # Thanksgiving
            days.append(self.nth_weekday(y, 11, 3, 4) + pd.Timedelta(days=1))
        return pd.DatetimeIndex(days)

    def transform(self, dates: pd.Series) -> pd.DataFrame:
        hol = self.holidays(range(dates.dt.year.min() - 1, dates.dt.year.max() + 2))
        hol_set = set(hol)
        out = pd.DataFrame(index=dates.index)
        out["holiday"] = dates.isin(hol_set).astype(int)
        out["hol_prev"] = (dates + pd.Timedelta(days=1)).isin(hol_set).astype(int)
        out["hol_next"] = (dates - pd.Timedelta(days=1)).isin(hol_set).astype(int)
        sorted_h = np.sort(hol.values)
        pos = np.searchsorted(sorted_h, dates.values)
        nxt = sorted_h[np.clip(pos, 0, len(sorted_h) - 1)]
        out["days_to_holiday"] = ((nxt - dates.values) / np.timedelta64(1, "D")).clip(0, 30)
        return out


class TrendModel:
    """Linear trend in time, fitted on the training years, removed before the trees."""

    def fit(self, t, y):
        self.coef = np.polyfit(t, y, 1)
        return self

    def predict(self, t):
        return np.polyval(self.coef, t)


def build_features(df, cfg):
    d = pd.to_datetime(df["date"])
    t = (d - pd.Timestamp("1969-01-01")).dt.days
    base = pd.DataFrame({"dow": d.dt.weekday, "month": d.dt.month, "dom": d.dt.day, "doy": d.dt.dayofyear,
                         "is_leap": d.dt.is_leap_year.astype(int)}, index=df.index)
    return pd.concat([base, FourierFeatures(cfg.n_harmonics).transform(t), HolidayFeatures().transform(d)], axis=1), t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input-dir", type=Path, default=Config.input_dir)
    ap.add_argument("--output-dir", type=Path, default=Config.output_dir)
    ap.add_argument("--valid-years", type=int, default=Config.valid_years)
    ap.add_argument("--learning-rate", type=float, default=Config.learning_rate)
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if a.verbose else logging.INFO, format="[%(name)s] %(message)s")
    cfg = Config(input_dir=a.input_dir, output_dir=a.output_dir, valid_years=a.valid_years, learning_rate=a.learning_rate)

    train = pd.read_csv(cfg.input_dir / "train.csv").sort_values("date").reset_index(drop=True)
    test = pd.read_csv(cfg.input_dir / "test.csv")
    Xtr, ttr = build_features(train, cfg)
    Xte, tte = build_features(test, cfg)
    y = train["births"].to_numpy(dtype=float)
    years = train["year"].to_numpy()

    # year-blocked forward folds: train on all years before, validate on one year
    last = years.max()
    folds = []
    for vy in range(last - cfg.valid_years + 1, last + 1):
        folds.append((np.where(years < vy)[0], np.where(years == vy)[0]))
    log.info("folds: %s", [(len(a_), len(b_)) for a_, b_ in folds])

    # trend fitted on all training rows (same for every fold: mild leakage of slope only)
    trend = TrendModel().fit(ttr, y)
    resid = y - trend.predict(ttr)

    params = {"objective": "l1", "learning_rate": cfg.learning_rate, "num_leaves": cfg.num_leaves,
              "min_data_in_leaf": 20, "feature_fraction": 0.9, "seed": cfg.seed, "verbose": -1,
              "num_threads": 1, "metric": "l1"}
    ds = lgb.Dataset(Xtr, resid, free_raw_data=False)
    cvres = lgb.cv(params, ds, num_boost_round=cfg.rounds, folds=folds, stratified=False,
                   callbacks=[lgb.early_stopping(150, verbose=False), lgb.log_evaluation(250)])
    key = [k for k in cvres if k.endswith("l1-mean")][0]
    best = len(cvres[key])
    mae, sd = cvres[key][-1], cvres[key.replace("mean", "stdv")][-1]
    print(f"CV MAE = {mae:.1f} +/- {sd:.1f}  (best rounds {best})")

    booster = lgb.train(params, ds, num_boost_round=best)
    pred = trend.predict(tte) + booster.predict(Xte)

    cfg.output_dir.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], "births": pred}).to_csv(cfg.output_dir / "submission.csv", index=False)
    with open(cfg.output_dir / "results.json", "w") as f:
        json.dump({"cv_mae": mae, "cv_mae_std": sd, "best_rounds": best, "trend": list(trend.coef),
                   "config": {k: str(v) for k, v in asdict(cfg).items()}}, f, indent=2)


if __name__ == "__main__":
    main()
