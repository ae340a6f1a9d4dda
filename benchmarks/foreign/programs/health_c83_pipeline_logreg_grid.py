import json
import os
from dataclasses import dataclass, field, asdict

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler


@dataclass
class Config:
    seed: int = 2024
    folds: int = 5
    targets: tuple = ("health", "limit", "insurance")
    categorical: list = field(default_factory=lambda: ["gender", "married", "selfemp", "region",
                                                       "ethnicity", "education"])
    numeric: list = field(default_factory=lambda: ["family"])
    C_grid: list = field(default_factory=lambda: [0.03, 0.1, 0.3, 1.0, 3.0])


def make_pipeline(cfg: Config) -> Pipeline:
    pre = ColumnTransformer(
        [
            ("cat", OneHotEncoder(handle_unknown="ignore", drop="if_binary"), cfg.categorical),
            ("age", SplineTransformer(n_knots=5, degree=3), ["age"]),
            ("num", StandardScaler(), cfg.numeric),
        ]
    )
    return Pipeline([("pre", pre), ("clf", LogisticRegression(max_iter=2000))])


def main():
    cfg = Config()
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    feats = cfg.categorical + cfg.numeric + ["age"]

    cv = StratifiedKFold(n_splits=cfg.folds, shuffle=True, random_state=cfg.seed)
    results = {}
    sub = pd.DataFrame({"id": test["id"]})
    for target in cfg.targets:
        search = GridSearchCV(
            make_pipeline(cfg),
            param_grid={"clf__C": cfg.C_grid},
            scoring="roc_auc",
            cv=cv,
            n_jobs=1,
        )
        search.fit(train[feats], train[target])
        results[target] = {"best_C": search.best_params_["clf__C"], "cv_auc": float(search.best_score_)}
        print(f"{target}: best C={search.best_params_['clf__C']}, CV AUC={search.best_score_:.4f}")
        sub[target] = search.predict_proba(test[feats])[:, 1]

    mean_auc = np.mean([r["cv_auc"] for r in results.values()])
    print(f"CV mean AUC = {mean_auc:.4f}")

    os.makedirs("submission", exist_ok=True)
    sub.to_csv("submission/submission.csv", index=False)
    with open("cv_results.json", "w") as fh:
        json.dump({"config": {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(cfg).items()},
                   "results": results}, fh, indent=2)


if __name__ == "__main__":
    main()
