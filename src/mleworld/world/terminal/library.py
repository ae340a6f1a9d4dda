"""What common library calls return, in the output synthesiser's abstract run.

The walk (walk.py) handles the program's own code; this module models the
functions it calls in Python, pandas, numpy, scikit-learn, LightGBM/XGBoost and
logging, as far as the printed output depends on them: the shapes of
DataFrames (read from the data overview, split, concatenated, one-hot
encoded), the number of folds a splitter yields, the score a metric returns
(the predicted metric, a little apart per fold), the work a model fit costs
(where a timeout interrupts the program), and what `print`, `logging` and
`sys.stdout.write` put on the terminal.

Anything not modelled is an `Unknown` named for the call; the walk carries on.
Methods and attributes of the values are objects.py's job.
"""

from __future__ import annotations

import ast
import json
import math
import posixpath
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal import boosting
from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.trace import Enumerated, Halt
from mleworld.world.terminal.values import (
    Column,
    ColumnInfo,
    Estimator,
    IndexArray,
    Logger,
    Squared,
    Table,
    Unknown,
)

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker

__all__ = ["call_library"]


# Small zero-mean offsets, in units of 1% of the metric, for successive folds.
_JITTER = (0.6, -0.5, 0.9, -0.8, 0.2, -0.3, 0.7, -0.6, 0.1, -0.4)

_SQUARED_METRICS = frozenset({"mean_squared_error", "mean_squared_log_error"})

_SCORE_FUNCS = frozenset(
    {
        *("roc_auc_score", "accuracy_score", "f1_score", "log_loss", "mean_absolute_error"),
        *("r2_score", "balanced_accuracy_score", "precision_score", "recall_score"),
        *("average_precision_score", "cohen_kappa_score", "matthews_corrcoef"),
        *("median_absolute_error", "mean_absolute_percentage_error"),
        *("root_mean_squared_error", "root_mean_squared_log_error", "jaccard_score"),
        *("top_k_accuracy_score", "explained_variance_score", "brier_score_loss"),
        *(
            "hamming_loss",
            "zero_one_loss",
            "fbeta_score",
            "mean_pinball_loss",
            "d2_absolute_error_score",
        ),
    }
)

_SPLITTERS = frozenset(
    {
        *("KFold", "StratifiedKFold", "GroupKFold", "StratifiedGroupKFold", "TimeSeriesSplit"),
        *("RepeatedKFold", "RepeatedStratifiedKFold", "ShuffleSplit", "StratifiedShuffleSplit"),
        "MultilabelStratifiedKFold",
    }
)

_CV_RUNNERS = frozenset({"cross_val_score", "cross_validate", "cross_val_predict"})

_SEARCHES = frozenset({"GridSearchCV", "RandomizedSearchCV", "HalvingGridSearchCV"})

_READERS = frozenset(
    {"read_csv", "read_parquet", "read_json", "read_feather", "read_excel", "read_table", "load"}
)

_SAME_SHAPE = frozenset(
    {
        *("copy", "fillna", "reset_index", "astype", "sort_values", "sort_index", "replace"),
        *("clip", "round", "abs", "rename", "ffill", "bfill", "interpolate", "infer_objects"),
        *("isna", "isnull", "notna", "notnull", "to_numpy", "apply", "applymap", "map"),
        *("transform", "where", "mask", "pipe", "convert_dtypes", "reindex"),
    }
)

_REDUCE = frozenset({"mean", "median", "std", "var", "sum", "min", "max", "nunique", "count"})

_BOOSTERS = ("LGBM", "XGB", "CatBoost", "GradientBoosting", "HistGradientBoosting")

_FORESTS = ("RandomForest", "ExtraTrees")

_KNOWN_LOG_LEVELS = {"debug": 10, "info": 20, "warning": 30, "warn": 30, "error": 40}


_CONSTANTS: dict[str, Any] = {
    "logging.DEBUG": 10,
    "logging.INFO": 20,
    "logging.WARNING": 30,
    "logging.WARN": 30,
    "logging.ERROR": 40,
    "logging.CRITICAL": 50,
    "numpy.nan": math.nan,
    "numpy.NaN": math.nan,
    "numpy.inf": math.inf,
    "numpy.pi": math.pi,
    "numpy.e": math.e,
    "math.pi": math.pi,
    "math.e": math.e,
    "math.inf": math.inf,
    "math.nan": math.nan,
    "os.sep": "/",
    "sys.maxsize": 2**63 - 1,
}

_SAFE_STR_METHODS = frozenset(
    {
        *("upper", "lower", "title", "capitalize", "strip", "lstrip", "rstrip", "replace"),
        *("split", "rsplit", "startswith", "endswith", "join", "ljust", "rjust", "center"),
        *("zfill", "count", "find", "removeprefix", "removesuffix", "isdigit", "splitlines"),
        "casefold",
    }
)

_NUMERIC_DTYPE = ("int", "float", "uint", "Int", "Float", "UInt")


def _module(qualname: str) -> str:
    return qualname.split(".", 1)[0]


