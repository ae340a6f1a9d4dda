"""Per-label model selection for the health-insurance survey.

Each of the three labels gets its own winner from the registry (by stratified CV ROC AUC).
Predictions are also exported as a JSON prediction store (id -> label probabilities)
for the downstream scoring service; the submission is aligned on sample_submission.
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
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

LOGGER = logging.getLogger("health_g08")
TARGETS = ("health", "limit", "insurance")
CATEGORICAL = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
NUMERIC = ["age", "family"]


@dataclass
class Options:
    input_dir: Path = Path("input")
    out_dir: Path = Path("submission")
    artifact_dir: Path = Path("artifacts/health_g08")
    folds: int = 4
    seed: int = 5


def options() -> Options:
    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", type=int, default=Options.folds)
    ap.add_argument("--seed", type=int, default=Options.seed)
    ns = ap.parse_args()
    return Options(folds=ns.folds, seed=ns.seed)


class EducationYears(BaseEstimator, TransformerMixin):
    """Approximate years of schooling for the education level (kept alongside the one-hot)."""

    YEARS = {"none": 9, "highschool": 12, "ged": 12, "other": 13, "bachelor": 16, "master": 18, "phd": 21}

    def fit(self, X: pd.DataFrame, y=None) -> "EducationYears":
        self.default_ = float(np.median(list(self.YEARS.values())))
        return self

    def transform(self, X: pd.DataFrame) -> np.ndarray:
        years = X["education"].map(self.YEARS).fillna(self.default_).to_numpy(dtype=float)
        age = X["age"].to_numpy(dtype=float)
        return np.column_stack([years, np.clip(age - years - 6, 0, None)])

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.array(["school_years", "years_since_school"], dtype=object)


def load(opt: Options) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(opt.input_dir / "train.csv")
    test = pd.read_csv(opt.input_dir / "test.csv")
    sample = pd.read_csv(opt.input_dir / "sample_submission.csv")
    LOGGER.info("loaded %d train / %d test rows", len(train), len(test))
    return train, test, sample


def validate(train: pd.DataFrame, test: pd.DataFrame) -> None:
    missing = [c for c in CATEGORICAL + NUMERIC if c not in test.columns]
    if missing:
        raise KeyError(f"test is missing {missing}")
    for t in TARGETS:
        if train[t].nunique() != 2:
            raise ValueError(f"label {t} is not binary")


def features(scale: bool) -> ColumnTransformer:
    num = StandardScaler() if scale else "passthrough"
    return ColumnTransformer([
        ("num", num, NUMERIC),
        ("edu", Pipeline([("years", EducationYears())] + ([("sc", StandardScaler())] if scale else [])),
         ["education", "age"]),
        ("cat", OneHotEncoder(handle_unknown="ignore", drop="if_binary"), CATEGORICAL),
    ])


def registry(opt: Options) -> dict[str, Pipeline]:
    return {
        "logistic": Pipeline([("fe", features(True)), ("m", LogisticRegression(C=1.0, max_iter=1000))]),
        "forest": Pipeline([("fe", features(False)), ("m", RandomForestClassifier(
            n_estimators=120, min_samples_leaf=25, max_features=0.5, random_state=opt.seed, n_jobs=2))]),
        "lgbm": Pipeline([("fe", features(False)), ("m", LGBMClassifier(
            n_estimators=120, learning_rate=0.05, num_leaves=7, min_child_samples=60,
            random_state=opt.seed, verbose=-1, n_jobs=2))]),
    }


def select_per_label(opt: Options, models: dict[str, Pipeline], X: pd.DataFrame, train: pd.DataFrame) -> dict[str, dict]:
    cv = StratifiedKFold(opt.folds, shuffle=True, random_state=opt.seed)
    choice: dict[str, dict] = {}
    for target in TARGETS:
        scores = {name: float(cross_val_score(m, X, train[target], cv=cv, scoring="roc_auc").mean())
                  for name, m in models.items()}
        best = max(scores, key=scores.get)
        choice[target] = {"model": best, "auc": scores[best], "all": scores}
        LOGGER.info("%-9s -> %s (AUC %.4f) | %s", target, best, scores[best],
                    {k: round(v, 4) for k, v in scores.items()})
    return choice


def train(models: dict[str, Pipeline], choice: dict[str, dict], X: pd.DataFrame, train_df: pd.DataFrame) -> dict[str, Pipeline]:
    return {t: clone(models[choice[t]["model"]]).fit(X, train_df[t]) for t in TARGETS}


def predict(fitted: dict[str, Pipeline], test: pd.DataFrame) -> dict[str, dict[str, float]]:
    X_test = test[NUMERIC + CATEGORICAL]
    probs = {t: m.predict_proba(X_test)[:, 1] for t, m in fitted.items()}
    store: dict[str, dict[str, float]] = {}
    for i, row_id in enumerate(test["id"]):
        store[str(row_id)] = {t: round(float(probs[t][i]), 6) for t in TARGETS}
    return store


def importance_frame(fitted: dict[str, Pipeline]) -> pd.DataFrame:
    rows = []
    for t, pipe in fitted.items():
        names = pipe.named_steps["fe"].get_feature_names_out()
        est = pipe.named_steps["m"]
        vals = est.feature_importances_ if hasattr(est, "feature_importances_") else np.abs(est.coef_).ravel()
        rows.append(pd.DataFrame({"target": t, "feature": names, "importance": vals}))
    return pd.concat(rows, ignore_index=True)


def save(opt: Options, fitted: dict[str, Pipeline], choice: dict, store: dict, sample: pd.DataFrame) -> None:
    opt.artifact_dir.mkdir(parents=True, exist_ok=True)
    opt.out_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(fitted, opt.artifact_dir / "per_label_models.joblib")
    (opt.artifact_dir / "metrics.json").write_text(json.dumps(choice, indent=2))
    (opt.artifact_dir / "prediction_store.json").write_text(json.dumps(store))
    importance_frame(fitted).to_csv(opt.artifact_dir / "feature_importance.csv", index=False)

    preds = pd.DataFrame.from_dict(store, orient="index").rename_axis("id").reset_index()
    sub = sample[["id"]].merge(preds, on="id", how="left")
    if sub[list(TARGETS)].isna().any().any():
        raise RuntimeError("some sample ids got no prediction")
    sub.to_csv(opt.out_dir / "submission.csv", index=False)
    LOGGER.info("submission rows: %d", len(sub))


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    opt = options()
    train_df, test, sample = load(opt)
    validate(train_df, test)
    X = train_df[NUMERIC + CATEGORICAL]
    models = registry(opt)
    choice = select_per_label(opt, models, X, train_df)
    mean_auc = float(np.mean([c["auc"] for c in choice.values()]))
    print(f"CV mean AUC over labels: {mean_auc:.4f}")
    fitted = train(models, choice, X, train_df)
    store = predict(fitted, test)
    save(opt, fitted, choice, store, sample)


if __name__ == "__main__":
    main()
