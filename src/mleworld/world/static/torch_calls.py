"""PyTorch calls known by name, judged without importing torch.

Loading torch takes a second or more, longer than the whole analysis, so a program's
`import torch` stays unloaded (imports.py: an opaque import). The calls below are named
by their dotted path instead (`Named` values, from module_attrs.py and imports.py) and
followed with torch 2's own rules and messages:

* `torch.save(obj, path)` into a folder nothing made: RuntimeError naming the folder as
  the program spelt it (files.py);
* tensors made from what analysis holds keep their dtype and shape, or fail as torch says
  (torch_tensors.py);
* `TensorDataset`, `DataLoader` and the program's own Dataset classes hand a loop over them
  batches of those tensors (the first batch: `batch_size` rows, or all when fewer);
* layers (`nn.Linear`, `nn.BatchNorm1d`, activations, dropout, `nn.Sequential`) and the
  program's own `nn.Module` classes (calling one walks its `forward`) check what they are
  given: a float64 or integer tensor into a float32 layer, a width other than
  `in_features`; `model.double()` and `torch.set_default_dtype` change the layers' dtype;
* losses check their target: `BCEWithLogitsLoss` and `BCELoss` of sizes that differ (a
  `(n, 1)` output against an `(n,)` target), `CrossEntropyLoss` of float class labels.

Every other torch call stays unknown to analysis.
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mleworld.world.static import files
from mleworld.world.static.torch_tensors import (
    BUILDERS,
    CASTS,
    DTYPES,
    FLOATS,
    Shape,
    Tensor,
    dtype_of,
    made,
    refusal,
)
from mleworld.world.static.values import (
    UNKNOWN,
    ClassVal,
    Const,
    FuncVal,
    ModuleVal,
    Named,
    Repeated,
    Seq,
    UserInstance,
    Value,
    int_value,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
MODULE_METHODS = frozenset({"to", "cuda", "cpu", "train", "eval", "float", "double", "half"})
_PASS = frozenset(
    f"torch.nn.{name}"
    for name in (
        "ReLU",
        "LeakyReLU",
        "GELU",
        "ELU",
        "SiLU",
        "Tanh",
        "Sigmoid",
        "Dropout",
        "Identity",
    )
)
_LOSSES = frozenset(
    f"torch.nn.{name}" for name in ("BCEWithLogitsLoss", "BCELoss", "CrossEntropyLoss")
)
_LAYERS = frozenset({"torch.nn.Linear", "torch.nn.BatchNorm1d", "torch.nn.Sequential", *_PASS})
MODULE = "torch.nn.Module"
_DATA = frozenset({"torch.utils.data.TensorDataset", "torch.utils.data.DataLoader"})
NAMES = frozenset(
    {
        "torch.save",
        "torch.from_numpy",
        "torch.set_default_dtype",
        MODULE,
        *BUILDERS,
        *DTYPES,
        *_LAYERS,
        *_LOSSES,
        *_DATA,
    }
)


@dataclass(eq=False)
class Layer(Value):
    """A torch module of the library's (`nn.Linear(8, 1)`, a loss): `kind` is its dotted name."""

    kind: str
    dtype: str  # its weights' scalar type
    sizes: tuple[int | None, ...] = ()  # Linear: (in_features, out_features)
    parts: list[Value] = field(default_factory=list)  # Sequential: its layers


@dataclass(eq=False)
class Batches(Value):
    """A TensorDataset (`size` None) or a DataLoader over one (`size`: its batch size)."""

    tensors: list[Value]
    size: int | None = None


_SUBMODULES = frozenset({"torch.nn", "torch.utils", "torch.utils.data"})


def named(path: str) -> Value | None:
    """What a name reached in unloaded torch is, when it is followed here: one of the
    submodules that lead to NAMES (`from torch import nn`), or a name of NAMES."""
    if path in _SUBMODULES:
        return ModuleVal(path, None)
    return Named(path) if path in NAMES else None


def is_module(value: Value) -> bool:
    """An instance of one of the program's `nn.Module` classes."""
    return isinstance(value, UserInstance) and _torch_class(value.cls)


def _torch_class(cls: ClassVal) -> bool:
    return any(
        (isinstance(b, Named) and b.path == MODULE) or (isinstance(b, ClassVal) and _torch_class(b))
        for b in cls.bases
    )