def call_library(
    w: Walker, qualname: str, args: list[Any], kwargs: dict[str, Any], node: ast.Call
) -> Any:

    leaf = qualname.rsplit(".", 1)[-1]
    mod = _module(qualname)
    if mod == "builtins":
        return _builtin(w, leaf, args, kwargs, node)
    if mod == "logging":
        return _logging(w, leaf, args, kwargs, node)
    if qualname in ("sys.exit", "os._exit"):
        raise Halt
    if qualname in ("sys.stdout.write", "sys.stderr.write"):
        if args and isinstance(args[0], str):
            w.emit(args[0], "")
        return None
    if mod == "os":
        return _os(leaf, qualname, args)
    if qualname in ("pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath"):
        parts = [str(a) for a in args if isinstance(a, (str, PurePosixPath))]
        return PurePosixPath(*parts) if parts or not args else Unknown("path")
    if mod == "time" and leaf in ("time", "perf_counter", "monotonic", "process_time"):
        return w.clock()
    if qualname == "json.dumps" and args:
        try:
            indent = kwargs.get("indent")
            return json.dumps(tp.plain(args[0], w.scene), indent=indent, default=str)
        except (TypeError, ValueError):
            return Unknown("dumps")
    if leaf in _READERS and mod in ("pandas", "numpy", "polars", "pyarrow"):
        path = args[0] if args else kwargs.get("filepath_or_buffer", kwargs.get("path"))
        return w.read_table(path, node)
    if leaf in _SCORE_FUNCS:
        _check_score_inputs(w, leaf, args, node)
        return w.score(leaf)
    if leaf in _SQUARED_METRICS:
        rooted = "root_" + leaf
        root = w.score(rooted)
        squared = kwargs.get("squared", True)
        return root if squared is False else Squared(root)
    if mod == "pandas":
        return _pandas(w, leaf, args, kwargs, node)
    if mod == "scipy" and leaf in ("hstack", "vstack"):
        return _stack(leaf, args[0] if args else kwargs.get("blocks"), kwargs)
    if mod == "scipy" and leaf.endswith(("_matrix", "_array")):
        a0 = args[0] if args else None
        return Table(a0.rows, a0.cols, None, array=True) if isinstance(a0, Table) else a0
    if mod == "numpy":
        return _numpy(w, leaf, args, kwargs)
    if mod == "math":
        return _math(leaf, args)
    if leaf in _SPLITTERS:
        params = dict(kwargs)
        if args and isinstance(args[0], int):
            params.setdefault("n_splits", args[0])
        return Estimator(leaf, qualname, params)
    if leaf == "train_test_split":
        return _train_test_split(args, kwargs)
    if leaf in _CV_RUNNERS:
        model = args[0] if args else kwargs.get("estimator")
        folds = w.fold_count(kwargs.get("cv", 5))
        w.expensive(node, model, args[1:2] or [kwargs.get("X")], factor=folds)
        if leaf == "cross_val_predict":
            return Column(_rows(args[1] if len(args) > 1 else kwargs.get("X")))
        scores = w.scores(folds, scoring_call(kwargs.get("scoring"), model))
        scoring = kwargs.get("scoring")
        if isinstance(scoring, str) and scoring.startswith("neg_"):
            scores = [-s for s in scores]
        if leaf == "cross_validate":
            return {"test_score": scores, "fit_time": [0.5] * folds}
        return scores
    if leaf in ("make_pipeline", "Pipeline"):
        steps = args[0] if leaf == "Pipeline" and args else args
        last = steps[-1] if isinstance(steps, (list, tuple)) and steps else None
        if isinstance(last, tuple) and len(last) == 2:
            last = last[1]
        if isinstance(last, Estimator):
            # The pipeline behaves as its model for cost and output, but is a Pipeline.
            wrapped = Estimator(last.cls, last.qualname, dict(last.params))
            wrapped.wrapper = "sklearn.pipeline.Pipeline"
            return wrapped
        return Estimator("Pipeline", "sklearn.pipeline.Pipeline", {})
    if mod == "lightgbm" and leaf in ("early_stopping", "log_evaluation"):
        return boosting.callback(leaf, args, kwargs)
    if mod in ("lightgbm", "xgboost", "catboost") and leaf in ("train", "cv"):
        params = args[0] if args and isinstance(args[0], dict) else kwargs.get("params", {})
        params = params if isinstance(params, dict) else {}
        rounds = kwargs.get("num_boost_round", args[2] if len(args) > 2 else 100)
        rounds = rounds if isinstance(rounds, int) and rounds > 0 else 100
        model = Estimator("LGBMBooster", qualname, {"n_estimators": rounds, **params})
        data = args[1] if len(args) > 1 else kwargs.get("train_set", kwargs.get("dtrain"))
        w.expensive(node, model, [data])
        if mod == "lightgbm" and leaf == "train":
            valid = kwargs.get("valid_sets") or []
            names = kwargs.get("valid_names")
            model.fitted.update(
                boosting.train_log(
                    w,
                    params,
                    data,
                    list(valid) if isinstance(valid, (list, tuple)) else [valid],
                    list(names) if isinstance(names, (list, tuple)) else None,
                    kwargs.get("callbacks") or [],
                    rounds,
                )
            )
        return model
    if leaf in ("Dataset", "DMatrix", "Pool"):
        data = args[0] if args else kwargs.get("data")
        label = args[1] if len(args) > 1 else kwargs.get("label")
        return Estimator("Dataset", qualname, {"data": data, "label": label})
    if leaf == "classification_report":
        return _classification_report(w, args, kwargs)
    if leaf == "confusion_matrix":
        return _confusion_matrix(args, kwargs)
    if leaf[:1].isupper():
        params = dict(zip(_POSITIONAL.get(leaf, ()), args, strict=False))
        params.update(kwargs)
        return Estimator(leaf, qualname, params)
    return Unknown(leaf)


