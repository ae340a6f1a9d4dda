"""Text columns reaching a numeric estimator: "could not convert string to float: 'x'".

When a scikit-learn estimator (or a pipeline whose first numeric step is one) is
fitted on a frame whose values are still exactly the input file's (`Frame.pristine`:
read with a plain read_csv, then only columns selected or dropped), the real
columns are read from the file and handed to scikit-learn's own `check_array`
(what every estimator's fit runs first); a ValueError it raises is the program's,
with the library's message (the first cell that does not convert, as numpy meets
it). Steps that accept text (a most-frequent or constant imputer) are run for real
first, and so are column transformers and encoders, rebuilt from the program's own
arguments (params.rebuild): the next step is judged on the array they give (text a
`remainder="passthrough"` let through). Any other step ends the check: it may turn
the text into numbers. Estimators with their own handling of categories (histogram
boosting) are judged only on such an array, never on a frame. LightGBM judges a frame
itself (its sklearn API's fit, or the data of the `lgb.Dataset` that `lgb.train` gets): its
own dtype check is run on the frame's dtypes, so a text column gets "pandas dtypes must be
int, float or bool. Fields with bad pandas dtypes: color: str".

A frame the program rebuilt is judged through its stand-in (kinds.py) while its rows
are still all the file's, in order; cross-validation on the first fold's training
rows. Where analysis holds less than the values (a fold's share of them, the kinds of the
columns, an array a scaler made), partial_fits.py judges the fit; casts pandas refuses on
a file's column are casts.py's.
"""

from __future__ import annotations

import ast
import warnings
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mleworld.world.static import (
    callbacks,
    computed_series,
    files,
    fit_failures,
    kinds,
    params,
    partial_fits,
    sparse_inputs,
)
from mleworld.world.static.params import exception_line, literal
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    Frame,
    Instance,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
# LightGBM's dtype check on the columns whose dtypes are known, others left out: the crash is
# certain, its message may list a column more.
PARTIAL_CONFIDENCE = 0.8
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
# Steps run for real on the data (from the program's own arguments) before the next is judged.
_REBUILT_STEPS = frozenset({"ColumnTransformer", "OneHotEncoder", "OrdinalEncoder"})
# Scalers that let NaN through (fitted on the other values): the step after them meets it.
NAN_KEEPING = frozenset({"StandardScaler", "MinMaxScaler", "MaxAbsScaler", "RobustScaler"})
# Estimators that take categories from a frame's dtypes but need numbers in an array.
ARRAY_ONLY = frozenset({"HistGradientBoostingClassifier", "HistGradientBoostingRegressor"})


@cache
def _read(path: str, mtime: int, sep: str) -> Any:
    import pandas as pd

    return pd.read_csv(path, sep=sep)


@cache
def _dtypes(path: str, mtime: int, sep: str) -> dict[Any, Any]:
    """Each column's dtype in `_read`'s table (`table[name].dtype` builds the whole column)."""
    table = _read(path, mtime, sep)
    return dict(zip(table.columns, table.dtypes, strict=True))


def _version(real: Path) -> tuple[str, int, str]:
    """`_read`'s key: the file, its version and its separator."""
    return str(real), real.stat().st_mtime_ns, "\t" if real.suffix == ".tsv" else ","


def read_table(real: Path) -> Any | None:
    """The table a plain read_csv of input file `real` gives (read once per file version)."""
    try:
        return _read(*_version(real))
    except Exception:
        return None


def _input_file(walker: Walker, source: str) -> Path | None:
    where, real = files.classify(source, walker.data_dir)
    return real if where == "input" and real is not None and real.is_file() else None


def file_table(walker: Walker, source: str) -> Any | None:
    """The whole table of input file `source` as a plain read_csv gives it."""
    real = _input_file(walker, source)
    return None if real is None else read_table(real)


def file_dtypes(walker: Walker, source: str) -> dict[Any, Any] | None:
    """Each column's dtype in `file_table(walker, source)`, None when there is no table."""
    real = _input_file(walker, source)
    try:
        return None if real is None else _dtypes(*_version(real))
    except Exception:
        return None


def file_dtype(walker: Walker, source: str, name: Any) -> Any | None:
    """`file_table(walker, source)[name].dtype`, None when the table or the column is not there."""
    dtypes = file_dtypes(walker, source)
    return None if dtypes is None else dtypes.get(name)


def may_hold_values(frame: Frame) -> bool:
    """Whether the frame's values can be known: its columns are exact and nothing changed
    its values since they were read or computed (`file_values` takes them)."""
    return frame.pristine and frame.exact and frame.is_frame and frame.columns is not None