def call(
    walker: Walker, func: Named, args: list[Value], kw: dict[str, Value], node: ast.Call
) -> Value:
    """A call of torch's `func`: checked, and what it returns where that is followed."""
    path = func.path
    if path == "torch.save":
        files.record_write(walker, args[1] if len(args) > 1 else kw.get("f"), node, "torch")
        return UNKNOWN
    if path in BUILDERS or path == "torch.from_numpy":
        data = args[0] if args else kw.get("data" if path in BUILDERS else "ndarray")
        if data is None or len(args) > 1:
            return UNKNOWN
        message = refusal(path, data)
        if message is not None:
            walker.emit("torch", message.partition(":")[0], message, node, CONFIDENCE)
            return UNKNOWN
        default = walker.torch_dtype if walker.torch_dtype in FLOATS else None
        return made(path, data, kw.get("dtype"), default)
    if path == "torch.nn.Linear" and not kw:
        sizes = tuple(int_value(a) for a in args)
        return Layer(path, walker.torch_dtype, sizes) if len(sizes) == 2 else UNKNOWN
    if path == "torch.nn.Sequential" and not kw:
        return Layer(path, walker.torch_dtype, parts=list(args))
    if path in _PASS or path == "torch.nn.BatchNorm1d":
        return Layer(path, walker.torch_dtype)
    if path in _LOSSES:
        losses = set(kw) <= {"pos_weight", "weight", "reduction"}
        return Layer(path, walker.torch_dtype) if losses else UNKNOWN
    if path == "torch.set_default_dtype":
        walker.torch_dtype = (dtype_of(args[0]) if len(args) == 1 else None) or "unknown"
        return UNKNOWN
    if path == "torch.utils.data.TensorDataset" and not kw:
        return Batches(list(args))
    if path == "torch.utils.data.DataLoader" and args and not {"collate_fn", "drop_last"} & set(kw):
        size = int_value(kw.get("batch_size", args[1] if len(args) > 1 else Const(1)))
        data = args[0] if isinstance(args[0], Batches) else _dataset(walker, args[0], node)
        return _loader(data, size) if data is not None else UNKNOWN
    return UNKNOWN


def _dataset(walker: Walker, dataset: Value, node: ast.Call) -> Batches | None:
    """One of the program's Dataset classes, as the tensors of its first item (`__getitem__(0)`)
    with its length (`__len__()`): what the loader stacks into batches."""
    if not isinstance(dataset, UserInstance):
        return None
    get, size = (walker.attribute(dataset, name, node) for name in ("__getitem__", "__len__"))
    if not (isinstance(get, FuncVal) and isinstance(size, FuncVal)):
        return None
    item, n = walker.inline(get, [Const(0)], {}, False), walker.inline(size, [], {}, False)
    rows = int_value(n)
    parts = item.items if isinstance(item, Seq) and item.items is not None else [item]
    tensors: list[Value] = [
        Tensor(p.dtype, None if p.shape is None else (rows, *p.shape))
        if isinstance(p, Tensor)
        else UNKNOWN
        for p in parts
    ]
    return Batches(tensors)


def call_value(
    walker: Walker, func: Value, args: list[Value], kw: dict[str, Value], node: ast.Call
) -> Value | None:
    """Calling a layer, a loss or one of the program's modules; None: `func` is none of them."""
    if is_module(func):
        forward = walker.attribute(func, "forward", node)
        if isinstance(forward, FuncVal):
            return walker.inline(forward, args, kw, False)
        return UNKNOWN
    if not isinstance(func, Layer):
        return None
    if func.kind in _LOSSES:
        if len(args) == 2 and not kw:
            _check_loss(walker, func.kind, args[0], args[1], node)
        return Tensor("Float", ())
    if len(args) != 1 or kw or not isinstance(args[0], Tensor):
        return UNKNOWN
    return _forward(walker, func, args[0], node)


def _forward(walker: Walker, layer: Layer, x: Tensor, node: ast.Call) -> Value:
    if layer.kind in _PASS:
        return x
    if layer.kind == "torch.nn.Sequential":
        out: Value = x
        for part in layer.parts:
            if not isinstance(part, Layer) or not isinstance(out, Tensor):
                return UNKNOWN
            out = _forward(walker, part, out, node)
        return out
    if layer.dtype not in FLOATS:
        return UNKNOWN  # made under a default dtype analysis does not know
    if layer.kind == "torch.nn.BatchNorm1d":
        if x.dtype in FLOATS and x.dtype != layer.dtype:
            message = "RuntimeError: mixed dtype (CPU): all inputs must share same datatype."
            walker.emit("torch", "RuntimeError", message, node, CONFIDENCE)
            return UNKNOWN
        return x if x.dtype == layer.dtype else UNKNOWN
    return _linear(walker, layer, x, node)


