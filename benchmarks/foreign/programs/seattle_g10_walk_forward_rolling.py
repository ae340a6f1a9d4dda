"""Seattle weather: rolling-window features + walk-forward model comparison.

train and test are contiguous in time, so rolling precipitation/temperature windows
are computed on the concatenated, date-ordered frame before splitting back.
"""
from __future__ import annotations

import argparse
import json
import logging
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.metrics import accuracy_score
from sklearn.model_selection import TimeSeriesSplit
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

log = logging.getLogger("seattle_g10")
BASE = ["precipitation", "temp_max", "temp_min", "wind"]


@dataclass
class Params:
    data_dir: Path = Path("input")
    sub_path: Path = Path("submission/submission.csv")
    art_dir: Path = Path("artifacts/seattle_g10")
    windows: tuple[int, ...] = (3, 7)
    splits: int = 5
    seed: int = 8


def params() -> Params:
    ap = argparse.ArgumentParser()
    ap.add_argument("--splits", type=int, default=Params.splits)
    ap.add_argument("--seed", type=int, default=Params.seed)
    a = ap.parse_args()
    return Params(splits=a.splits, seed=a.seed)


class SeasonEncoder(BaseEstimator, TransformerMixin):
    """Parses the `date` column and swaps it for smooth seasonal coordinates."""

    def __init__(self, column: str = "date", fmt: str = "%Y-%d-%m") -> None:
        self.column = column
        self.fmt = fmt

    def fit(self, X: pd.DataFrame, y=None) -> "SeasonEncoder":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.drop(columns=[self.column])
        when = pd.to_datetime(X[self.column], format=self.fmt)
        phase = 2 * np.pi * (when.dt.day_of_year - 1) / 365.25
        out["season_sin"] = np.sin(phase)
        out["season_cos"] = np.cos(phase)
        out["year_frac"] = when.dt.year + when.dt.day_of_year / 366.0
        return out


def load(p: Params) -> tuple[pd.DataFrame, pd.DataFrame]:
    tr = pd.read_csv(p.data_dir / "train.csv")
    te = pd.read_csv(p.data_dir / "test.csv")
    log.info("train %d rows, test %d rows", len(tr), len(te))
    return tr, te


def validate(tr: pd.DataFrame, te: pd.DataFrame) -> None:
    if tr["date"].duplicated().any() or te["date"].duplicated().any():
        raise ValueError("one row per day expected")
    log.info("weather labels: %s", tr["weather"].value_counts().to_dict())


def add_rolling(p: Params, tr: pd.DataFrame, te: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    both = pd.concat([tr.assign(_part="train"), te.assign(_part="test")], ignore_index=True)
    both = both.sort_values("date", kind="stable").reset_index(drop=True)
    for w in p.windows:
        both[f"precip_sum_{w}d"] = both["precipitation"].rolling(w, min_periods=1).sum()
        both[f"tmax_mean_{w}d"] = both["temp_max"].rolling(w, min_periods=1).mean()
    both["precip_prev"] = both["precipitation"].shift(1).fillna(0.0)
    both["temp_range"] = both["temp_max"] - both["temp_min"]
    tr2 = both[both["_part"] == "train"].drop(columns="_part").reset_index(drop=True)
    te2 = both[both["_part"] == "test"].drop(columns=["_part", "weather"]).reset_index(drop=True)
    return tr2, te2


def registry(p: Params) -> dict[str, Pipeline]:
    def chain(est, scale: bool = False) -> Pipeline:
        steps = [("season", SeasonEncoder())]
        if scale:
            steps.append(("scale", StandardScaler()))
        return Pipeline(steps + [("model", est)])

    return {
        "lgbm": chain(LGBMClassifier(n_estimators=150, learning_rate=0.05, num_leaves=8, min_child_samples=15,
                                     class_weight=None, random_state=p.seed, verbose=-1, n_jobs=2)),
        "extra_trees": chain(ExtraTreesClassifier(n_estimators=200, max_depth=8, min_samples_leaf=3,
                                                  random_state=p.seed, n_jobs=2)),
        "knn": chain(KNeighborsClassifier(n_neighbors=25), scale=True),
    }


def walk_forward(p: Params, models: dict[str, Pipeline], X: pd.DataFrame, y: np.ndarray) -> dict[str, list[float]]:
    tss = TimeSeriesSplit(n_splits=p.splits)
    scores: dict[str, list[float]] = {name: [] for name in models}
    for fold, (tr_idx, va_idx) in enumerate(tss.split(X)):
        for name, template in models.items():
            fitted = clone(template).fit(X.iloc[tr_idx], y[tr_idx])
            scores[name].append(accuracy_score(y[va_idx], fitted.predict(X.iloc[va_idx])))
        log.info("fold %d (%d train rows): %s", fold, len(tr_idx), {n: round(s[-1], 4) for n, s in scores.items()})
    return scores


def train(models: dict[str, Pipeline], scores: dict[str, list[float]], X: pd.DataFrame, y: np.ndarray) -> tuple[str, Pipeline]:
    best = max(scores, key=lambda n: np.mean(scores[n]))
    return best, clone(models[best]).fit(X, y)


def importances(model: Pipeline, X: pd.DataFrame) -> pd.DataFrame:
    cols = model.named_steps["season"].transform(X.head(2)).columns
    est = model.named_steps["model"]
    vals = getattr(est, "feature_importances_", np.full(len(cols), np.nan))
    return pd.DataFrame({"feature": cols, "importance": vals}).sort_values("importance", ascending=False)


def save(p: Params, best: str, model: Pipeline, scores: dict, X: pd.DataFrame, te: pd.DataFrame) -> None:
    p.art_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, p.art_dir / f"{best}.joblib")
    (p.art_dir / "metrics.json").write_text(json.dumps({"best": best, "fold_accuracy": scores}, indent=2))
    importances(model, X).to_csv(p.art_dir / "feature_importance.csv", index=False)
    sub = pd.DataFrame({"id": te["id"], "weather": model.predict(te[X.columns])})
    p.sub_path.parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(p.sub_path, index=False)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    p = params()
    tr, te = load(p)
    validate(tr, te)
    tr, te = add_rolling(p, tr, te)
    feats = ["date"] + BASE + [c for c in tr.columns if c.startswith(("precip_", "tmax_", "temp_range"))]
    X, y = tr[feats], tr["weather"].to_numpy()
    log.info("feature columns: %s", feats)
    models = registry(p)
    scores = walk_forward(p, models, X, y)
    best, model = train(models, scores, X, y)
    save(p, best, model, scores, X, te)
    print(f"Walk-forward accuracy ({best}): {np.mean(scores[best]):.4f}")


if __name__ == "__main__":
    main()
