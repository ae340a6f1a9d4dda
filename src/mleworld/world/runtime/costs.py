"""What one fit of an estimator costs, in work units, by estimator family.

A family groups estimators whose fit time grows the same way with the data and
their parameters (a forest: trees x rows x log rows x features tried per split;
a kernel SVM: rows squared x features; a Gaussian process: rows cubed). `units`
turns a fit into that family's work units; calibrate.py measures seconds per unit
on this machine with the same function, so the two can never disagree.
`family_of` names the family of a class; `Fit` is one fit as static analysis
describes it (world/static/work.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

FAMILIES = (
    "forest",
    "gbm",
    "hgb",
    "lgbm",
    "svm",
    "gp",
    "mlp",
    "tree",
    "knn",
    "linear",
    "python",
)

_PREFIXES: tuple[tuple[str, str], ...] = (
    ("RandomForest", "forest"),
    ("ExtraTrees", "forest"),
    ("HistGradientBoosting", "hgb"),
    ("GradientBoosting", "gbm"),
    ("LGBM", "lgbm"),
    ("XGB", "lgbm"),
    ("CatBoost", "lgbm"),
    ("GaussianProcess", "gp"),
    ("MLP", "mlp"),
    ("DecisionTree", "tree"),
    ("ExtraTree", "tree"),
    ("KNeighbors", "knn"),
    ("RadiusNeighbors", "knn"),
)
_SVM = frozenset({"SVC", "SVR", "NuSVC", "NuSVR", "OneClassSVM"})
# Parameter that counts the rounds of each family, and its default when the class has none.
ROUNDS_PARAM = {
    "forest": ("n_estimators", 100),
    "gbm": ("n_estimators", 100),
    "hgb": ("max_iter", 100),
    "lgbm": ("n_estimators", 100),
    "mlp": ("max_iter", 200),
}

BOOSTING = frozenset({"gbm", "hgb", "lgbm"})


def family_of(name: str) -> str | None:
    """The family of an estimator class name; None for classes that are not estimators we cost."""
    if name in _SVM:
        return "svm"
    for prefix, family in _PREFIXES:
        if name.startswith(prefix):
            return family
    return None


@dataclass
class Fit:
    """One kind of fit a program makes, `count` times (folds x candidates x loop trips)."""

    family: str
    estimator: str  # the class name, for evidence
    rows: float
    features: float
    rounds: float = 1.0
    count: float = 1.0
    params: dict[str, Any] = field(default_factory=dict)  # literal parameters that change cost
    classifier: bool = False
    classes: int | None = None  # the classes a classifier's fit sees, when known
    line: int | None = None
    order_line: int | None = None
    label: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "estimator": self.estimator,
            "rows": round(self.rows, 1),
            "features": round(self.features, 1),
            "rounds": round(self.rounds, 1),
            "count": round(self.count, 2),
            "classes": self.classes,
            "line": self.line,
            "label": self.label,
        }


def _features_tried(fit: Fit) -> float:
    """Features a tree tries per split (max_features)."""
    f = max(fit.features, 1.0)
    value = fit.params.get("max_features", "sqrt" if fit.classifier else 1.0)
    if value == "sqrt":
        return math.sqrt(f)
    if value == "log2":
        return max(math.log2(f), 1.0)
    if isinstance(value, bool) or value is None:
        return f
    if isinstance(value, float) and 0 < value <= 1:
        return max(value * f, 1.0)
    if isinstance(value, int) and value > 0:
        return float(min(value, f))
    return f


def _depth(fit: Fit, default: float | None) -> float:
    """Levels a tree grows: max_depth when set, else as deep as the rows allow."""
    full = math.log2(max(fit.rows, 2.0))
    leaf = fit.params.get("min_samples_leaf", 1)
    if isinstance(leaf, int | float) and not isinstance(leaf, bool) and leaf > 1:
        rows_per_leaf = leaf if leaf >= 1 else leaf * fit.rows
        full = math.log2(max(fit.rows / max(rows_per_leaf, 1.0), 2.0))
    depth = fit.params.get("max_depth", default)
    if isinstance(depth, int) and not isinstance(depth, bool) and depth > 0:
        return float(min(depth, full))
    return full


def trees_per_round(fit: Fit) -> float:
    """Trees a boosting round grows: one per class past two classes, else one.

    A multiclass booster (scikit-learn's, LightGBM's, XGBoost's) fits a tree for each
    class's log-odds every round, so ten classes cost ten times a binary target.
    """
    if fit.family in BOOSTING and fit.classifier and fit.classes is not None and fit.classes > 2:
        return float(fit.classes)
    return 1.0


def units(fit: Fit) -> float:
    """Work units of one fit (see the module docstring); its family's cost per unit makes seconds."""
    n, f = max(fit.rows, 1.0), max(fit.features, 1.0)
    r = max(fit.rounds, 1.0) * trees_per_round(fit)
    family = fit.family
    if family == "forest":
        # extremely randomized trees draw thresholds instead of sorting for the best one
        draw = 0.5 if fit.estimator.startswith("ExtraTrees") else 1.0
        return draw * r * n * _depth(fit, None) * _features_tried(fit)
    if family == "gbm":
        sub = fit.params.get("subsample", 1.0)
        sub = float(sub) if isinstance(sub, int | float) and 0 < sub <= 1 else 1.0
        return r * n * sub * f * _depth(fit, 3) * math.log2(n)
    if family in ("hgb", "lgbm"):
        return r * (n * f + 2000.0)  # a histogram pass over the data, plus a per-round cost
    if family == "svm":
        probability = 5.0 if fit.params.get("probability") is True else 1.0
        return probability * n * n * f
    if family == "gp":
        restarts = fit.params.get("n_restarts_optimizer", 0)
        restarts = restarts if isinstance(restarts, int) and restarts >= 0 else 0
        return (1 + restarts) * n**3
    if family == "mlp":
        hidden = fit.params.get("hidden_layer_sizes", (100,))
        width = sum(hidden) if isinstance(hidden, list | tuple) else hidden
        width = float(width) if isinstance(width, int | float) else 100.0
        return r * n * f * width
    if family == "tree":
        return n * _depth(fit, None) * f
    return n * f  # linear models, a neighbours' index, Python statements (rows = statements)