def file_values(walker: Walker, frame: Frame) -> Any | None:
    """The frame's real values: computed by analysis (computed.py) or read from its file
    (None when analysis cannot be sure)."""
    if not may_hold_values(frame):
        return None
    table = _values_table(walker, frame)
    try:
        if table is None:
            return None
        names = list(frame.columns)
        found = _positions(table, names)
        return table[names] if found is None else table.take(found, axis=1)
    except Exception:
        return None


def file_column(walker: Walker, frame: Frame, name: str) -> Any | None:
    """`file_values(walker, frame)[name]` (None when it is None or lacks `name`), taken
    straight from the table where that is the same column: copying the frame's other
    columns first is most of what reading one costs."""
    if not may_hold_values(frame):
        return None
    table = _values_table(walker, frame)
    if table is None:
        return None
    names = list(frame.columns)
    try:
        found = _positions(table, names)
    except Exception:
        return None  # a column of the frame the table lacks: file_values is None
    if found is not None and names.count(name) == 1:
        return table[name]
    values = file_values(walker, frame)
    return values[name] if values is not None and name in values.columns else None


def _values_table(walker: Walker, frame: Frame) -> Any | None:
    """The table a frame that may hold values takes them from: computed, or its file's."""
    return frame.table if frame.table is not None else file_table(walker, frame.source)


def _positions(table: Any, names: list[Any]) -> Any | None:
    """Where `names` sit among the table's columns, as `table[names]` finds them (KeyError
    for a missing one) but without pandas building an Index of `names` first, most of what
    selecting them costs. None unless all are strings in unique flat columns, where a
    dict's lookup is pandas' own."""
    import numpy as np
    import pandas as pd

    columns = table.columns
    if isinstance(columns, pd.MultiIndex) or not columns.is_unique:
        return None
    where = {name: i for i, name in enumerate(columns)}
    if not all(isinstance(name, str) for name in [*names, *where]):
        return None
    return np.array([where[name] for name in names], dtype=np.intp)


def numeric_step(cls: type) -> bool:
    module = str(cls.__module__)
    if not module.startswith("sklearn."):
        return False
    if cls.__name__ in _NUMERIC_PREPROCESSORS:
        return True
    return module.startswith(_NUMERIC_MODULES)


def check_fit(
    walker: Walker,
    owner: Instance,
    X: Value,
    node: ast.AST,
    rows: Any | None = None,
    y: Value = UNKNOWN,
    after_head: tuple[int, Frame] | None = None,
) -> None:
    """Report the ValueError fitting `owner` on frame `X` raises, when its text cells (or,
    for an estimator that refuses them, its NaN cells) make it certain.

    `after_head`: (k, frame) when a pipeline's first k steps are the program's own
    (functions, transformer classes: walked by callbacks.py) and returned that frame for
    X; the steps from k on are judged on it.

    `rows`: the positions the fit sees (a fold's training rows), when not all. A frame
    rebuilt by the program is judged through its stand-in (kinds.py) when its rows are
    still all the file's, in order: the first text cell numpy meets is then the real one.
    A search with error_score="raise" is judged by its estimator on its first fold.
    """
    if _search(owner.cls) and rows is None:
        _check_search(walker, owner, X, node, y)
        return
    steps = callbacks.pipeline_steps(owner)
    if isinstance(X, VectorVal) and X.scaled is not None and after_head is None:
        scaler, X = X.scaled  # `model.fit(scaler.transform(X))`: as a pipeline of both
        steps = [scaler, *steps]
    if after_head is not None and rows is None:
        steps, X = steps[after_head[0] :], after_head[1]
    ct = steps[0] if steps and steps[0].cls.__name__ == "ColumnTransformer" else None
    if ct is not None and sparse_inputs.check_listed_text(walker, ct, node):
        return
    if ct is not None and params.branch_error_pending(ct) and isinstance(X, Frame):
        # Which branches select columns depends on the dtypes alone; a branch that selects
        # some of the columns whose kind is known selects them in the whole frame too.
        shaped = _values(walker, X, dtypes_only=True)
        if shaped is None:
            shaped = kinds.stand_in(walker, X, computed=True, dtypes_only=True, partial=True)
        if shaped is not None:
            params.check_selected_branches(walker, ct, shaped, node)
    if steps and _lightgbm(steps[0].cls):
        _check_lightgbm_frame(walker, X, node)
        return
    if sparse_inputs.check_fit(walker, steps, X, node):
        return
    data = _values(walker, X)
    if data is None and rows is None:
        data = partial_fits.sampled(X)
    if data is None:
        partial_fits.check_known_text(walker, steps, X, node)
        return
    import numpy as np
    import pandas as pd

    if rows is not None:
        data = data[rows] if isinstance(data, np.ndarray) else data.iloc[rows]
    if _plain_numbers(data):
        return  # nothing to refuse: no text, no NaN
    if not steps:
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for step in steps:
            name = step.cls.__name__
            if _lightgbm(step.cls):
                _check_lightgbm(walker, data, node)  # on what the steps before it gave
                return
            if name == "SimpleImputer" or name in _REBUILT_STEPS:
                given, (data, error) = data, _transformed(step, data)
                if error is not None:
                    walker.emit("dtypes", "ValueError", error, node, CONFIDENCE)
                if data is None and name == "ColumnTransformer" and _vectorizes(step):
                    partial_fits.check_branch_text(walker, step, given, node)  # judged by branch
                if data is None:
                    return
                continue
            if not (numeric_step(step.cls) or name in ARRAY_ONLY and no_categories(step, data)):
                return
            if isinstance(data, np.ndarray) and not pd.api.types.is_numeric_dtype(data.dtype):
                message = _array_fit(step, data)  # an array of text: the estimator's own words
                if message is not None:
                    walker.emit("dtypes", "ValueError", message, node, CONFIDENCE)
                return
            refused = _refusal(step, data)
            if refused is not None:
                walker.emit("dtypes", "ValueError", refused, node, CONFIDENCE)
                return
            if name in NAN_KEEPING and step is not steps[-1]:
                data, _ = _transformed(step, data)  # scaled, NaN kept: on to the next step
                if data is None:
                    return
                continue
            if any(isinstance(t, pd.CategoricalDtype) for t in getattr(data, "dtypes", ())):
                message = _category_fit(step, data)
                if message is not None:
                    walker.emit("dtypes", "ValueError", message, node, CONFIDENCE)
            return


