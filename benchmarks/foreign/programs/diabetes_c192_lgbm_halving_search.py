"""Diabetes progression: LGBMRegressor tuned with HalvingGridSearchCV, feature importance plot."""
import os
import warnings

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.model_selection import HalvingGridSearchCV, KFold, cross_val_score

warnings.filterwarnings("ignore")
RANDOM_STATE = 42
TARGET = "progression"


def load_data(path="./input"):
    """Load train/test and split off features and target."""
    train = pd.read_csv(os.path.join(path, "train.csv"))
    test = pd.read_csv(os.path.join(path, "test.csv"))
    features = [c for c in train.columns if c not in ("id", TARGET)]
    return train[features], train[TARGET], test[features], test["id"]


def tune(X, y, cv):
    """Successive-halving grid search over a compact LightGBM grid."""
    base = LGBMRegressor(random_state=RANDOM_STATE, n_jobs=1, verbose=-1, subsample_freq=1)
    grid = {
        "n_estimators": [100, 200, 400],
        "learning_rate": [0.02, 0.05],
        "num_leaves": [4, 8, 16],
        "min_child_samples": [10, 20, 40],
        "subsample": [0.7, 1.0],
    }
    search = HalvingGridSearchCV(base, grid, factor=3, cv=cv, scoring="neg_root_mean_squared_error",
                                 random_state=RANDOM_STATE, n_jobs=1)
    search.fit(X, y)
    print(f"Best params: {search.best_params_}")
    return search.best_estimator_


def plot_importance(model, feature_names, out_path):
    imp = pd.Series(model.feature_importances_, index=feature_names).sort_values()
    fig, ax = plt.subplots(figsize=(6, 4))
    imp.plot.barh(ax=ax)
    ax.set_title("LightGBM split importance")
    fig.tight_layout()
    fig.savefig(out_path)
    plt.close(fig)


def main():
    X, y, X_test, test_ids = load_data()
    print(f"Train: {X.shape}, Test: {X_test.shape}")
    cv = KFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)

    model = tune(X, y, cv)
    scores = -cross_val_score(model, X, y, cv=cv, scoring="neg_root_mean_squared_error")
    print(f"CV RMSE: {scores.mean():.3f} +/- {scores.std():.3f}")

    model.fit(X, y)
    preds = model.predict(X_test)
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test_ids, TARGET: preds}).to_csv("./submission/submission.csv", index=False)
    print("Saved ./submission/submission.csv")

    plot_importance(model, X.columns, "./plots/feature_importance.png")
    print("Saved feature importance plot")


if __name__ == "__main__":
    main()
