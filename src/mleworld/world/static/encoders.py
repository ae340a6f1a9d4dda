"""Label encoders fitted for real on the values analysis computed.

`le = LabelEncoder(); y = le.fit_transform(df["species"])` on a column whose values
analysis holds is fitted again here, on those values, and the fit is kept on the
instance (`Instance.real`). Its fitted attributes are then the run's (`le.classes_`),
and `transform`, `fit_transform` and `inverse_transform` give the codes or labels the
run gets, as an array holding them. Programs print them (`print(list(le.classes_))`,
`dict(zip(le.classes_, np.bincount(y)))`) and later steps read them.

A fit is kept only on a line that surely runs once (a certain line, outside loops the
walk scales); elsewhere the instance forgets any fit it held. A fit that raises is the
program's crash, for the detectors to name: nothing is kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mleworld.world.static.computed import arguments, quietly
from mleworld.world.static.values import UNKNOWN, Instance, Value, VectorVal

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# The method calls that fit the encoder, and those that give an array from its fit.
_FITS = frozenset({"fit", "fit_transform"})
TRANSFORMS = frozenset({"transform", "inverse_transform"})


def encodes(owner: Instance) -> bool:
    """Whether the instance is one of the encoders fitted here (scikit-learn's LabelEncoder)."""
    from sklearn.preprocessing import LabelEncoder

    return owner.cls is LabelEncoder


def on_method(walker: Walker, owner: Instance, name: str, args: list[Value]) -> Value:
    """Fit the encoder for real where the walk knows what it is fitted on; the array a
    transform gives, where that is known too (else UNKNOWN)."""
    if name in _FITS:
        owner.real = _fitted(walker, owner, args)
    if name == "fit_transform":
        name = "transform"  # of the fit just made
    if name not in TRANSFORMS or owner.real is None or len(args) != 1:
        return UNKNOWN
    spelt = arguments(walker, args, {})
    if spelt is None:
        return UNKNOWN
    try:
        values = quietly(getattr(owner.real, name), *spelt[0])
    except Exception:  # noqa: BLE001 - an unseen label: the program's crash, not analysis'
        return UNKNOWN
    return _array(values)


def fitted_attribute(owner: Instance, attr: str) -> Value:
    """A fitted attribute (`classes_`) of an encoder fitted here, holding its values."""
    if owner.real is None:
        return UNKNOWN
    return _array(getattr(owner.real, attr, None))


def _fitted(walker: Walker, owner: Instance, args: list[Value]) -> Any:
    from sklearn.preprocessing import LabelEncoder

    if not walker.certain or walker.work_scale != 1.0 or len(args) != 1:
        return None
    spelt = arguments(walker, args, {})
    if spelt is None:
        return None
    try:
        return quietly(LabelEncoder().fit, *spelt[0])
    except Exception:  # noqa: BLE001 - the program's own crash is for the detectors to name
        return None


def _array(values: Any) -> Value:
    import numpy as np

    if not isinstance(values, np.ndarray) or values.ndim != 1:
        return UNKNOWN
    numbers = bool(np.issubdtype(values.dtype, np.number))
    return VectorVal(len(values), numeric=numbers, flat=True, real=values)
