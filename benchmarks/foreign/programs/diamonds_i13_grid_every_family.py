#!/usr/bin/env python
# diamonds-price | grid-search every model family with the same folds, keep a csv log
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.ensemble import GradientBoostingRegressor, RandomForestRegressor
from sklearn.linear_model import Lasso, Ridge
from sklearn.model_selection import GridSearchCV, KFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OrdinalEncoder, PolynomialFeatures, StandardScaler
from sklearn.tree import DecisionTreeRegressor

INPUT = Path("./input")
OUT_DIR = Path("submission")
LOG_DIR = Path("experiments")
OUT_DIR.mkdir(exist_ok=True)
LOG_DIR.mkdir(exist_ok=True)

train = pd.read_csv(INPUT / "train.csv")
test = pd.read_csv(INPUT / "test.csv")

ordinal_levels = [
    ["Fair", "Good", "Very Good", "Premium", "Ideal"],
    ["J", "I", "H", "G", "F", "E", "D"],
    ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
]
cat_features = ["cut", "color", "clarity"]
num_features = ["carat", "depth", "table", "x", "y", "z"]

features = cat_features + num_features
X = train[features].copy()
X_te = test[features].copy()
y = np.log1p(train["price"])


def encoder():
    return make_column_transformer(
        (OrdinalEncoder(categories=ordinal_levels, handle_unknown="use_encoded_value", unknown_value=-1), cat_features),
        ("passthrough", num_features),
    )


models = {
    "ridge_poly2": make_pipeline(encoder(), StandardScaler(), PolynomialFeatures(degree=2), Ridge()),
    "lasso": make_pipeline(encoder(), StandardScaler(), Lasso(max_iter=5000)),
    "tree": make_pipeline(encoder(), DecisionTreeRegressor(random_state=0)),
    "forest": make_pipeline(encoder(), RandomForestRegressor(n_estimators=50, random_state=0, n_jobs=1)),
    "gbm": make_pipeline(encoder(), GradientBoostingRegressor(n_estimators=150, random_state=0)),
}

grids = {
    "ridge_poly2": {"ridge__alpha": [0.1, 1.0, 10.0]},
    "lasso": {"lasso__alpha": [1e-4, 1e-3]},
    "tree": {"decisiontreeregressor__max_depth": [8, 12], "decisiontreeregressor__min_samples_leaf": [2, 8]},
    "forest": {"randomforestregressor__max_depth": [14]},
    "gbm": {
        "gradientboostingregressor__loss": ["ls", "lad"],
        "gradientboostingregressor__max_depth": [3, 5],
    },
}

kf = KFold(n_splits=3, shuffle=True, random_state=11)
summary = []
searches = {}

for name in models:
    gs = GridSearchCV(models[name], grids[name], scoring="neg_root_mean_squared_error", cv=kf, n_jobs=1)
    gs.fit(X, y)
    searches[name] = gs
    summary.append(
        {
            "model": name,
            "rmsle": -gs.best_score_,
            "std": gs.cv_results_["std_test_score"][gs.best_index_],
            "n_candidates": len(gs.cv_results_["params"]),
            "best_params": str(gs.best_params_),
        }
    )
    print(f"  {name:<12} -> {-gs.best_score_:.4f}  {gs.best_params_}")

table = pd.DataFrame(summary).sort_values("rmsle").reset_index(drop=True)
print(table.to_string())
table.to_csv(LOG_DIR / "diamonds_grid_summary.csv", index=False)

winner = table.iloc[0]["model"]
final = searches[winner].best_estimator_  # GridSearchCV already refit it on all rows
pred = np.expm1(final.predict(X_te)).clip(min=0)

pd.DataFrame({"id": test.id, "price": pred}).to_csv(OUT_DIR / "submission.csv", index=False)
print(f"best={winner}  CV RMSLE: {table.iloc[0]['rmsle']:.4f}")
