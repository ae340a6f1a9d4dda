"""Diabetes progression: RidgeCV / ElasticNetCV / GradientBoosting blend evaluated with RepeatedKFold."""
import argparse
from pathlib import Path

import joblib
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.linear_model import ElasticNetCV, RidgeCV
from sklearn.model_selection import RepeatedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

FEATURES = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]
TARGET = "progression"


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--input", type=Path, default=Path("input"))
    p.add_argument("--output", type=Path, default=Path("submission"))
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--seed", type=int, default=42)
    return p.parse_args()


def build_models(seed: int) -> dict:
    """Three regressors of different families."""
    return {
        "ridge": make_pipeline(StandardScaler(), RidgeCV(alphas=np.logspace(-3, 3, 25))),
        "enet": make_pipeline(StandardScaler(), ElasticNetCV(l1_ratio=[0.1, 0.5, 0.9, 1.0],
                                                             cv=5, max_iter=10000, random_state=seed)),
        "gbr": GradientBoostingRegressor(n_estimators=400, learning_rate=0.03, max_depth=2,
                                         subsample=0.8, min_samples_leaf=10,
                                         validation_fraction=0.15, n_iter_no_change=30,
                                         random_state=seed),
    }


def add_features(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["bmi_bp"] = df["bmi"] * df["bp"]
    df["s5_bmi"] = df["s5"] * df["bmi"]
    return df


def main():
    args = get_args()
    train = add_features(pd.read_csv(args.input / "train.csv"))
    test = add_features(pd.read_csv(args.input / "test.csv"))
    cols = FEATURES + ["bmi_bp", "s5_bmi"]
    X, y, X_test = train[cols].to_numpy(), train[TARGET].to_numpy(float), test[cols].to_numpy()

    models = build_models(args.seed)
    rkf = RepeatedKFold(n_splits=5, n_repeats=args.repeats, random_state=args.seed)
    fold_scores = {name: [] for name in models}
    fold_scores["blend"] = []
    oof_sum = np.zeros(len(y))

    for i, (tr, va) in enumerate(rkf.split(X)):
        preds = {}
        for name, model in models.items():
            m = clone(model).fit(X[tr], y[tr])
            preds[name] = m.predict(X[va])
            fold_scores[name].append(np.sqrt(np.mean((y[va] - preds[name]) ** 2)))
        blend = np.mean(list(preds.values()), axis=0)
        oof_sum[va] += blend
        fold_scores["blend"].append(np.sqrt(np.mean((y[va] - blend) ** 2)))

    print(f"{'model':>6s} | RMSE mean +/- std over {len(fold_scores['blend'])} folds")
    for name, s in fold_scores.items():
        print(f"{name:>6s} | {np.mean(s):.3f} +/- {np.std(s):.3f}")
    print(f"CV RMSE = {np.mean(fold_scores['blend']):.2f} +/- {np.std(fold_scores['blend']):.2f}")

    fitted = {name: clone(m).fit(X, y) for name, m in models.items()}
    test_pred = np.mean([m.predict(X_test) for m in fitted.values()], axis=0)

    args.output.mkdir(parents=True, exist_ok=True)
    oof_mean = oof_sum / args.repeats
    plt.figure(figsize=(5, 5))
    plt.scatter(y, oof_mean, s=8, alpha=0.6)
    plt.plot([y.min(), y.max()], [y.min(), y.max()], "r--")
    plt.xlabel("true progression")
    plt.ylabel("OOF blend prediction")
    plt.tight_layout()
    plt.savefig(args.output / "oof_scatter.png", dpi=90)
    plt.close()
    joblib.dump(fitted, args.output / "models.joblib")

    pd.DataFrame({"id": test["id"], TARGET: test_pred}).to_csv(args.output / "submission.csv", index=False)
    print(f"Wrote {args.output / 'submission.csv'} ({len(test_pred)} rows)")


if __name__ == "__main__":
    main()
