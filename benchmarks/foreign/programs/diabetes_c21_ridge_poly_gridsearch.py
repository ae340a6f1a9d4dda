"""Ridge regression with optional interaction terms, tuned by grid search."""
import argparse
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.model_selection import GridSearchCV, KFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler


def parse_args():
    p = argparse.ArgumentParser(description="diabetes ridge baseline")
    p.add_argument("--input", type=Path, default=Path("input"))
    p.add_argument("--output", type=Path, default=Path("submission"))
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--seed", type=int, default=42)
    return p.parse_args()


def add_features(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    out["bmi_bp"] = out["bmi"] * out["bp"]
    out["s5_log"] = np.log1p(out["s5"])
    out["ldl_hdl"] = out["s2"] / out["s3"]
    out["is_male"] = (out["sex"] == 2).astype(int)
    return out.drop(columns=["sex"])


def main():
    args = parse_args()
    train = pd.read_csv(args.input / "train.csv")
    test = pd.read_csv(args.input / "test.csv")

    y = train["progression"].to_numpy(dtype=float)
    X = add_features(train.drop(columns=["id", "progression"]))
    X_test = add_features(test.drop(columns=["id"]))
    print(f"train {X.shape}, test {X_test.shape}")

    pipe = Pipeline([
        ("poly", PolynomialFeatures(include_bias=False)),
        ("scale", StandardScaler()),
        ("ridge", Ridge()),
    ])
    grid = {
        "poly__degree": [1, 2],
        "poly__interaction_only": [True, False],
        "ridge__alpha": np.logspace(-1, 3, 9),
    }
    cv = KFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
    search = GridSearchCV(pipe, grid, cv=cv, scoring="neg_root_mean_squared_error", n_jobs=1)
    search.fit(X, y)

    res = pd.DataFrame(search.cv_results_)
    best = res.loc[search.best_index_]
    print("best params:", search.best_params_)
    print(f"CV RMSE = {-best['mean_test_score']:.2f} +/- {best['std_test_score']:.2f}")
    top = res.sort_values("rank_test_score").head(5)
    for _, row in top.iterrows():
        print(f"  rank {int(row['rank_test_score'])}: {row['params']} -> {-row['mean_test_score']:.3f}")

    preds = search.best_estimator_.predict(X_test)
    preds = np.clip(preds, y.min() * 0.5, y.max() * 1.2)
    args.output.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], "progression": preds})
    sub.to_csv(args.output / "submission.csv", index=False)
    print(f"wrote {len(sub)} rows to {args.output / 'submission.csv'}")


if __name__ == "__main__":
    main()