def check_predict(walker: Walker, owner: Instance, X: Value, node: ast.AST) -> None:
    """`model.predict(X_test)` on values the walk holds: a model refuses at predict the text
    and (when it refuses them at fit) the NaN cells it refuses at fit, with the same words
    (a test frame encoded or filled otherwise than the training one).

    Judged only for a lone model (no step before it transforms the data) last fitted on
    columns of the same names, in the same order: otherwise scikit-learn's check of the
    feature names or counts speaks first (features_in.py)."""
    import pandas as pd

    from mleworld.world.static import features_in

    steps = callbacks.pipeline_steps(owner)
    shape = features_in.shape_of(X)
    if len(steps) != 1 or shape is None or owner.fitted_shape != shape:
        return
    step = steps[0]
    if _lightgbm(step.cls):
        _check_lightgbm_frame(walker, X, node)  # LightGBM reads only the dtypes
        return
    data = _values(walker, X)
    if data is None or _plain_numbers(data):
        return
    if not numeric_step(step.cls) or not isinstance(data, pd.DataFrame):
        return
    if any(isinstance(t, pd.CategoricalDtype) for t in data.dtypes):
        return  # categories: what predict makes of them is the fit's business (_category_fit)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        refused = _refusal(step, data)
    if refused is not None:
        walker.emit("dtypes", "ValueError", refused, node, CONFIDENCE)


def _refusal(step: Instance, data: Any) -> str | None:
    """What a numeric estimator says of `data`'s text cells, or (when it refuses them) of its
    NaN cells, in scikit-learn's own words; None when it takes the data."""
    from sklearn.utils import check_array

    try:
        check_array(data, dtype="numeric", ensure_all_finite=False)
    except ValueError as exc:
        return exception_line(exc)
    return _nan_error(step, data)


def _plain_numbers(data: Any) -> bool:
    """The frame's or array's cells are all numbers (or booleans), none of them NaN or infinite."""
    import numpy as np
    import pandas as pd

    dtypes = [data.dtype] if isinstance(data, np.ndarray) else list(data.dtypes)
    if not all(pd.api.types.is_numeric_dtype(t) or pd.api.types.is_bool_dtype(t) for t in dtypes):
        return False
    if bool(np.asarray(pd.isna(data)).any()):
        return False
    try:
        return bool(np.isfinite(np.asarray(data, dtype=np.float64)).all())
    except (TypeError, ValueError):  # extension dtypes numpy cannot cast: judged by the library
        return False


