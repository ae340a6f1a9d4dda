import json
import logging
from dataclasses import dataclass, asdict, field
from pathlib import Path

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import GroupKFold

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("school")


@dataclass
class Config:
    data_dir: Path = Path("input")
    out_dir: Path = Path("submission")
    n_folds: int = 5
    seed: int = 2024
    num_boost_round: int = 3000
    params: dict = field(default_factory=lambda: {
        "objective": "regression",
        "metric": "rmse",
        "learning_rate": 0.01,
        "num_leaves": 7,
        "max_depth": 3,
        "min_data_in_leaf": 60,
        "feature_fraction": 0.9,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "lambda_l2": 10.0,
        "num_threads": 1,
        "verbosity": -1,
    })


def make_features(df: pd.DataFrame) -> pd.DataFrame:
    out = pd.DataFrame(index=df.index)
    out["SES"] = df["SES"]
    out["MEANSES"] = df["MEANSES"]
    out["minority"] = df["Minority"].map({"No": 0, "Yes": 1})
    out["male"] = df["Sex"].map({"Female": 0, "Male": 1})
    out["ses_centered"] = df["SES"] - df["MEANSES"]
    grp = df.groupby("School")
    out["school_size"] = grp["id"].transform("count")
    out["school_minority_share"] = grp["Minority"].transform(lambda s: (s == "Yes").mean())
    out["school_ses_spread"] = grp["SES"].transform("std").fillna(0.0)
    return out


def main(cfg: Config) -> None:
    train = pd.read_csv(cfg.data_dir / "train.csv")
    test = pd.read_csv(cfg.data_dir / "test.csv")
    log.info("train %s test %s", train.shape, test.shape)

    X = make_features(train)
    X_test = make_features(test)
    y = train["MathAch"].to_numpy()

    folds = list(GroupKFold(n_splits=cfg.n_folds).split(X, y, train["School"]))
    dtrain = lgb.Dataset(X, label=y, free_raw_data=False)
    params = dict(cfg.params, seed=cfg.seed)

    cv_res = lgb.cv(
        params,
        dtrain,
        num_boost_round=cfg.num_boost_round,
        folds=folds,
        stratified=False,
        callbacks=[lgb.early_stopping(150, verbose=False), lgb.log_evaluation(250)],
    )
    mean_key = "valid rmse-mean"
    best_round = int(np.argmin(cv_res[mean_key])) + 1
    best = cv_res[mean_key][best_round - 1]
    std = cv_res["valid rmse-stdv"][best_round - 1]
    log.info("best round %d", best_round)
    print(f"CV RMSE = {best:.4f} +/- {std:.4f}")

    booster = lgb.train(params, dtrain, num_boost_round=best_round)
    pred = booster.predict(X_test)

    imp = dict(zip(booster.feature_name(), booster.feature_importance("gain").round(1).tolist()))
    log.info("gain importance: %s", json.dumps(imp))

    cfg.out_dir.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], "MathAch": pred}).to_csv(cfg.out_dir / "submission.csv", index=False)
    with open(cfg.out_dir / "run_config.json", "w") as fh:
        json.dump({k: str(v) if isinstance(v, Path) else v for k, v in asdict(cfg).items()}
                  | {"best_round": best_round, "cv_rmse": best}, fh, indent=2)
    log.info("done")


if __name__ == "__main__":
    main(Config())
