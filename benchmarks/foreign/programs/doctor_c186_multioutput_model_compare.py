"""Doctor visits: compare multi-output regressors with CV, then blend the two best."""
import argparse
import os
import time

import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.ensemble import HistGradientBoostingRegressor, RandomForestRegressor, ExtraTreesRegressor
from sklearn.model_selection import KFold, cross_val_predict
from sklearn.multioutput import MultiOutputRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
CAT_COLS = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]
NUM_COLS = ["chronic", "age", "school", "income"]


def parse_args():
    parser = argparse.ArgumentParser(description="Doctor visits multi-output model comparison")
    parser.add_argument("--data-dir", default="./input")
    parser.add_argument("--out-dir", default="./submission")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=42)
    return parser.parse_args()


def make_prep():
    return make_column_transformer(
        (OneHotEncoder(drop="if_binary", sparse_output=False), CAT_COLS),
        ("passthrough", NUM_COLS),
    )


def candidate_models(seed: int) -> dict:
    """Candidate regressors, each wrapped to predict all four targets (log1p space)."""
    return {
        "hgb": make_pipeline(make_prep(), MultiOutputRegressor(
            HistGradientBoostingRegressor(learning_rate=0.05, max_iter=300, max_leaf_nodes=15,
                                          min_samples_leaf=30, l2_regularization=1.0,
                                          random_state=seed))),
        "rf": make_pipeline(make_prep(), RandomForestRegressor(
            n_estimators=300, min_samples_leaf=8, max_features="auto", n_jobs=1, random_state=seed)),
        "et": make_pipeline(make_prep(), ExtraTreesRegressor(
            n_estimators=300, min_samples_leaf=8, max_features=0.7, n_jobs=1, random_state=seed)),
    }


def columnwise_rmsle(Y_log_true: np.ndarray, Y_log_pred: np.ndarray) -> float:
    """Mean over columns of RMSE in log1p space (== RMSLE on raw counts)."""
    Y_log_pred = np.maximum(Y_log_pred, 0)
    return float(np.mean(np.sqrt(np.mean((Y_log_true - Y_log_pred) ** 2, axis=0))))


def main():
    args = parse_args()
    train = pd.read_csv(os.path.join(args.data_dir, "train.csv"))
    test = pd.read_csv(os.path.join(args.data_dir, "test.csv"))
    X = train[CAT_COLS + NUM_COLS]
    Y_log = np.log1p(train[TARGETS].to_numpy(dtype=float))
    X_test = test[CAT_COLS + NUM_COLS]

    kf = KFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
    results, oof_preds = {}, {}
    for name, model in candidate_models(args.seed).items():
        t0 = time.time()
        oof_preds[name] = cross_val_predict(model, X, Y_log, cv=kf)
        results[name] = columnwise_rmsle(Y_log, oof_preds[name])
        print(f"{name:>4s} | CV RMSLE {results[name]:.4f} | {time.time() - t0:.1f}s")

    ranked = sorted(results, key=results.get)
    best_two = ranked[:2]
    blend_oof = np.mean([oof_preds[m] for m in best_two], axis=0)
    print(f"Blend of {best_two}: CV RMSLE {columnwise_rmsle(Y_log, blend_oof):.4f}")

    models = candidate_models(args.seed)
    test_log = np.mean([models[m].fit(X, Y_log).predict(X_test) for m in best_two], axis=0)
    preds = np.clip(np.expm1(test_log), 0, None)

    os.makedirs(args.out_dir, exist_ok=True)
    sub = pd.DataFrame(preds, columns=TARGETS)
    sub.insert(0, "id", test["id"].values)
    sub.to_csv(os.path.join(args.out_dir, "submission.csv"), index=False)
    print(f"Saved {len(sub)} predictions.")


if __name__ == "__main__":
    main()
