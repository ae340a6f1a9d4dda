"""Names every ML program imports from somewhere: where each one lives.

A NameError for one of these is a missing import, and a wrong keyword for one
of these classes can be checked against its real signature.
"""

from __future__ import annotations

import importlib
import inspect

MODULE_ALIASES: dict[str, str] = {
    "np": "import numpy as np",
    "pd": "import pandas as pd",
    "lgb": "import lightgbm as lgb",
    "os": "import os",
    "sys": "import sys",
    "re": "import re",
    "json": "import json",
    "math": "import math",
    "time": "import time",
    "random": "import random",
    "warnings": "import warnings",
    "logging": "import logging",
    "gc": "import gc",
    "sp": "import scipy.sparse as sp",
    "scipy": "import scipy",
    "sklearn": "import sklearn",
    "plt": "import matplotlib.pyplot as plt",
    "ensemble": "from sklearn import ensemble",
    "linear_model": "from sklearn import linear_model",
    "neighbors": "from sklearn import neighbors",
    "model_selection": "from sklearn import model_selection",
    "preprocessing": "from sklearn import preprocessing",
    "impute": "from sklearn import impute",
    "naive_bayes": "from sklearn import naive_bayes",
    "metrics": "from sklearn import metrics",
    "skm": "from sklearn import metrics as skm",
}

NAME_MODULES: dict[str, tuple[str, ...]] = {
    "sklearn.ensemble": (
        "RandomForestClassifier",
        "RandomForestRegressor",
        "ExtraTreesClassifier",
        "ExtraTreesRegressor",
        "GradientBoostingClassifier",
        "GradientBoostingRegressor",
        "HistGradientBoostingClassifier",
        "HistGradientBoostingRegressor",
        "VotingClassifier",
        "VotingRegressor",
        "StackingClassifier",
        "StackingRegressor",
        "AdaBoostClassifier",
        "AdaBoostRegressor",
        "BaggingClassifier",
        "BaggingRegressor",
    ),
    "sklearn.linear_model": (
        "LogisticRegression",
        "Ridge",
        "Lasso",
        "ElasticNet",
        "LinearRegression",
        "SGDClassifier",
        "SGDRegressor",
        "RidgeClassifier",
    ),
    "sklearn.neighbors": ("KNeighborsClassifier", "KNeighborsRegressor"),
    "sklearn.naive_bayes": ("MultinomialNB", "ComplementNB", "GaussianNB", "BernoulliNB"),
    "sklearn.svm": ("SVC", "SVR", "LinearSVC", "LinearSVR"),
    "sklearn.tree": ("DecisionTreeClassifier", "DecisionTreeRegressor"),
    "sklearn.model_selection": (
        "train_test_split",
        "KFold",
        "StratifiedKFold",
        "RepeatedKFold",
        "RepeatedStratifiedKFold",
        "GroupKFold",
        "cross_val_score",
        "cross_val_predict",
        "GridSearchCV",
        "RandomizedSearchCV",
    ),
    "sklearn.metrics": (
        "accuracy_score",
        "balanced_accuracy_score",
        "f1_score",
        "roc_auc_score",
        "log_loss",
        "mean_squared_error",
        "root_mean_squared_error",
        "mean_squared_log_error",
        "root_mean_squared_log_error",
        "mean_absolute_error",
        "r2_score",
        "cohen_kappa_score",
    ),
    "sklearn.preprocessing": (
        "StandardScaler",
        "MinMaxScaler",
        "RobustScaler",
        "OneHotEncoder",
        "OrdinalEncoder",
        "LabelEncoder",
        "PolynomialFeatures",
        "FunctionTransformer",
    ),
    "sklearn.impute": ("SimpleImputer", "KNNImputer"),
    "sklearn.compose": (
        "ColumnTransformer",
        "make_column_transformer",
        "make_column_selector",
        "TransformedTargetRegressor",
    ),
    "sklearn.pipeline": ("Pipeline", "make_pipeline"),
    "sklearn.feature_extraction.text": ("TfidfVectorizer", "CountVectorizer"),
    "sklearn.decomposition": ("TruncatedSVD", "PCA"),
    "sklearn.multioutput": ("MultiOutputClassifier", "MultiOutputRegressor"),
    "scipy.sparse": ("hstack", "vstack", "csr_matrix"),
    "lightgbm": ("LGBMClassifier", "LGBMRegressor"),
    "pathlib": ("Path",),
}

NAME_TO_MODULE: dict[str, str] = {
    name: module for module, names in NAME_MODULES.items() for name in names
}

# packages code models reach for that may be absent, and the installed stand-in
SUBSTITUTES: dict[str, tuple[str, dict[str, str]]] = {
    "xgboost": (
        "lightgbm",
        {"XGBClassifier": "LGBMClassifier", "XGBRegressor": "LGBMRegressor"},
    ),
    "catboost": (
        "lightgbm",
        {"CatBoostClassifier": "LGBMClassifier", "CatBoostRegressor": "LGBMRegressor"},
    ),
}


def import_for(name: str) -> str | None:
    """The import statement that binds `name`, when it is a well-known one."""
    if name in MODULE_ALIASES:
        return MODULE_ALIASES[name]
    module = NAME_TO_MODULE.get(name)
    return f"from {module} import {name}" if module else None


def parameters(owner: str, method: str | None) -> list[str] | None:
    """The keyword names `owner.method` (or the function `owner`) accepts, if known."""
    module = NAME_TO_MODULE.get(owner)
    if module is None:
        return None
    try:
        obj = getattr(importlib.import_module(module), owner)
    except (ImportError, AttributeError):
        return None
    target = getattr(obj, method, None) if method and method != "__init__" else obj
    if target is None:
        return None
    if inspect.isclass(target):
        target = target.__init__
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    return [
        p.name
        for p in sig.parameters.values()
        if p.name != "self" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]