def _linear(walker: Walker, layer: Layer, x: Tensor, node: ast.Call) -> Value:
    width, out = layer.sizes
    if x.dtype is not None and x.dtype != layer.dtype:
        message = (
            "RuntimeError: mat1 and mat2 must have the same dtype, but got "
            f"{x.dtype} and {layer.dtype}"
        )
        walker.emit("torch", "RuntimeError", message, node, CONFIDENCE)
        return UNKNOWN
    if x.shape is None or not x.shape:
        return Tensor(x.dtype, None)
    rows = math.prod(x.shape[:-1]) if None not in x.shape[:-1] else None
    if width is not None and x.shape[-1] is not None and x.shape[-1] != width:
        if rows is not None and out is not None:
            message = (
                "RuntimeError: mat1 and mat2 shapes cannot be multiplied "
                f"({rows}x{x.shape[-1]} and {width}x{out})"
            )
            walker.emit("torch", "RuntimeError", message, node, CONFIDENCE)
        return UNKNOWN
    return Tensor(x.dtype, (*x.shape[:-1], out))


def _check_loss(walker: Walker, kind: str, given: Value, target: Value, node: ast.Call) -> None:
    if isinstance(given, Tensor) and isinstance(target, Tensor):
        message = _loss_refusal(kind.rpartition(".")[2], given, target)
        if message is not None:
            walker.emit("torch", message.partition(":")[0], message, node, CONFIDENCE)


def _loss_refusal(loss: str, given: Tensor, target: Tensor) -> str | None:
    """What the loss says of an output and a target it refuses."""
    sizes = (_size(given.shape), _size(target.shape))
    differ = None not in sizes and given.shape != target.shape
    if loss == "BCEWithLogitsLoss" and differ:
        return f"ValueError: Target size ({sizes[1]}) must be the same as input size ({sizes[0]})"
    if loss == "BCEWithLogitsLoss" and given.dtype == "Float" and target.dtype in ("Long", "Int"):
        return f"RuntimeError: result type Float can't be cast to the desired output type {target.dtype}"
    if loss == "BCELoss" and differ:
        return (
            f"ValueError: Using a target size ({sizes[1]}) that is different to the input size "
            f"({sizes[0]}) is deprecated. Please ensure they have the same size."
        )
    labels = target.shape is not None and len(target.shape) == 1
    scores = given.shape is not None and len(given.shape) == 2
    if (
        loss == "CrossEntropyLoss"
        and labels
        and scores
        and target.dtype not in (None, "Long", "Byte")
    ):
        return f"RuntimeError: expected target dtype to be Long or Byte, but got {target.dtype}"
    return None


def _size(shape: Shape | None) -> str | None:
    """torch.Size([64, 1]) as torch prints it; None unless every dimension is known."""
    if shape is None or None in shape:
        return None
    return f"torch.Size([{', '.join(str(d) for d in shape)}])"


def _loader(data: Batches, size: int | None) -> Value:
    """What a loop over a DataLoader gets each time: the first batch's tensors."""
    if size is None or not data.tensors:
        return UNKNOWN
    batch: list[Value] = []
    for tensor in data.tensors:
        if not isinstance(tensor, Tensor):
            batch.append(UNKNOWN)
            continue
        shape = tensor.shape
        if shape and shape[0] is not None:
            shape = (min(size, shape[0]), *shape[1:])
        elif shape:
            shape = None
        batch.append(Tensor(tensor.dtype, shape))
    return Repeated(Seq(batch, "list"))


def module_method(
    module: UserInstance, name: str, args: list[Value], kw: dict[str, Value]
) -> Value:
    """`model.to(device)`, `model.train()`, `model.double()`: the module itself, its layers
    cast to the dtype given."""
    dtype = CASTS.get(name) if not args and not kw else None
    if name == "to":
        dtype = next((d for d in map(dtype_of, [*args, *kw.values()]) if d is not None), None)
    if dtype is not None:
        _cast(module, dtype, set())
    return module


def _cast(value: Value, dtype: str, seen: set[int]) -> None:
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Layer):
        value.dtype = dtype
        parts = value.parts
    elif isinstance(value, UserInstance):
        parts = list(value.attrs.values())
    elif isinstance(value, Seq) and value.items is not None:
        parts = value.items
    else:
        return
    for part in parts:
        _cast(part, dtype, seen)