# scikit-learn scorer names as the scoring function they call.
_SCORING_CALLS = {
    "roc_auc": "roc_auc_score",
    "roc_auc_ovr": "roc_auc_score",
    "roc_auc_ovo": "roc_auc_score",
    "average_precision": "average_precision_score",
    "accuracy": "accuracy_score",
    "balanced_accuracy": "balanced_accuracy_score",
    "neg_log_loss": "log_loss",
    "neg_brier_score": "brier_score_loss",
    "neg_root_mean_squared_error": "root_mean_squared_error",
    "neg_mean_squared_error": "mean_squared_error",
    "neg_mean_absolute_error": "mean_absolute_error",
    "neg_median_absolute_error": "median_absolute_error",
    "neg_mean_squared_log_error": "mean_squared_log_error",
    "neg_root_mean_squared_log_error": "root_mean_squared_log_error",
    "neg_mean_absolute_percentage_error": "mean_absolute_percentage_error",
    "r2": "r2_score",
}


def scoring_call(scoring: Any, model: Any) -> str:
    """The scoring function behind a `scoring=` argument (or the estimator's own score)."""
    if isinstance(scoring, str):
        if scoring.startswith(("f1", "precision", "recall", "jaccard")):
            return scoring.split("_")[0] + "_score"
        return _SCORING_CALLS.get(scoring, "accuracy_score")
    cls = getattr(model, "cls", "") or ""
    return (
        "r2_score"
        if "Regress" in cls or cls.endswith(("SVR", "Lasso", "Ridge"))
        else ("accuracy_score")
    )


# Leading positional parameters of the classes programs construct with them.
_POSITIONAL = {
    "GridSearchCV": ("estimator", "param_grid"),
    "RandomizedSearchCV": ("estimator", "param_distributions"),
    "HalvingGridSearchCV": ("estimator", "param_grid"),
    "VotingClassifier": ("estimators",),
    "VotingRegressor": ("estimators",),
    "StackingClassifier": ("estimators",),
    "StackingRegressor": ("estimators",),
    "PCA": ("n_components",),
    "TruncatedSVD": ("n_components",),
    "KNeighborsClassifier": ("n_neighbors",),
    "KNeighborsRegressor": ("n_neighbors",),
    "SelectKBest": ("score_func",),
    "PolynomialFeatures": ("degree",),
}


def _classes_of(labels: Any, kwargs: dict[str, Any]) -> list[str]:
    names = kwargs.get("target_names", kwargs.get("labels"))
    if isinstance(names, (list, tuple)) and names:
        return [str(n) for n in names]
    info = labels.info if isinstance(labels, Column) else None
    if info is not None and info.top and info.dtype in ("object", "str", "string", "category"):
        return sorted(info.top)
    count = info.unique if info is not None and info.unique and info.unique <= 50 else 2
    return [str(i) for i in range(count)]


def _classification_report(w: Walker, args: list[Any], kwargs: dict[str, Any]) -> str:
    """scikit-learn's text report, laid out as `classification_report` lays it out."""
    y_true = args[0] if args else kwargs.get("y_true")
    classes = _classes_of(y_true, kwargs)
    rows = _rows(y_true) or 100 * len(classes)
    digits = kwargs.get("digits", 2)
    digits = digits if isinstance(digits, int) and 0 <= digits <= 10 else 2
    score = w.score("accuracy_score")
    level = score if 0.3 <= score <= 1.0 else 0.85
    supports = [
        rows // len(classes) + (1 if i < rows % len(classes) else 0) for i in range(len(classes))
    ]
    width = max(len("weighted avg"), *(len(c) for c in classes), digits)
    head = f"{'':>{width}} " + "".join(
        f" {h:>9}" for h in ("precision", "recall", "f1-score", "support")
    )
    lines = [head, ""]
    spreads = (0.02, -0.03, 0.01, -0.015, 0.025, -0.01)
    for i, (name, support) in enumerate(zip(classes, supports, strict=False)):
        p = min(1.0, max(0.0, level + spreads[i % len(spreads)]))
        r = min(1.0, max(0.0, level - spreads[(i + 1) % len(spreads)]))
        f = 2 * p * r / (p + r) if p + r else 0.0
        lines.append(
            f"{name:>{width}} "
            + "".join(f" {v:>9.{digits}f}" for v in (p, r, f))
            + f" {support:>9}"
        )
    lines.append("")
    total = sum(supports)
    lines.append(f"{'accuracy':>{width}} " + f" {'':>9}" * 2 + f" {level:>9.{digits}f} {total:>9}")
    for name in ("macro avg", "weighted avg"):
        lines.append(
            f"{name:>{width}} "
            + "".join(f" {level:>9.{digits}f}" for _ in range(3))
            + f" {total:>9}"
        )
    return "\n".join(lines) + "\n"


