"""Seattle weather type: calendar + lag features, forward-chaining CV, pick by accuracy."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix
from sklearn.model_selection import TimeSeriesSplit, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler

DATA_DIR = Path("input")
OUT_DIR = Path("submission")
TARGET = "weather"
SEED = 0
WEATHER_COLS = ["precipitation", "temp_max", "temp_min", "wind"]


def calendar(frame: pd.DataFrame) -> pd.DataFrame:
    out = frame.copy()
    doy = out["date"].dt.dayofyear
    out["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    out["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    out["t_range"] = out["temp_max"] - out["temp_min"]
    out["wet"] = (out["precipitation"] > 0).astype(int)
    out["log_precip"] = np.log1p(out["precipitation"])
    return out


class DailyLags(BaseEstimator, TransformerMixin):
    """Previous/next-day weather readings, computed on the calendar order of the rows given."""

    def __init__(self, cols: tuple[str, ...] = tuple(WEATHER_COLS), shifts: tuple[int, ...] = (1, -1)):
        self.cols = cols
        self.shifts = shifts

    def fit(self, X: pd.DataFrame, y=None) -> "DailyLags":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        return self

    def _names(self) -> list[str]:
        return [f"{c}_s{s}" for s in self.shifts for c in self.cols]

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        ordered = X.sort_values("date")
        lagged = pd.concat(
            [ordered[list(self.cols)].shift(s).add_suffix(f"_s{s}") for s in self.shifts], axis=1
        )
        lagged = lagged.bfill().ffill()
        out = pd.concat([ordered, lagged], axis=1).loc[X.index]
        return out.drop(columns=["date"])

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        keep = [c for c in self.feature_names_in_ if c != "date"]
        return np.asarray(keep + self._names(), dtype=object)


def features() -> object:
    cal = FunctionTransformer(calendar, feature_names_out=lambda _, names: np.asarray(
        list(names) + ["doy_sin", "doy_cos", "t_range", "wet", "log_precip"], dtype=object))
    return make_pipeline(cal, DailyLags())


def candidates() -> dict[str, object]:
    return {
        "logreg": make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=5000)),
        "rf": RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=SEED, n_jobs=1),
        "hgb": HistGradientBoostingClassifier(max_iter=120, learning_rate=0.05, max_depth=4,
                                             random_state=SEED),
    }


def main() -> None:
    train = pd.read_csv(DATA_DIR / "train.csv", parse_dates=["date"]).sort_values("date")
    test = pd.read_csv(DATA_DIR / "test.csv", parse_dates=["date"])
    train = train.reset_index(drop=True)
    X, y = train.drop(columns=["id", TARGET]), train[TARGET]
    print(f"train {train['date'].min().date()} .. {train['date'].max().date()}  ({len(train)} days)")
    print(f"test  {test['date'].min().date()} .. {test['date'].max().date()}  ({len(test)} days)")
    print("label share:", y.value_counts(normalize=True).round(3).to_dict())

    tss = TimeSeriesSplit(n_splits=4)
    table = []
    for name, clf in candidates().items():
        pipe = make_pipeline(features(), clf).set_output(transform="pandas")
        res = cross_validate(pipe, X, y, cv=tss, scoring=["accuracy", "f1_macro"], n_jobs=1)
        table.append({"model": name,
                      "acc": res["test_accuracy"].mean(),
                      "acc_last": res["test_accuracy"][-1],
                      "f1_macro": res["test_f1_macro"].mean()})
    table = pd.DataFrame(table).set_index("model").sort_values("acc", ascending=False)
    print("\nforward-chaining CV (4 splits)")
    print(table.round(4).to_string())

    best = table.index[0]
    cut = int(len(X) * 0.8)
    pipe = make_pipeline(features(), clone(candidates()[best])).set_output(transform="pandas")
    pipe.fit(X.iloc[:cut], y.iloc[:cut])
    va_pred = pipe.predict(X.iloc[cut:])
    print(f"\nlast-20% accuracy ({best}): {accuracy_score(y.iloc[cut:], va_pred):.4f}")
    labels = sorted(y.unique())
    cm = pd.DataFrame(confusion_matrix(y.iloc[cut:], va_pred, labels=labels), index=labels, columns=labels)
    print(cm.to_string())

    pipe.fit(X, y)
    test_pred = pipe.predict(test.drop(columns=["id"]))
    OUT_DIR.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], TARGET: test_pred}).to_csv(OUT_DIR / "submission.csv", index=False)
    print("\nsubmission label counts:", pd.Series(test_pred).value_counts().to_dict())


if __name__ == "__main__":
    main()
