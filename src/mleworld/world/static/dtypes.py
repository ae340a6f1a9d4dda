"""Text columns reaching a numeric estimator: "could not convert string to float: 'x'".

When a scikit-learn estimator (or a pipeline whose first numeric step is one) is
fitted on a frame whose values are still exactly the input file's (`Frame.pristine`:
read with a plain read_csv, then only columns selected or dropped), the real
columns are read from the file and handed to scikit-learn's own `check_array`
(what every estimator's fit runs first); a ValueError it raises is the program's,
with the library's message (the first cell that does not convert, as numpy meets
it). Steps that accept text (a most-frequent or constant imputer) are run for real
first; a pipeline step analysis does not know about (an encoder, a column
transformer) ends the check: it may turn the text into numbers. Estimators with
their own handling of categories (histogram boosting, LightGBM) are never judged.
"""

from __future__ import annotations

import ast
import warnings
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mleworld.world.static import files
from mleworld.world.static.params import exception_line
from mleworld.world.static.values import Frame, Instance, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
# scikit-learn modules whose estimators validate X as numbers before anything else
_NUMERIC_MODULES = (
    "sklearn.linear_model",
    "sklearn.svm",
    "sklearn.neighbors",
    "sklearn.tree",
    "sklearn.ensemble._forest",
    "sklearn.ensemble._gb",
    "sklearn.ensemble._weight_boosting",
    "sklearn.naive_bayes",
    "sklearn.discriminant_analysis",
    "sklearn.neural_network",
    "sklearn.decomposition",
    "sklearn.gaussian_process",
)
_NUMERIC_PREPROCESSORS = frozenset(
    {
        "StandardScaler",
        "MinMaxScaler",
        "RobustScaler",
        "MaxAbsScaler",
        "Normalizer",
        "PolynomialFeatures",
        "PowerTransformer",
        "QuantileTransformer",
        "KBinsDiscretizer",
    }
)
_TEXT_IMPUTATION = ("most_frequent", "constant")


@cache
def _read(path: str, mtime: int, sep: str) -> Any:
    import pandas as pd

    return pd.read_csv(path, sep=sep)


def read_table(real: Path) -> Any | None:
    """The table a plain read_csv of input file `real` gives (read once per file version)."""
    sep = "\t" if real.suffix == ".tsv" else ","
    try:
        return _read(str(real), real.stat().st_mtime_ns, sep)
    except Exception:
        return None


def file_table(walker: Walker, source: str) -> Any | None:
    """The whole table of input file `source` as a plain read_csv gives it."""
    where, real = files.classify(source, walker.data_dir)
    if where != "input" or real is None or not real.is_file():
        return None
    return read_table(real)


def file_values(walker: Walker, frame: Frame) -> Any | None:
    """The frame's real values, read from its file (None when analysis cannot be sure)."""
    if not (frame.pristine and frame.exact and frame.is_frame and frame.columns):
        return None
    table = file_table(walker, frame.source)
    try:
        return None if table is None else table[list(frame.columns)]
    except Exception:
        return None


def _numeric_step(cls: type) -> bool:
    module = str(cls.__module__)
    if not module.startswith("sklearn."):
        return False
    if cls.__name__ in _NUMERIC_PREPROCESSORS:
        return True
    return module.startswith(_NUMERIC_MODULES)


def check_fit(walker: Walker, owner: Instance, X: Value, node: ast.AST) -> None:
    """Report the ValueError fitting `owner` on frame `X` raises, when its text cells make it certain."""
    if not isinstance(X, Frame):
        return
    data = file_values(walker, X)
    if data is None:
        return
    import pandas as pd

    if all(pd.api.types.is_numeric_dtype(t) or pd.api.types.is_bool_dtype(t) for t in data.dtypes):
        return
    steps = list(owner.inner) if owner.cls.__name__ == "Pipeline" else [owner]
    if not steps:
        return
    from sklearn.utils import check_array

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for step in steps:
            name = step.cls.__name__
            if name == "SimpleImputer":
                strategy = step.params.get("strategy", "mean")
                if strategy not in _TEXT_IMPUTATION or len(step.params) != len(step.given):
                    return
                try:
                    data = step.cls(**step.params).fit_transform(data)
                except Exception:
                    return
                continue
            if not _numeric_step(step.cls):
                return
            try:
                check_array(data, dtype="numeric", ensure_all_finite=False)
            except ValueError as exc:
                walker.emit("dtypes", "ValueError", exception_line(exc), node, CONFIDENCE)
            return


def check_cross_val(walker: Walker, estimator: Value, X: Value, node: ast.Call) -> None:
    """cross_val_predict, or cross_val_score / cross_validate with error_score='raise'.

    With the default error_score a failing fit is a warning, and only all folds failing
    raises (a different message): those are left alone.
    """
    raises = ast.unparse(node.func).endswith("cross_val_predict") or any(
        k.arg == "error_score" and isinstance(k.value, ast.Constant) and k.value.value == "raise"
        for k in node.keywords
    )
    if raises and isinstance(estimator, Instance):
        check_fit(walker, estimator, X, node)