def _confusion_matrix(args: list[Any], kwargs: dict[str, Any]) -> Any:
    y_true = args[0] if args else kwargs.get("y_true")
    k = len(_classes_of(y_true, kwargs))
    rows = _rows(y_true) or 100 * k
    per = rows // k
    return _Matrix([[per - 2 * (k - 1) if i == j else 2 for j in range(k)] for i in range(k)])


class _Matrix(list):  # type: ignore[type-arg]
    """A small integer matrix that prints as numpy prints it."""

    def __str__(self) -> str:
        width = max(len(str(v)) for row in self for v in row)
        body = "\n ".join("[" + " ".join(f"{v:>{width}}" for v in row) + "]" for row in self)
        return f"[{body}]"


def _builtin(w: Walker, leaf: str, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> Any:
    a0 = args[0] if args else None
    if leaf == "print":
        w.print_call(args, kwargs, node)
        return None
    if leaf == "len":
        if isinstance(a0, (Table, Column, IndexArray)):
            return a0.rows if a0.rows is not None else Unknown("len")
        items = w.items_of(a0)
        return len(items) if items is not None else Unknown("len")
    if leaf == "range":
        if args and all(isinstance(a, int) for a in args):
            return range(*args)
        return Unknown("range")
    if leaf == "enumerate":
        items = w.items_of(a0)
        start = kwargs.get("start", args[1] if len(args) > 1 else 0)
        if items is None or not isinstance(start, int):
            return Enumerated(a0, start if isinstance(start, int) else 0)
        return [(start + i, item) for i, item in enumerate(items)]
    if leaf == "zip":
        lists = [w.items_of(a) for a in args]
        if any(x is None for x in lists):
            return Unknown("zip")
        return [tuple(t) for t in zip(*lists, strict=False)]  # type: ignore[arg-type]
    if leaf in ("list", "tuple", "sorted", "reversed", "set", "frozenset"):
        if not args:
            return {"list": [], "tuple": (), "set": set(), "frozenset": frozenset()}.get(leaf, [])
        items = w.items_of(a0)
        if items is None:
            return Unknown(getattr(a0, "hint", leaf))
        try:
            if leaf == "sorted":
                key = kwargs.get("key")
                reverse = bool(kwargs.get("reverse", False))
                if key is not None:
                    keyed = [(w.call(key, [x], {}, node), i, x) for i, x in enumerate(items[:1000])]
                    if not all(isinstance(k, (int, float, str)) for k, _, _ in keyed):
                        return list(items)
                    return [x for _, _, x in sorted(keyed, key=lambda t: t[:2], reverse=reverse)]
                return sorted(items, reverse=reverse)
            if leaf == "reversed":
                return list(reversed(items))
            return {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}[leaf](items)
        except TypeError:
            return list(items)
    if leaf == "dict":
        out: dict[Any, Any] = {}
        if a0 is not None:
            if isinstance(a0, dict):
                out.update(a0)
            else:
                for pair in w.items_of(a0) or []:
                    if isinstance(pair, tuple) and len(pair) == 2:
                        out[pair[0]] = pair[1]
        out.update(kwargs)
        return out
    if leaf in ("sum", "min", "max"):
        items = w.items_of(a0) if len(args) == 1 else list(args)
        key = kwargs.get("key")
        if leaf != "sum" and items and key is not None:
            keyed = [(w.call(key, [x], {}, node), x) for x in items[:1000]]
            if all(isinstance(k, (int, float)) for k, _ in keyed):
                pick = min if leaf == "min" else max
                return pick(keyed, key=lambda kx: kx[0])[1]
            return Unknown(leaf)
        if items and all(isinstance(x, (int, float)) for x in items):
            return {"sum": sum, "min": min, "max": max}[leaf](items)
        if leaf == "sum" and items == []:
            return 0
        return Unknown(getattr(a0, "hint", leaf) if len(args) == 1 else leaf)
    if leaf in ("abs", "round"):
        if isinstance(a0, (int, float)):
            return abs(a0) if leaf == "abs" else round(a0, *args[1:2])
        return Unknown(getattr(a0, "hint", leaf))
    if leaf in ("int", "float", "bool"):
        if a0 is None and not args:
            return {"int": 0, "float": 0.0, "bool": False}[leaf]
        try:
            if isinstance(a0, (int, float, str, bool)):
                return {"int": int, "float": float, "bool": bool}[leaf](a0)
        except (ValueError, OverflowError):
            pass
        return Unknown(getattr(a0, "hint", leaf))
    if leaf == "str":
        return tp.to_text(a0, w.scene) if args else ""
    if leaf == "repr":
        return repr(a0) if isinstance(a0, (str, int, float)) else tp.to_text(a0, w.scene)
    if leaf == "format":
        spec = args[1] if len(args) > 1 and isinstance(args[1], str) else ""
        return tp.format_field(a0, spec, -1, w.scene)
    if leaf in ("any", "all"):
        items = w.items_of(a0)
        if items is not None and all(isinstance(x, (bool, int, float, str)) for x in items):
            return any(items) if leaf == "any" else all(items)
        return Unknown(leaf)
    if leaf == "open":
        w.event("file", node, str(a0) if isinstance(a0, (str, PurePosixPath)) else None)
        return Unknown("file")
    if leaf == "getattr" and len(args) >= 2 and isinstance(args[1], str):
        return w.attribute(a0, args[1], node)
    if leaf in ("exit", "quit"):
        raise Halt
    return Unknown(leaf)


def _logging(w: Walker, leaf: str, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> Any:
    if leaf == "basicConfig":
        if w.log.configured and not kwargs.get("force"):
            return None
        w.log.configured = True
        level = _level(kwargs.get("level", 30))
        w.log.level = level if level is not None else 30
        fmt = kwargs.get("format")
        style = kwargs.get("style", "%")
        w.log.style = style if style in ("%", "{", "$") else "%"
        if isinstance(fmt, str):
            w.log.fmt = fmt
        elif w.log.style == "{":
            w.log.fmt = "{levelname}:{name}:{message}"
        datefmt = kwargs.get("datefmt")
        w.log.datefmt = datefmt if isinstance(datefmt, str) else None
        return None
    if leaf == "getLogger":
        name = args[0] if args and isinstance(args[0], str) else "root"
        return Logger(name)
    if leaf in _KNOWN_LOG_LEVELS or leaf == "log":
        if not w.log.configured:
            # The module-level functions configure the root logger on first use.
            w.log.configured = True
        level = _KNOWN_LOG_LEVELS.get(leaf)
        if leaf == "log":
            level = _level(args[0]) if args else None
            args = args[1:]
        w.log_call(None, level or 20, args, node)
        return None
    return Unknown(leaf)


def _level(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        return tp.LEVELS.get(value.upper())
    return None


def _os(leaf: str, qualname: str, args: list[Any]) -> Any:
    strs = [str(a) for a in args if isinstance(a, (str, PurePosixPath))]
    if qualname == "os.path.join" and len(strs) == len(args) and strs:
        return posixpath.join(*strs)
    if qualname in ("os.path.exists", "os.path.isfile", "os.path.isdir"):
        return True
    if strs and qualname in (
        "os.path.basename",
        "os.path.dirname",
        "os.path.abspath",
        "os.path.normpath",
    ):
        return getattr(posixpath, leaf)(strs[0])
    if qualname == "os.path.splitext" and strs:
        return posixpath.splitext(strs[0])
    if qualname in ("os.makedirs", "os.mkdir", "os.chdir", "os.remove"):
        return None
    if qualname == "os.cpu_count":
        return 2
    if qualname == "os.getcwd":
        return "/workspace"
    return Unknown(leaf)


def _math(leaf: str, args: list[Any]) -> Any:
    if leaf == "sqrt" and args and isinstance(args[0], Squared):
        return args[0].root
    fn = getattr(math, leaf, None)
    if fn is not None and args and all(isinstance(a, (int, float)) for a in args):
        try:
            return fn(*args)
        except (ValueError, OverflowError, TypeError):
            return math.nan
    return Unknown(leaf)


def _numbers(value: Any, w: Walker) -> list[float] | None:
    items = w.items_of(value) if isinstance(value, (list, tuple)) else None
    if items and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in items):
        return [float(x) for x in items]
    return None


def _numpy(w: Walker, leaf: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    a0 = args[0] if args else kwargs.get("a")
    nums = _numbers(a0, w)
    if leaf in ("mean", "average", "nanmean", "median", "nanmedian") and nums:
        if leaf in ("median", "nanmedian"):
            s = sorted(nums)
            mid = len(s) // 2
            return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
        if all(isinstance(x, Squared) for x in a0):
            return Squared(sum(x.root for x in a0) / len(a0))
        return sum(nums) / len(nums)
    if leaf in ("std", "nanstd", "var", "nanvar") and nums:
        mean = sum(nums) / len(nums)
        var = sum((x - mean) ** 2 for x in nums) / max(len(nums) - int(kwargs.get("ddof", 0)), 1)
        return var if "var" in leaf else math.sqrt(var)
    if leaf in ("sum", "min", "max", "amin", "amax", "nansum") and nums:
        return {"sum": sum, "nansum": sum, "min": min, "amin": min}.get(leaf, max)(nums)
    if leaf == "sqrt" and isinstance(a0, Squared):
        return a0.root
    if leaf == "sqrt" and isinstance(a0, list) and all(isinstance(x, Squared) for x in a0):
        return [x.root for x in a0]
    unary = {"sqrt", "log", "log1p", "exp", "expm1", "abs", "floor", "ceil", "round", "clip"}
    if leaf in unary:
        if isinstance(a0, (int, float)) and not isinstance(a0, bool):
            return (
                _math({"abs": "fabs", "round": "floor"}.get(leaf, leaf), [a0])
                if leaf
                not in (
                    "round",
                    "clip",
                )
                else a0
            )
        if isinstance(a0, (Table, Column)):
            return a0
        if nums is not None and leaf not in ("clip", "round"):
            return [_math({"abs": "fabs"}.get(leaf, leaf), [x]) for x in nums]
        return a0 if isinstance(a0, list) else Unknown(getattr(a0, "hint", leaf))
    if leaf in ("zeros", "ones", "empty", "full"):
        shape = a0 if a0 is not None else kwargs.get("shape")
        if isinstance(shape, int):
            return Column(shape)
        if isinstance(shape, tuple) and len(shape) == 2:
            rows, cols = shape
            return Table(
                rows if isinstance(rows, int) else None,
                cols if isinstance(cols, int) else None,
                array=True,
            )
        return Column(None)
    if leaf in ("zeros_like", "ones_like", "full_like", "empty_like", "array", "asarray", "where"):
        if leaf == "where" and len(args) > 1:
            a0 = args[1]
        if isinstance(a0, Table):
            return Table(a0.rows, a0.cols, array=True)
        if isinstance(a0, (Column, list)):
            return a0
        return Unknown(getattr(a0, "hint", leaf))
    if leaf in ("vstack", "hstack", "column_stack", "concatenate", "c_", "stack"):
        return _stack(leaf, a0, kwargs)
    if leaf in ("argmax", "argmin", "argsort") and isinstance(a0, Table):
        return Column(a0.rows)
    if leaf in ("mean", "median", "std", "var", "sum", "min", "max") and isinstance(a0, Table):
        axis = kwargs.get("axis", args[1] if len(args) > 1 else None)
        if axis == 1:
            return Column(a0.rows)
        if axis == 0:
            return Column(a0.cols)
        return Unknown(leaf)
    if leaf in ("mean", "median") and isinstance(a0, Column):
        return Unknown(a0.name or leaf)
    if leaf == "unique" and isinstance(a0, Column) and a0.info and a0.info.unique:
        return Column(a0.info.unique)
    if leaf in ("seed", "set_printoptions", "random_seed"):
        return None
    return Unknown(getattr(a0, "hint", "") or leaf)


def _stack(leaf: str, parts: Any, kwargs: dict[str, Any]) -> Any:
    items = list(parts) if isinstance(parts, (list, tuple)) else []
    tables = [p for p in items if isinstance(p, (Table, Column))]
    if not tables or len(tables) != len(items):
        return Unknown(leaf)
    first = tables[0]
    if leaf in ("vstack",) or (leaf == "concatenate" and kwargs.get("axis", 0) == 0):
        rows = [t.rows for t in tables]
        total = sum(r for r in rows if r is not None) if None not in rows else None
        if isinstance(first, Column):
            return Column(total)
        return Table(total, first.cols, array=True)
    cols = [t.cols if isinstance(t, Table) else 1 for t in tables]
    return Table(first.rows, sum(c for c in cols if c is not None), array=True)


def _check_lengths(w: Walker, data: dict[Any, Any], node: ast.AST) -> None:
    """`pd.DataFrame({...})` of columns of different lengths: the ValueError pandas raises."""
    index = next((v.rows for v in data.values() if isinstance(v, Column) and v.series), None)
    lengths = [_rows(v) for v in data.values() if _rows(v) is not None]
    if index is not None:
        bad = next((v for v in data.values() if _rows(v) is not None and _rows(v) != index), None)
        if bad is not None:
            message = f"array length {_rows(bad)} does not match index length {index}"
            w.event("problem", node, ("ValueError", message))
    elif len(set(lengths)) > 1:
        w.event("problem", node, ("ValueError", "All arrays must be of the same length"))


def _check_score_inputs(w: Walker, leaf: str, args: list[Any], node: ast.AST) -> None:
    """A 2-D probability array scored as 1-D: the ValueError scikit-learn raises."""
    y_pred = args[1] if len(args) > 1 else None
    if not (isinstance(y_pred, Table) and y_pred.cols is not None and y_pred.cols >= 2):
        return
    if leaf in ("roc_auc_score", "average_precision_score"):
        rows = y_pred.rows if y_pred.rows is not None else 100
        message = f"y should be a 1d array, got an array of shape ({rows}, {y_pred.cols}) instead."
    elif leaf in ("accuracy_score", "f1_score", "precision_score", "recall_score"):
        message = (
            "Classification metrics can't handle a mix of binary and continuous-multioutput targets"
        )
    else:
        return
    w.event("problem", node, ("ValueError", message))


def _pandas(w: Walker, leaf: str, args: list[Any], kwargs: dict[str, Any], node: ast.AST) -> Any:
    a0 = args[0] if args else kwargs.get("data", kwargs.get("objs"))
    if leaf == "DataFrame":
        columns = kwargs.get("columns")
        if isinstance(a0, dict):
            _check_lengths(w, a0, node)
            rows = next((_rows(v) for v in a0.values() if _rows(v) is not None), None)
            if rows is None:
                lengths = [len(v) for v in a0.values() if isinstance(v, list)]
                rows = lengths[0] if lengths else None
            names = [str(k) for k in a0]
            return Table(rows, len(names), names)
        if isinstance(a0, Table):
            names = list(columns) if isinstance(columns, list) else a0.columns
            return Table(a0.rows, len(names) if names is not None else a0.cols, names)
        if isinstance(a0, Column):
            return Table(a0.rows, 1, [a0.name] if a0.name else None)
        if isinstance(columns, list):
            return Table(None, len(columns), [str(c) for c in columns])
        return Table(None, None)
    if leaf == "Series":
        return Column(
            _rows(a0), kwargs.get("name") if isinstance(kwargs.get("name"), str) else None
        )
    if leaf == "concat":
        out = _concat(a0, kwargs.get("axis", 0))
        keys = kwargs.get("keys")
        if isinstance(out, Table) and isinstance(keys, (list, tuple)) and isinstance(a0, list):
            out.parts = {str(k): _rows(p) for k, p in zip(keys, a0, strict=False)}
        return out
    if leaf == "get_dummies":
        return _dummies(
            a0,
            kwargs.get("columns"),
            bool(kwargs.get("drop_first", False)),
            bool(kwargs.get("dummy_na", False)),
        )
    if leaf == "merge" and len(args) >= 2 and isinstance(args[0], Table):
        return _merge(args[0], args[1])
    if leaf in ("to_datetime", "to_numeric", "isna", "isnull", "notna", "cut", "qcut"):
        return a0 if isinstance(a0, (Table, Column)) else Unknown(leaf)
    if leaf.startswith("is_") and leaf.endswith("_dtype"):
        return _dtype_check(leaf, a0)
    if leaf in ("set_option", "options"):
        return None
    return Unknown(leaf)


def _dtype_check(leaf: str, value: Any) -> Any:
    info = value.info if isinstance(value, Column) else None
    if info is None:
        return Unknown(leaf)
    dtype = info.dtype
    numeric = dtype.startswith(_NUMERIC_DTYPE) or dtype == "bool"
    checks = {
        "is_numeric_dtype": numeric,
        "is_float_dtype": dtype.startswith(("float", "Float")),
        "is_integer_dtype": dtype.startswith(("int", "Int", "uint", "UInt")),
        "is_bool_dtype": dtype == "bool",
        "is_object_dtype": dtype in ("object", "str", "string"),
        "is_string_dtype": dtype in ("object", "str", "string"),
        "is_categorical_dtype": dtype == "category",
        "is_datetime64_any_dtype": dtype.startswith("datetime"),
        "is_datetime64_dtype": dtype.startswith("datetime"),
    }
    return checks.get(leaf, Unknown(leaf))


def _concat(parts: Any, axis: Any) -> Any:
    items = list(parts) if isinstance(parts, (list, tuple)) else []
    tables = [p for p in items if isinstance(p, (Table, Column))]
    if not tables or len(tables) != len(items):
        return Table(None, None)
    if axis in (1, "columns"):
        names: list[str] | None = []
        cols: int | None = 0
        info: dict[str, ColumnInfo] = {}
        for t in tables:
            if isinstance(t, Column):
                cols = cols + 1 if cols is not None else None
                if names is not None:
                    names = [*names, t.name] if t.name else None
                if t.name and t.info:
                    info[t.name] = t.info
            else:
                cols = cols + t.cols if t.cols is not None and cols is not None else None
                names = [*names, *t.columns] if names is not None and t.columns else None
                info.update(t.info)
        return Table(tables[0].rows, cols, names, info)
    rows = [t.rows for t in tables]
    total = sum(r for r in rows if r is not None) if None not in rows else None
    if all(isinstance(t, Column) for t in tables):
        return Column(total, tables[0].name)  # type: ignore[union-attr]
    first = next(t for t in tables if isinstance(t, Table))
    names2: list[str] = []
    info2: dict[str, ColumnInfo] = {}
    for t in tables:
        if isinstance(t, Table) and t.columns is not None:
            names2.extend(c for c in t.columns if c not in names2)
            info2.update({k: v for k, v in t.info.items() if k not in info2})
    if names2 and all(isinstance(t, Table) and t.columns is not None for t in tables):
        return Table(total, len(names2), names2, info2)
    return Table(total, first.cols, None, dict(first.info))


def _dummies(table: Any, columns: Any, drop_first: bool, dummy_na: bool = False) -> Any:
    extra_na = int(dummy_na)
    if isinstance(table, Column):
        unique = table.info.unique if table.info and table.info.unique else 5
        return Table(table.rows, unique - int(drop_first) + extra_na, None)
    if not isinstance(table, Table) or table.columns is None:
        return table if isinstance(table, Table) else Unknown("get_dummies")
    if isinstance(columns, list):
        chosen = [c for c in columns if c in table.columns]
    else:
        chosen = [
            c
            for c in table.columns
            if (table.info.get(c) or ColumnInfo("float64", None)).dtype
            in ("object", "str", "string", "category", "bool")
        ]
    extra = 0
    for c in chosen:
        unique = (table.info.get(c) or ColumnInfo("object", None)).unique or 5
        extra += max(unique - int(drop_first), 1) + extra_na
    cols = len(table.columns) - len(chosen) + extra
    out = Table(table.rows, cols, None)
    out.parts = table.parts
    return out


def _merge(left: Table, right: Any) -> Table:
    cols = None
    if isinstance(right, Table) and left.cols is not None and right.cols is not None:
        cols = left.cols + right.cols - 1
    return Table(left.rows, cols, None)


def _train_test_split(args: list[Any], kwargs: dict[str, Any]) -> list[Any]:
    test_size = kwargs.get("test_size")
    train_size = kwargs.get("train_size")
    out: list[Any] = []
    for arr in args:
        rows = _rows(arr)
        test_rows: int | None = None
        if rows is not None:
            if isinstance(test_size, float) and 0 < test_size < 1:
                test_rows = math.ceil(rows * test_size)
            elif isinstance(test_size, int) and not isinstance(test_size, bool):
                test_rows = test_size
            elif isinstance(train_size, float) and 0 < train_size < 1:
                test_rows = rows - math.floor(rows * train_size)
            else:
                test_rows = math.ceil(rows * 0.25)
        train_rows = None if rows is None or test_rows is None else rows - test_rows
        out.append(_with_rows(arr, train_rows))
        out.append(_with_rows(arr, test_rows))
    return out


def _with_rows(value: Any, rows: int | None) -> Any:
    if isinstance(value, Table):
        return value.with_rows(rows)
    if isinstance(value, Column):
        return Column(rows, value.name, value.info)
    if isinstance(value, IndexArray):
        return IndexArray(rows)
    return Unknown(getattr(value, "hint", "split"))


def _rows(value: Any) -> int | None:
    if isinstance(value, (Table, Column, IndexArray)):
        return value.rows
    if isinstance(value, list):
        return len(value)
    return None


def _names_arg(value: Any) -> list[str] | None:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def _search_size(est: Estimator) -> int:
    grid = est.params.get("param_grid", est.params.get("param_distributions"))
    if est.cls.startswith("Randomized"):
        n = est.params.get("n_iter", 10)
        return n if isinstance(n, int) and n > 0 else 10
    if isinstance(grid, dict):
        size = 1
        for values in grid.values():
            size *= len(values) if isinstance(values, (list, tuple)) else 1
        return max(size, 1)
    return 10


def _n_splits(est: Estimator) -> int:
    n = est.params.get("n_splits", 5)
    n = n if isinstance(n, int) and not isinstance(n, bool) and n > 1 else 5
    if est.cls.startswith("Repeated"):
        repeats = est.params.get("n_repeats", 10)
        n *= repeats if isinstance(repeats, int) and repeats > 0 else 10
    if "Shuffle" in est.cls:
        splits = est.params.get("n_splits", 10)
        n = splits if isinstance(splits, int) and splits > 0 else 10
    return n


def _rows_of(value: Any) -> int | None:
    if isinstance(value, Estimator) and value.cls == "Dataset":
        value = value.params.get("data")
    if isinstance(value, (Table, Column, IndexArray)):
        return value.rows
    return None


def _fit_weight(model: Any, rows: int | None) -> float:
    size = max(1.0, (rows or 1000) / 1000.0)
    cls = getattr(model, "cls", "") or ""
    params = getattr(model, "params", {}) or {}
    if any(b in cls for b in _BOOSTERS):
        rounds = params.get("n_estimators", params.get("max_iter", params.get("iterations", 100)))
        rounds = rounds if isinstance(rounds, (int, float)) and rounds > 0 else 100
        return 0.5 * size * rounds / 100.0
    if any(f in cls for f in _FORESTS):
        trees = params.get("n_estimators", 100)
        trees = trees if isinstance(trees, (int, float)) and trees > 0 else 100
        return 0.4 * size * trees / 100.0
    if cls.startswith(("SVC", "SVR", "KNeighbors", "MLP")):
        return 1.0 * size * size
    if cls.endswith(("Scaler", "Encoder", "Imputer", "Vectorizer", "Transformer")):
        return 0.01 * size
    return 0.2 * size


def _mean_jitter(count: int, seed: int) -> float:
    n = min(count, len(_JITTER))
    return sum(_JITTER[(i + seed) % len(_JITTER)] for i in range(n)) / n
