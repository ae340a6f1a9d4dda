"""Estimator constructors for each model family, in the program's import style.

A family is a name (``rf``, ``lgbm``, ...) that maps to a classifier and a
regressor class; `estimator` writes the constructor call with the spec's
hyperparameters plus the fixed arguments a careful author adds (seed, n_jobs,
LightGBM's verbosity).
"""

from __future__ import annotations

from typing import Any

from mleworld.codegen.builtin.render.context import Ctx

# family -> (module, classifier class, regressor class)
FAMILIES: dict[str, tuple[str, str | None, str | None]] = {
    "linear": ("sklearn.linear_model", "LogisticRegression", "Ridge"),
    "knn": ("sklearn.neighbors", "KNeighborsClassifier", "KNeighborsRegressor"),
    "rf": ("sklearn.ensemble", "RandomForestClassifier", "RandomForestRegressor"),
    "et": ("sklearn.ensemble", "ExtraTreesClassifier", "ExtraTreesRegressor"),
    "lgbm": ("lightgbm", "LGBMClassifier", "LGBMRegressor"),
    "hgb": (
        "sklearn.ensemble",
        "HistGradientBoostingClassifier",
        "HistGradientBoostingRegressor",
    ),
    "gbm": ("sklearn.ensemble", "GradientBoostingClassifier", "GradientBoostingRegressor"),
    "nb": ("sklearn.naive_bayes", "MultinomialNB", None),
    "sgd": ("sklearn.linear_model", "SGDClassifier", "SGDRegressor"),
}

FAMILY_TITLES = {
    "linear": "a linear model",
    "knn": "k-nearest neighbours",
    "rf": "a random forest",
    "et": "extra trees",
    "lgbm": "LightGBM",
    "hgb": "histogram gradient boosting",
    "gbm": "gradient boosting",
    "nb": "naive Bayes",
    "sgd": "an SGD linear model",
}

SEEDED = {"rf", "et", "lgbm", "hgb", "gbm", "sgd"}
PARALLEL = {"rf", "et", "lgbm", "knn"}
DENSE_ONLY = {"hgb"}  # needs a dense matrix


def class_name(family: str, classification: bool, params: dict[str, Any] | None = None) -> str:
    module, clf, reg = FAMILIES[family]
    if family == "nb" and params and params.get("variant") == "complement":
        return "ComplementNB"
    if family == "linear" and not classification and params and params.get("variant") == "lasso":
        return "Lasso"
    name = clf if classification else reg
    if name is None:
        raise ValueError(
            f"family {family} has no {'classifier' if classification else 'regressor'}"
        )
    return name


def estimator(ctx: Ctx, family: str, params: dict[str, Any], classification: bool) -> str:
    """The constructor call, e.g. ``RandomForestClassifier(n_estimators=300, ...)``."""
    module = FAMILIES[family][0]
    name = class_name(family, classification, params)
    ref = ctx.ref(module, name)
    args = [f"{k}={_value(v)}" for k, v in params.items() if k != "variant"]
    if family == "linear" and classification and "max_iter" not in params:
        args.append("max_iter=1000")
    if family in SEEDED or (family == "linear" and classification):
        args.append(f"random_state={ctx.names.seed}")
    if family == "lgbm":
        # LightGBM's OpenMP threads spin; on a busy two-core machine more than one is slower
        args.append("n_jobs=1")
    elif family in PARALLEL and ctx.spec.n_jobs:
        args.append(f"n_jobs={ctx.spec.n_jobs}")
    if family == "lgbm":
        args.append("verbose=-1")
    return f"{ref}({', '.join(args)})"


def _value(value: Any) -> str:
    if isinstance(value, float):
        return repr(round(value, 6))
    return repr(value)