def _search(cls: type) -> bool:
    from sklearn.model_selection._search import BaseSearchCV

    return issubclass(cls, BaseSearchCV)


def _check_search(walker: Walker, search: Instance, X: Value, node: ast.AST, y: Value) -> None:
    """GridSearchCV(est, ..., error_score="raise").fit(X, y): the first candidate's fit on the
    first fold's training rows raises what `est` raises there (with the default error_score
    a failing fit is a warning, and only every fit failing raises, with another message)."""
    estimator = search.given.get("estimator")
    raising = search.given.get("error_score")
    if not (isinstance(raising, Const) and raising.value == "raise"):
        fit_failures.check_search(walker, search, X, y, node)
        return
    if not isinstance(estimator, Instance) or not isinstance(X, Frame):
        return
    jobs = search.given.get("n_jobs")
    if jobs is not None and not (isinstance(jobs, Const) and jobs.value in (None, 1)):
        return  # fits in parallel: which fails first is not certain
    rows = first_fold(walker, estimator, X, y, search.given.get("cv"))
    if rows is not None:
        check_fit(walker, estimator, X, node, rows)


def _nan_error(step: Instance, data: Any) -> str | None:
    """The ValueError an estimator that refuses NaN raises on `data` (scikit-learn's own
    check, with the estimator's name, as its fit runs it); None when it takes NaN."""
    from sklearn.utils import check_array, get_tags

    from mleworld.world.static.params import rebuild

    made = rebuild(step)
    unknown = set(step.given) - set(step.params)
    if made is _NOT_BUILT and unknown and unknown <= _TAG_FREE:
        made = _literal_only(step)  # `LogisticRegression(C=best_c)`: C does not decide NaN
    try:
        if get_tags(made).input_tags.allow_nan:
            return None
        check_array(data, dtype="numeric", ensure_all_finite=True, estimator=made, input_name="X")
    except ValueError as exc:
        return exception_line(exc)
    except Exception:
        return None
    return None


# arguments that never decide whether an estimator takes NaN: an estimator given one of them
# as a value analysis does not know is judged as built with its literal arguments alone
_TAG_FREE = frozenset({
    "C", "alpha", "alphas", "l1_ratio", "max_iter", "tol", "random_state", "n_estimators",
    "learning_rate", "max_depth", "min_samples_leaf", "min_samples_split", "n_neighbors",
    "gamma", "n_jobs", "verbose", "class_weight", "fit_intercept", "num_leaves",
})  # fmt: skip


_NOT_BUILT = literal(UNKNOWN)  # what params.rebuild answers for a value it cannot build


def _literal_only(step: Instance) -> Any:
    try:
        return step.cls(**step.params)
    except Exception:
        return None


def _values(walker: Walker, X: Value, dtypes_only: bool = False) -> Any | None:
    """The real values of frame `X`, or its stand-in while its rows are the file's, in order
    (`dtypes_only`: in any order, for a check that reads only the dtypes)."""
    if isinstance(X, ArrayVal | VectorVal) and X.real is not None and X.real.ndim == 2:
        return X.real  # an array built by hand from values analysis holds (arrays.py)
    if not isinstance(X, Frame):
        return None
    data = file_values(walker, X)
    if data is None and (X.ordered or dtypes_only):
        data = kinds.stand_in(walker, X, computed=True, dtypes_only=dtypes_only)
    if data is None and dtypes_only and X.sample_of is not None and X.exact and X.columns:
        table = X.sample_of[0]  # some of its rows: the same dtypes
        if set(X.columns) <= set(table.columns):
            data = table[list(X.columns)]
    return data


def array_dtype(walker: Walker, frame: Frame, width: int) -> Any | None:
    """The dtype of `frame.values` where its columns' dtypes are known (pandas decides, on
    no rows): an object array as soon as one text column is known among them."""
    data = kinds.stand_in(
        walker, frame, computed=True, dtypes_only=True, partial=True, guess_text=True
    )
    if data is None:
        return None
    dtype = data.iloc[:0].to_numpy().dtype
    return dtype if data.shape[1] == width or dtype.kind == "O" else None


def _lightgbm(cls: type) -> bool:
    return str(cls.__module__).partition(".")[0] == "lightgbm"


