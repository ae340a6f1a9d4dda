"""doctor-visits: Poisson GLM per target on one-hot + scaled features, holdout RMSLE."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import PoissonRegressor
from sklearn.metrics import mean_squared_log_error
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

log = logging.getLogger("doctor.glm")

TARGETS = ("visits", "ovisits", "emergency", "hospital")
CATEGORICAL = ["health", "adl", "region", "afam", "gender", "married", "employed",
               "insurance", "medicaid"]
NUMERIC = ["chronic", "age", "school", "income"]


def get_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Poisson GLMs for NMES1988 counts")
    parser.add_argument("--data", type=Path, default=Path("./input"))
    parser.add_argument("--out", type=Path, default=Path("./submission"))
    parser.add_argument("--artifacts", type=Path, default=Path("./artifacts"))
    parser.add_argument("--alpha", type=float, default=0.01)
    parser.add_argument("--holdout", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=5)
    return parser.parse_args()


def glm_pipeline(alpha: float) -> Pipeline:
    pre = ColumnTransformer([
        ("oh", OneHotEncoder(drop="first", handle_unknown="ignore"), CATEGORICAL),
        ("sc", StandardScaler(), NUMERIC),
    ])
    return Pipeline([("pre", pre), ("glm", PoissonRegressor(alpha=alpha, max_iter=500))])


def rmsle(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    return float(mean_squared_log_error(y_true, np.clip(y_pred, 0, None), squared=False))


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args = get_args()
    config = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}
    config["targets"] = list(TARGETS)
    args.artifacts.mkdir(parents=True, exist_ok=True)
    (args.artifacts / "config.json").write_text(json.dumps(config, indent=2))

    df = pd.read_csv(args.data / "train.csv")
    test = pd.read_csv(args.data / "test.csv")
    features = CATEGORICAL + NUMERIC
    tr, va = train_test_split(df, test_size=args.holdout, random_state=args.seed)
    log.info("train %d rows / holdout %d rows / test %d rows", len(tr), len(va), len(test))

    scores: dict[str, float] = {}
    models: dict[str, Pipeline] = {}
    for target in TARGETS:
        pipe = glm_pipeline(args.alpha)
        pipe.fit(tr[features], tr[target])
        pred = pipe.predict(va[features])
        log.info("%s: holdout mean pred %.3f vs actual %.3f", target, pred.mean(), va[target].mean())
        scores[target] = rmsle(va[target].to_numpy(), pred)
        log.info("%s: holdout RMSLE %.4f", target, scores[target])
        models[target] = glm_pipeline(args.alpha).fit(df[features], df[target])

    mean_score = float(np.mean(list(scores.values())))
    log.info("CV RMSLE: %.4f", mean_score)
    joblib.dump(models, args.artifacts / "poisson_glms.joblib")
    (args.artifacts / "metrics.json").write_text(
        json.dumps({"holdout_rmsle": scores, "mean": mean_score}, indent=2))

    sub = pd.DataFrame({"id": test["id"]})
    for target, model in models.items():
        sub[target] = model.predict(test[features])
    args.out.mkdir(parents=True, exist_ok=True)
    sub.to_csv(args.out / "submission.csv", index=False)
    log.info("submission saved (%d rows)", len(sub))


if __name__ == "__main__":
    main()
