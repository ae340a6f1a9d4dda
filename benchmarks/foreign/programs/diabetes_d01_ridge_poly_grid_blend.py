"""
Diabetes progression regression (354 train rows, 10 features).

With so few rows, regularised linear models are the strongest baseline. I tune:
  (a) Ridge on standardized features (+ optional degree-2 interactions) via GridSearchCV
  (b) a small GradientBoosting model via RandomizedSearchCV
and blend them with a weight chosen on out-of-fold predictions.
"""
import os
import numpy as np
import pandas as pd
from scipy.stats import randint, uniform
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler, PolynomialFeatures
from sklearn.linear_model import Ridge
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.model_selection import GridSearchCV, RandomizedSearchCV, KFold, cross_val_predict
from sklearn.metrics import root_mean_squared_error

SEED = 0
CV = KFold(n_splits=5, shuffle=True, random_state=SEED)


def tune_ridge(X, y):
    pipe = Pipeline([("poly", PolynomialFeatures(include_bias=False)),
                     ("sc", StandardScaler()),
                     ("ridge", Ridge())])
    grid = GridSearchCV(pipe, {"poly__degree": [1, 2], "ridge__alpha": np.logspace(-2, 3, 12)},
                        scoring="neg_root_mean_squared_error", cv=CV, n_jobs=1)
    grid.fit(X, y)
    print(f"[ridge] best {grid.best_params_} -> CV RMSE {-grid.best_score_:.3f}")
    return grid.best_estimator_


def tune_gbr(X, y):
    search = RandomizedSearchCV(
        GradientBoostingRegressor(random_state=SEED),
        {"n_estimators": randint(50, 300), "max_depth": randint(1, 4),
         "learning_rate": uniform(0.01, 0.1), "subsample": uniform(0.6, 0.4)},
        n_iter=12, scoring="neg_root_mean_squared_error", cv=CV, random_state=SEED, n_jobs=1)
    search.fit(X, y)
    print(f"[gbr] best CV RMSE {-search.best_score_:.3f}")
    return search.best_estimator_


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    feats = [c for c in train.columns if c not in ("id", "progression")]
    X, y = train[feats], train["progression"].values
    print("X:", X.shape, "test:", test.shape)

    ridge = tune_ridge(X, y)
    gbr = tune_gbr(X, y)
    oof_r = cross_val_predict(ridge, X, y, cv=CV)
    oof_g = cross_val_predict(gbr, X, y, cv=CV)

    best_w, best_rmse = 1.0, np.inf
    for w in np.linspace(0, 1, 11):
        rmse = root_mean_squared_error(y, w * oof_r + (1 - w) * oof_g)
        if rmse < best_rmse:
            best_w, best_rmse = w, rmse
    print(f"blend weight ridge={best_w:.1f}")
    print(f"Validation RMSE: {best_rmse:.4f}")

    ridge.fit(X, y)
    gbr.fit(X, y)
    pred = best_w * ridge.predict(test[feats]) + (1 - best_w) * gbr.predict(test[feats])
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "progression": pred}).to_csv("./submission/submission.csv", index=False)
    print("wrote", len(pred), "rows")


if __name__ == "__main__":
    main()