def check_lgb_dataset(walker: Walker, train_set: Value, node: ast.AST) -> None:
    """`lgb.train(params, lgb.Dataset(X, y))`: the Dataset's frame, then its label (a Series
    whose values analysis holds: text is refused), meet LightGBM's dtype check."""
    if isinstance(train_set, Instance) and _lightgbm(train_set.cls):
        if _check_lightgbm_frame(walker, train_set.given.get("data", UNKNOWN), node):
            return
        label = train_set.given.get("label")
        values = computed_series.held(walker, label) if isinstance(label, SeriesVal) else None
        if values is not None and label.kind is None:  # type: ignore[union-attr]
            _check_lightgbm(walker, values.to_frame(), node)


def _check_lightgbm_frame(walker: Walker, X: Value, node: ast.AST) -> bool:
    """LightGBM's dtype check of the frame a fit or a predict gets: on its dtypes when all
    are known; else text in one whose dtype is known is enough (LightGBM checks every
    column), the message less sure (it names every text column). Whether it refused."""
    data = _values(walker, X, dtypes_only=True)
    if data is None and isinstance(X, Frame):
        known = kinds.stand_in(walker, X, computed=True, dtypes_only=True, partial=True)
        return _check_lightgbm(walker, known, node, PARTIAL_CONFIDENCE)
    return _check_lightgbm(walker, data, node)


def _check_lightgbm(
    walker: Walker, data: Any, node: ast.AST, confidence: float = CONFIDENCE
) -> bool:
    """LightGBM's own check of a frame's dtypes (text columns are refused; categories pass);
    whether it refused them."""
    import pandas as pd

    check = getattr(_lightgbm_basic(), "_check_for_bad_pandas_dtypes", None)
    if check is None or not isinstance(data, pd.DataFrame):
        return False
    dtypes = data.dtypes  # category columns are turned into their codes before the check
    try:
        check(dtypes[[not isinstance(t, pd.CategoricalDtype) for t in dtypes]])
    except ValueError as exc:
        walker.emit("dtypes", "ValueError", exception_line(exc), node, confidence)
        return True
    return False


def _lightgbm_basic() -> Any:
    import lightgbm.basic

    return lightgbm.basic


def no_categories(step: Instance, data: Any) -> bool:
    """Histogram boosting takes no column as categorical here: an array, or a frame without
    category columns under the default `categorical_features="from_dtype"`."""
    import numpy as np
    import pandas as pd

    if isinstance(data, np.ndarray):
        return True
    if "categorical_features" in step.given or len(step.params) != len(step.given):
        return False
    return not any(isinstance(t, pd.CategoricalDtype) for t in data.dtypes)


def _vectorizes(step: Instance) -> bool:
    from mleworld.world.static.text_terms import vectorizes

    return vectorizes(step)


def _transformed(step: Instance, data: Any) -> tuple[Any | None, str | None]:
    """What an imputer, column transformer or encoder of the program gives for `data`: the
    step is built again from the program's own arguments and run for real on the data.

    Returns the array it gives (None when it cannot be rebuilt, raises, or gives a sparse
    matrix, whose failure is the next step's own) and, when it raises because text reached
    a numeric step inside it (a median imputer on a text column), the exception's lines.
    Its other errors are not judged here: they may need y."""
    import numpy as np

    from mleworld.world.static.params import rebuild
    from mleworld.world.static.text_terms import vectorizes

    if vectorizes(step):
        # a vectorizer's output is sparse, which nothing here judges; refitting its
        # vocabulary on the real text would take a second or more
        return None, None
    made = rebuild(step)
    if not hasattr(made, "fit_transform"):
        return None, None
    try:
        out = made.fit_transform(data)
    except ValueError as exc:
        text = str(exc)
        converting = "could not convert string to float" in text or "non-numeric data" in text
        return None, exception_line(exc) if converting else None
    except Exception:
        return None, None
    return (out if isinstance(out, np.ndarray) else None), None


def _category_fit(step: Instance, data: Any) -> str | None:
    """Text categories pass `check_array(dtype="numeric")`; whether the estimator's own
    validation turns them into floats is its business, so the estimator is fitted for
    real on the one row where numpy's conversion first fails (earlier rows convert)."""
    import numpy as np

    index = _first_unconvertible(data.to_numpy(dtype=object))
    if index is None:
        return None
    try:
        step.cls(**step.params).fit(data.iloc[index : index + 1], np.zeros(1))
    except ValueError as exc:
        message = exception_line(exc)
        return message if message.startswith("ValueError: could not convert") else None
    except Exception:
        return None
    return None


