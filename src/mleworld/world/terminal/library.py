"""Where a call into a library goes, in the output synthesiser's abstract run.

The walk (walk.py) handles the program's own code; `call_library` takes each
call into Python, pandas, numpy, scikit-learn, LightGBM/XGBoost or logging and
returns what it returns as far as the printed output depends on it. Small
cases (`sys.exit`, `json.dumps`, `pathlib.Path`, model constructors, pipelines,
`lightgbm.train`) are answered here; the rest go to the module that models
that library: pycalls.py (builtins, logging, os, math), tabular.py (numpy,
pandas), learning.py (scikit-learn metrics, splitters, cross-validation).

Anything not modelled is an `Unknown` named for the call; the walk carries on.
Methods and attributes of the values are objects.py's job.
"""

from __future__ import annotations

import ast
import json
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from mleworld.world.static.installed import positional_parameters
from mleworld.world.terminal import boosting
from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.learning import (
    _CV_RUNNERS,
    _SCORE_FUNCS,
    _SPLITTERS,
    _SQUARED_METRICS,
    _classification_report,
    _confusion_matrix,
    _train_test_split,
    scoring_call,
)
from mleworld.world.terminal.pycalls import _builtin, _logging, _math, _os
from mleworld.world.terminal.tabular import _READERS, _numpy, _pandas, _rows, _stack
from mleworld.world.terminal.trace import Halt
from mleworld.world.terminal.values import Column, Estimator, Squared, Table, Unknown

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker

__all__ = ["call_library"]


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
        params = dict(zip(positional_parameters(qualname), args, strict=False))
        params.update(kwargs)
        return Estimator(leaf, qualname, params)
    return Unknown(leaf)
