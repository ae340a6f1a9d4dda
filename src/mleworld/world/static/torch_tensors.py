"""PyTorch tensors as analysis follows them, without importing torch (torch_calls.py).

A `Tensor` holds what torch would know of a tensor: its scalar type, by torch's own name
("Float", "Double", "Long"), and its shape, each when analysis knows it. Tensors are made
from what analysis holds (`torch.tensor`, `as_tensor`, `from_numpy`, the typed constructors
`torch.FloatTensor` ...): the dtype given, or numpy's dtype of the array (a scikit-learn
scaler's output is float64 unless it was given float32), and the array's shape. Made from a
DataFrame, or from an array of text or mixed objects (`df.values` of a frame with a text
column), they fail as torch says (`refusal`). Their casts (`.float()`, `.to(torch.float64)`),
moves (`.to(device)`) and reshapes (`unsqueeze`, `squeeze`, `view`, `reshape`, `flatten`)
give the tensor torch would.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    Frame,
    Named,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
    int_value,
)

_CONVERTS = (
    "float64, float32, float16, complex64, complex128, int64, int32, int16, int8, "
    "uint64, uint32, uint16, uint8, and bool"
)
_NUMPY = {
    "float64": "Double",
    "float32": "Float",
    "float16": "Half",
    "int64": "Long",
    "int32": "Int",
    "int16": "Short",
    "int8": "Char",
    "uint8": "Byte",
    "bool": "Bool",
}
DTYPES = {
    "torch.float32": "Float",
    "torch.float": "Float",
    "torch.float64": "Double",
    "torch.double": "Double",
    "torch.float16": "Half",
    "torch.half": "Half",
    "torch.int64": "Long",
    "torch.long": "Long",
    "torch.int32": "Int",
    "torch.int": "Int",
    "torch.bool": "Bool",
    "torch.uint8": "Byte",
}
_TYPED = {
    "torch.Tensor": "Float",
    "torch.FloatTensor": "Float",
    "torch.DoubleTensor": "Double",
    "torch.LongTensor": "Long",
    "torch.IntTensor": "Int",
    "torch.BoolTensor": "Bool",
}
BUILDERS = frozenset({"torch.tensor", "torch.as_tensor", *_TYPED})
FLOATS = frozenset({"Float", "Double", "Half"})
CASTS = {"float": "Float", "double": "Double", "long": "Long", "int": "Int", "bool": "Bool"}
_SAME = frozenset({"to", "cuda", "cpu", "detach", "clone", "contiguous", "requires_grad_"})
_SHAPES = frozenset({"unsqueeze", "squeeze", "view", "reshape", "flatten"})
TENSOR_METHODS = frozenset({*CASTS, *_SAME, *_SHAPES})
Shape = tuple[int | None, ...]


@dataclass(eq=False)
class Tensor(Value):
    """A torch tensor: its scalar type (torch's name, "Float") and shape, each when known."""

    dtype: str | None
    shape: Shape | None


def tensor_item(tensor: Tensor, key: Value) -> Tensor:
    """`x[i]`: one row (its dtype, the rest of its shape); other keys keep only the dtype."""
    if int_value(key) is not None and tensor.shape:
        return Tensor(tensor.dtype, tensor.shape[1:])
    return Tensor(tensor.dtype, None)


def rows(value: Value) -> int | None:
    """`len(x)` of a tensor whose first dimension is known."""
    if isinstance(value, Tensor) and value.shape:
        return value.shape[0]
    return None


def tensor_method(tensor: Tensor, name: str, args: list[Value], kw: dict[str, Value]) -> Value:
    """`x.float()`, `x.to(device)`, `x.unsqueeze(1)`, `x.view(-1, 1)`: the tensor it gives."""
    if name in CASTS and not args and not kw:
        return Tensor(CASTS[name], tensor.shape)
    if name in _SAME:
        given = [*args, kw.get("dtype", UNKNOWN)]
        dtype = next((d for d in map(dtype_of, given) if d is not None), None)
        if name == "to" and any(isinstance(a, Named) for a in given) and dtype is None:
            return UNKNOWN
        return Tensor(dtype or tensor.dtype, tensor.shape)
    if kw or tensor.shape is None or None in tensor.shape:
        return Tensor(tensor.dtype, None)
    shape = _reshaped(tensor.shape, name, [int_value(a) for a in args])  # type: ignore[arg-type]
    return Tensor(tensor.dtype, shape)


def _reshaped(shape: tuple[int, ...], name: str, args: list[int | None]) -> Shape | None:
    if None in args:
        return None
    dims: list[int] = [a for a in args if a is not None]
    if name == "flatten" and not dims:
        return (math.prod(shape),)
    if name == "unsqueeze" and len(dims) == 1 and -len(shape) - 1 <= dims[0] <= len(shape):
        at = dims[0] if dims[0] >= 0 else len(shape) + 1 + dims[0]
        return (*shape[:at], 1, *shape[at:])
    if name == "squeeze" and not dims:
        return tuple(d for d in shape if d != 1)
    if name == "squeeze" and len(dims) == 1 and -len(shape) <= dims[0] < len(shape):
        at = dims[0] % len(shape)
        return shape if shape[at] != 1 else (*shape[:at], *shape[at + 1 :])
    if name in ("view", "reshape") and dims:
        total = math.prod(shape)
        free = [i for i, d in enumerate(dims) if d == -1]
        known = math.prod(d for d in dims if d != -1)
        if len(free) > 1 or known == 0 or total % known:
            return None
        return tuple(total // known if d == -1 else d for d in dims)
    return None


def refusal(path: str, data: Value) -> str | None:
    """What torch says of building a tensor from `data`, when it refuses it."""
    if path == "torch.from_numpy":
        kind = _python_type(data)
        if kind is not None:
            return f"TypeError: expected np.ndarray (got {kind})"
    elif isinstance(data, Frame) and data.is_frame:
        return "ValueError: could not determine the shape of object type 'DataFrame'"
    dtype = _numpy_dtype(data)
    if dtype is not None and dtype.kind in "OU":
        shown = "object_" if dtype.kind == "O" else "str_"
        return (
            f"TypeError: can't convert np.ndarray of type numpy.{shown}. "
            f"The only supported types are: {_CONVERTS}."
        )
    return None


def _numpy_dtype(data: Value) -> Any | None:
    real = data.real if isinstance(data, ArrayVal | VectorVal) else None
    if real is not None:
        return real.dtype if isinstance(real, np.ndarray) and real.size else None
    if isinstance(data, ArrayVal) and data.rows:
        return data.dtype  # `df.values` of a frame whose columns' dtypes are known
    if isinstance(data, VectorVal) and data.scaled is not None:
        return _scaled_dtype(data.scaled[1])
    return None


def _scaled_dtype(given: Value) -> Any | None:
    """What a scikit-learn scaler's transform gives: float32 kept, anything else float64."""
    if isinstance(given, Frame) and given.pristine:
        return np.dtype("float64")  # read_csv's numbers are 64-bit
    real = given.real if isinstance(given, ArrayVal) else None
    if isinstance(real, np.ndarray) and real.dtype.kind in "iuf":
        return real.dtype if real.dtype == np.float32 else np.dtype("float64")
    return None


def _data_dtype(data: Value, default: str | None) -> str | None:
    dtype = _numpy_dtype(data)
    if dtype is not None:
        return _NUMPY.get(str(dtype))
    if isinstance(data, Seq) and data.items:
        values = [i.value if isinstance(i, Const) else None for i in data.items]
        if all(isinstance(v, float) for v in values):
            return default
        if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return "Long"
    return None


def _data_shape(data: Value) -> Shape | None:
    real = data.real if isinstance(data, ArrayVal | VectorVal) else None
    if real is not None and hasattr(real, "shape"):
        return tuple(real.shape)
    if isinstance(data, ArrayVal) and data.rows is not None:
        return (data.rows, data.width)
    if isinstance(data, VectorVal) and data.ndarray and data.ndim == 1 and data.width is None:
        return (data.length,)
    if (
        isinstance(data, Seq)
        and data.items is not None
        and all(isinstance(i, Const) for i in data.items)
    ):
        return (len(data.items),)
    return None


def dtype_of(value: Value | None) -> str | None:
    return DTYPES.get(value.path) if isinstance(value, Named) else None


def _python_type(data: Value) -> str | None:
    if isinstance(data, Frame) and data.is_frame:
        return "DataFrame"
    if isinstance(data, SeriesVal):
        return "Series"
    if isinstance(data, Seq):
        return data.kind
    return None


def made(path: str, data: Value, dtype: Value | None, default: str | None) -> Tensor:
    """The tensor `path(data, dtype=dtype)` makes (torch.tensor, from_numpy, torch.FloatTensor);
    `default`: the dtype torch gives Python floats and `torch.Tensor` now (set_default_dtype)."""
    typed = default if path == "torch.Tensor" else _TYPED.get(path)
    found = typed or dtype_of(dtype) or _data_dtype(data, default)
    return Tensor(found, _data_shape(data))