def _array_fit(step: Instance, data: Any) -> str | None:
    """An array holding text (`np.hstack` of numbers and codes) is converted by the
    estimator's own validation, whose message depends on the dtype it asks for: the
    estimator is fitted for real on the rows up to the first that numpy cannot convert."""
    import numpy as np

    index = _first_unconvertible(data)
    if index is None:
        return None
    made = _literal_only(step)
    if made is None:
        return None
    try:
        made.fit(data[: index + 1], np.zeros(index + 1))
    except ValueError as exc:
        message = exception_line(exc)
        refused = "could not convert" in message or "arrays of bytes/strings" in message
        return message if refused else None
    except Exception:
        return None
    return None


def _first_unconvertible(cells: Any) -> int | None:
    """The first row of an array that numpy cannot turn into floats (where a fit's
    conversion fails), or None."""
    import numpy as np

    for index in range(len(cells)):
        try:
            np.asarray(cells[index], dtype=np.float64)
        except (TypeError, ValueError):
            return index
    return None


def check_cross_val(
    walker: Walker, estimator: Value, X: Value, node: ast.Call, y: Value, cv: Value | None
) -> None:
    """cross_val_predict, or cross_val_score / cross_validate with error_score='raise'.

    With the default error_score a failing fit is a warning, and only all folds failing
    raises (a different message): those are left alone. The first fold's fit fails
    first, on that fold's training rows, which scikit-learn's own splitter gives from the
    literal `cv` and the real target; when they are unknown, only a frame whose values
    are all the file's is judged, on every row (as before; not a frame computed from them).
    """
    raises = ast.unparse(node.func).endswith("cross_val_predict") or any(
        k.arg == "error_score" and isinstance(k.value, ast.Constant) and k.value.value == "raise"
        for k in node.keywords
    )
    if not raises:
        fit_failures.check_cross_val(walker, estimator, X, y, cv, node)
        return
    if not isinstance(estimator, Instance) or not isinstance(X, Frame):
        return
    if any(k.arg == "n_jobs" and not _one_job(k.value) for k in node.keywords):
        return  # folds fitted in parallel: which fails first is not certain
    rows = first_fold(walker, estimator, X, y, cv)
    if rows is not None or (X.pristine and X.table is None):
        check_fit(walker, estimator, X, node, rows)


def _one_job(value: ast.expr) -> bool:
    """`n_jobs=1` (or None): the folds are fitted one after another."""
    return isinstance(value, ast.Constant) and value.value in (1, None)


def first_fold(
    walker: Walker, estimator: Instance, X: Frame, y: Value, cv: Value | None
) -> Any | None:
    """The training positions of the first split `cv` makes of `X`, `y` (None: unknown)."""
    folds = training_folds(walker, estimator, X, y, cv)
    return folds[0] if folds else None


def training_folds(
    walker: Walker, estimator: Instance, X: Value, y: Value, cv: Value | None
) -> list[Any] | None:
    """The training positions of every split `cv` makes of `X`, `y`, in order (None: unknown)."""
    if not isinstance(X, Frame):
        return None
    if X.rows is None or not X.ordered:
        return None
    target = None
    if isinstance(y, SeriesVal) and y.origin is not None and y.origin.ordered and y.name:
        origin = y.origin
        if origin.kinds is not None and origin.kinds.get(y.name) == kinds.FILE:
            table = file_table(walker, origin.source)
            if table is not None and y.name in table.columns and len(table) == X.rows:
                target = table[y.name]
    if cv is None:
        splitter: Any = 5
    elif isinstance(cv, Instance):
        if len(cv.params) != len(cv.given) or not str(cv.cls.__module__).startswith("sklearn."):
            return None
        if cv.params.get("shuffle") and not isinstance(cv.params.get("random_state"), int):
            return None
        splitter = cv  # built below: its constructor may refuse the parameters
    else:
        splitter = literal(cv)
        if not isinstance(splitter, int) or isinstance(splitter, bool):
            return None
    last = (
        estimator.inner[-1]
        if estimator.cls.__name__ == "Pipeline" and estimator.inner
        else estimator
    )
    import numpy as np
    from sklearn.base import is_classifier
    from sklearn.model_selection import check_cv

    try:
        if isinstance(splitter, Instance):
            splitter = splitter.cls(**splitter.params)
        classifier = is_classifier(last.cls())
        if target is None and classifier and isinstance(splitter, int):
            return None  # scikit-learn stratifies on the target
        splits = check_cv(splitter, target, classifier=classifier)
        return [train for train, _ in splits.split(np.zeros((X.rows, 1)), target)]
    except Exception:
        return None
