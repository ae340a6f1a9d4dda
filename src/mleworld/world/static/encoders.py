"""Label encoders and preprocessing steps fitted for real on the values analysis computed.

`le = LabelEncoder(); y = le.fit_transform(df["species"])`, `StandardScaler().fit_transform(X)`,
`SimpleImputer(strategy="median").fit(X_train)` or a ColumnTransformer of such steps, on
values analysis holds, is fitted again here, on those values, and the fit is kept on the
instance (`Instance.real`). Its fitted attributes are then the run's (`le.classes_`), and
`transform`, `fit_transform` and `inverse_transform` give the values the run gets, as an
array (or, after `set_output(transform="pandas")`, a frame) holding them. Programs print
them (`print(list(le.classes_))`) and later steps read them: a model fitted on a scaled
design sees its NaN cells, a one-hot design its exact width.

Only steps whose fit is deterministic are fitted (`STEPS`, and pipelines or column
transformers built only of them, rebuilt with the program's literal arguments). A fit is
kept only on a line that surely runs once (a certain line, outside loops the walk
scales); elsewhere the instance forgets any fit it held. A fit that raises is the
program's crash, for the detectors to name (a LabelEncoder's, given a frame of two
columns, is named here): nothing is kept. A transform the fitted
step refuses (a category its fit never saw) raises what the run raises. A pipeline of such
steps followed by any model keeps its head fitted the same way (`on_pipeline`), so the rows
its predictions are asked for meet the same refusal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mleworld.world.static.computed import arguments, quietly, raised
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    Frame,
    Instance,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# The method calls that fit the step, and those that give values from its fit.
_FITS = frozenset({"fit", "fit_transform"})
TRANSFORMS = frozenset({"transform", "inverse_transform"})
# scikit-learn steps whose fit depends on the values alone (no random draw on small data).
STEPS = frozenset(
    {
        "LabelEncoder", "StandardScaler", "MinMaxScaler", "MaxAbsScaler", "RobustScaler",
        "Normalizer", "Binarizer", "OneHotEncoder", "OrdinalEncoder", "PolynomialFeatures",
        "SplineTransformer", "PowerTransformer", "SimpleImputer", "MissingIndicator",
    }
)  # fmt: skip
_COMPOSITES = frozenset({"Pipeline", "ColumnTransformer", "FeatureUnion"})


def encodes(owner: Instance) -> bool:
    """Whether the instance is a step fitted here: one of STEPS, or a composite of them."""
    return _deterministic(owner)


def _deterministic(owner: Instance) -> bool:
    module, name = owner.cls.__module__, owner.cls.__name__
    if not module.startswith("sklearn."):
        return False
    if name in _COMPOSITES:
        return bool(owner.inner) and all(_deterministic(step) for step in owner.inner)
    return name in STEPS


def on_method(
    walker: Walker,
    owner: Instance,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    node: Any,
) -> Value:
    """Fit the step for real where the walk knows what it is fitted on; the values a
    transform gives, where those are known too (else UNKNOWN)."""
    if name == "set_output":
        output = kw.get("transform")
        owner.output = output.value if isinstance(output, Const) else UNKNOWN
        owner.real = None
        return owner
    if kw:
        owner.real = None if name in _FITS else owner.real
        return UNKNOWN
    if name in _FITS:
        owner.real = _fitted(walker, owner, args, node)
    if name == "fit_transform":
        name = "transform"  # of the fit just made
    if name not in TRANSFORMS or owner.real is None or len(args) != 1:
        return UNKNOWN
    spelt = arguments(walker, args, {})
    if spelt is None:
        return UNKNOWN
    try:
        values = quietly(getattr(owner.real, name), *spelt[0])
    except ValueError as exc:  # a category the fit never saw: the run's own error
        raised(walker, exc, node)
        return UNKNOWN
    except Exception:  # noqa: BLE001 - anything else is for the detectors to name
        return UNKNOWN
    return _as_walked(walker, values, args[0])


def target_encoded(
    walker: Walker,
    owner: Instance,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    node: Any,
) -> Value:
    """A `TargetEncoder`: its fit_transform cross-fits on folds drawn at random, so its
    values are not the walk's to hold, but the names of its output are (a column a feature;
    past two classes, a column a class and feature, "protocol_F", ...), which follow from the
    features' names and the target's values alone. So where the walk knows those, the
    encoder is fitted for real on a stand-in of the features (zeros under their names) and
    the real target; its fit_transform and transform then give a frame of its columns under
    pandas output (their values not held), else an array that wide."""
    if name == "set_output":
        return on_method(walker, owner, name, args, kw, node)
    if name in _FITS:
        owner.real = None if kw else _named_fit(walker, owner, args)
    if name not in ("fit_transform", "transform") or owner.real is None or kw or not args:
        return UNKNOWN
    from mleworld.world.static.row_counts import rows_of

    names = [str(n) for n in owner.real.get_feature_names_out()]
    if owner.output == "pandas":
        return Frame(names, "transform", exact=True, rows=rows_of(args[0]))
    return ArrayVal(len(names), rows=rows_of(args[0]))


def _named_fit(walker: Walker, owner: Instance, args: list[Value]) -> Any:
    """The encoder fitted on zeros under the features' names and the target's real values
    (None where either is not known, or the fit refuses them: the detectors' to name)."""
    import numpy as np
    import pandas as pd

    from mleworld.world.static.params import _MISSING, rebuild

    features = args[0] if len(args) == 2 else None
    if not isinstance(features, Frame) or not features.exact or not features.columns:
        return None
    target = arguments(walker, args[1:], {})
    step = rebuild(owner)
    if target is None or step is _MISSING:
        return None
    y = np.asarray(target[0][0])
    if y.ndim != 1:
        return None
    stand_in = pd.DataFrame({name: np.zeros(len(y)) for name in features.columns})
    try:
        return quietly(step.fit, stand_in, y)
    except Exception:  # noqa: BLE001 - the program's own crash is for the detectors to name
        return None


_PREDICTS = frozenset(
    {"predict", "predict_proba", "predict_log_proba", "decision_function", "score", "transform"}
)


def on_pipeline(
    walker: Walker, owner: Instance, name: str, args: list[Value], kw: dict[str, Value], node: Any
) -> None:
    """A pipeline whose steps before its model are all steps fitted here (`pre` of encoders,
    imputers, scalers and column transformers of them, then any model): its fit fits those
    steps for real on the values it is given (`Instance.head`), and the values a prediction
    is asked for go through them, so a category their fit never saw raises what the run
    raises (a `OneHotEncoder()`'s default handle_unknown="error")."""
    if owner.cls.__name__ != "Pipeline" or len(owner.inner) < 2 or encodes(owner):
        return
    if name in _FITS:
        owner.head = None
        if not kw and all(_deterministic(step) for step in owner.inner[:-1]):
            owner.head = _head_inputs(walker, owner, args[:1])
        return
    if name not in _PREDICTS or owner.head is None or kw or not args:
        return
    spelt = arguments(walker, args[:1], {})
    if spelt is None or not _unseen_text(owner.head[1], spelt[0][0]):
        return  # no text value the fit never saw: nothing for an encoder to refuse
    try:
        fitted = quietly(owner.head[0].fit, owner.head[1])  # fitted only now: it costs time
        quietly(fitted.transform, *spelt[0])
    except ValueError as exc:  # a category the fit never saw: the run's own error
        raised(walker, exc, node)
    except Exception:  # noqa: BLE001 - anything else is for the detectors to name
        return


def _head_inputs(walker: Walker, owner: Instance, args: list[Value]) -> tuple[Any, Any] | None:
    """The pipeline's steps before its model, rebuilt, and the values the fit gives them
    (None: not known here); they are fitted when a prediction may need it."""
    from mleworld.world.static.params import _MISSING, rebuild

    if not walker.certain or walker.work_scale != 1.0 or len(args) != 1:
        return None
    spelt = arguments(walker, args, {})
    made = rebuild(owner)
    if spelt is None or made is _MISSING:
        return None
    return made[:-1], spelt[0][0]


def _unseen_text(fitted_on: Any, asked: Any) -> bool:
    """Whether a text column of the rows asked about holds a value the fit's rows do not."""
    import pandas as pd

    if not isinstance(fitted_on, pd.DataFrame) or not isinstance(asked, pd.DataFrame):
        return True  # not frames: let the steps themselves say
    for name in asked.columns:
        column = asked[name]
        if name not in fitted_on.columns or pd.api.types.is_numeric_dtype(column.dtype):
            continue
        seen = fitted_on[name]
        if column.isna().any() and not seen.isna().any():
            return True  # a missing value the fit never saw is a category of its own
        if not set(column.dropna().unique()) <= set(seen.dropna().unique()):
            return True
    return False


def fitted_attribute(owner: Instance, attr: str) -> Value:
    """A fitted attribute (`classes_`) of a step fitted here, holding its values."""
    if owner.real is None:
        return UNKNOWN
    return _array(getattr(owner.real, attr, None))


def _fitted(walker: Walker, owner: Instance, args: list[Value], node: Any) -> Any:
    from mleworld.world.static.params import _MISSING, rebuild

    if not walker.certain or walker.work_scale != 1.0 or not 1 <= len(args) <= 2:
        return None
    if owner.output is UNKNOWN or any("transform_output" in line for line in walker.lines):
        return None  # an output format set where the walk cannot read it
    spelt = arguments(walker, args, {})
    step = rebuild(owner)
    if spelt is None or step is _MISSING:
        return None
    try:
        if owner.output is not None:
            step.set_output(transform=owner.output)
        return quietly(step.fit, *spelt[0])
    except (TypeError, ValueError) as exc:
        if owner.cls.__name__ == "LabelEncoder":  # a frame of two columns: "y should be a 1d array"
            raised(walker, exc, node)
        return None  # the other steps' refusals are the dtype detectors' to name
    except Exception:  # noqa: BLE001 - the program's own crash is for the detectors to name
        return None


def _as_walked(walker: Walker, values: Any, given: Value) -> Value:
    """What a transform gave, as the walk holds it: an array or a frame holding the values."""
    import numpy as np
    import pandas as pd

    from mleworld.world.static import arrays, computed

    if isinstance(values, pd.DataFrame):
        like = given if isinstance(given, Frame) else Frame([], "transform", exact=True)
        return computed.frame_of(walker, values, like) or UNKNOWN
    if isinstance(values, np.ndarray) and values.ndim == 2:
        return arrays.wrap(values) or UNKNOWN
    return _array(values)


def _array(values: Any) -> Value:
    import numpy as np

    if not isinstance(values, np.ndarray) or values.ndim != 1:
        return UNKNOWN
    numbers = bool(np.issubdtype(values.dtype, np.number))
    return VectorVal(len(values), numeric=numbers, flat=True, real=values)
