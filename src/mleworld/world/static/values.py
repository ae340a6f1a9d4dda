"""The abstract values the static walker tracks for a program's names.

Each value stands for what a name holds at run time, as far as analysis can
tell: a constant, a path, a list of column names, a real imported module or
library object, an instance of a library class, a DataFrame whose possible
columns are known, a user function or class. `UNKNOWN` is everything else.

Mutable values (lists, frames, user instances) are shared by reference, as the
objects they stand for are, so a mutation through one name is seen through
every alias. This module owns the types and the join of two values at a
control-flow merge; their semantics live with the detectors.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any


class Value:
    """Base of all abstract values."""


class _Unknown(Value):
    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Value = _Unknown()


@dataclass(eq=False)
class Const(Value):
    """A str, number, bool, None or bytes constant, or a column's dtype (kinds.series_dtype)."""

    value: Any


@dataclass(eq=False)
class Number(Value):
    """A number whose type is known, named as Python's messages name it: "float", "int",
    "numpy.float64" (scalars.py); its value only when analysis computed it."""

    type_name: str
    real: Any = None  # `df["x"].median()` of a column whose values are known (computed_series)

    @classmethod
    def holding(cls, real: Any) -> Number:
        """A number analysis computed, typed as Python names it (`numpy.float64`, `int`)."""
        kind = type(real)
        return cls(f"numpy.{kind.__name__}" if kind.__module__ == "numpy" else kind.__name__, real)


@dataclass(eq=False)
class PathVal(Value):
    """A pathlib.Path; `text` is its str() (Path("./input") -> "input")."""

    text: str


@dataclass(eq=False)
class PathIn(Value):
    """A path into a known folder whose file name is known only at run time
    (`os.path.join(MODEL_DIR, f"best_{name}.joblib")`); `shown` spells it with the unknown
    part guessed."""

    folder: str
    shown: str


@dataclass(eq=False)
class Seq(Value):
    """A list or tuple with known items; `items` None once a mutation could not be followed."""

    items: list[Value] | None
    kind: str = "list"  # list | tuple


@dataclass(eq=False)
class DictVal(Value):
    """A dict literal with constant str keys; `closed` False once its contents are unknown."""

    items: dict[str, Value]
    closed: bool = True


@dataclass(eq=False)
class Keys(Value):
    """Column name(s) known to be among `upper` (e.g. `df.columns`, a loop over it)."""

    upper: frozenset[str]
    many: bool  # a collection of names (True) or one name (False)
    exact: bool = False  # `upper` is exactly the names (df.columns of a frame read from a file)
    order: tuple[str, ...] | None = None  # the names in order, when exact (`df.columns`)


@dataclass(eq=False)
class ModuleVal(Value):
    """A module the program imported; `module` is the real one when analysis may load it."""

    name: str
    module: ModuleType | None


@dataclass(eq=False)
class Named(Value):
    """A library callable known by its dotted name alone: its module is not loaded
    (torch_calls.py judges the calls of these)."""

    path: str


@dataclass(eq=False)
class Obj(Value):
    """A real library object (function, class, constant) reached through a module."""

    obj: Any
    path: str  # the dotted name as the program spells it (for evidence)


@dataclass(eq=False)
class Instance(Value):
    """An instance of a library class, made by calling it.

    `params` holds the arguments the program spelt as literals (by keyword; positional ones
    under their parameter names), `given` every argument by parameter name, `inner` the
    library instances it was built from (a pipeline's steps), `fit_error` the (class,
    message) its `fit` raises (params.py).
    """

    cls: type
    params: dict[str, Any] = field(default_factory=dict)
    inner: list[Instance] = field(default_factory=list)
    fit_error: tuple[str, str] | None = None
    given: dict[str, Value] = field(default_factory=dict)  # every bound argument, as walked
    classes: int | None = None  # the classes its last fit saw, when known (predictions.fitted)
    outputs: int | None = None  # the target columns its last fit saw, when known
    fitted: bool = False  # a fit of it was walked (its fitted attributes exist)
    # (width, column names or None) of what its last fit saw, when known (features_in.py)
    fitted_shape: tuple[int, tuple[str, ...] | None] | None = None
    # how to build it again (params.rebuild): the factory function and the call's arguments
    # (`make_pipeline(a, b)`), or None: `given` holds the arguments, when `bound`
    factory: tuple[Any, list[Value], dict[str, Value]] | None = None
    bound: bool = False  # `given` holds every argument of the call that made it
    vocabulary: Any = None  # a vectorizer's last fit: its Vocabulary (text_terms.py)
    fitted_text: Any = None  # a model's last fit was on a sparse matrix of these blocks
    real: Any = None  # a copy fitted on the values its last fit saw (encoders.py)
    # a pipeline's steps before its model, rebuilt, and the values its last fit gave them
    # (encoders.py fits them when a prediction needs it)
    head: Any = None
    # `set_output(transform=...)` given to it: the literal, UNKNOWN when not one (encoders.py)
    output: Any = None


@dataclass(eq=False)
class Method(Value):
    """An attribute looked up on a tracked value, waiting to be called."""

    owner: Value
    name: str
    func: Any = None  # the real function when the owner's class defines one


@dataclass(eq=False)
class Frame(Value):
    """A pandas DataFrame whose columns are among `columns` (None: no longer known).

    `exact` says the list is the frame's columns, not just an upper bound;
    `is_frame` is False for results that may be a row Series (`df.iloc[i]`),
    which share the frame's labels for `[...]` but not its attributes;
    `pristine` that its values are still the file's (any change clears it).
    """

    columns: list[str] | None
    source: str  # the file it was read from, for evidence
    exact: bool = True
    is_frame: bool = True
    # Frames this one may be (after two paths met): columns it gains, they may gain.
    aliases: list[Frame] = field(default_factory=list)
    # The values are the file's own, rows and all: only column selections and drops since
    # read_csv (so dtypes.py may read them from the file).
    pristine: bool = False
    rows: int | None = None  # its row count, while the walk can follow it (lengths.py)
    # column -> "file" or "num" dtype, or a kinds.Real: values computed from the file (kinds.py)
    kinds: dict[str, Any] | None = None
    ordered: bool = False  # its rows are its file's, all of them, in the file's order
    ranged: bool = False  # its index is 0..rows-1: concat(axis=1) lines such frames up by row
    # concat(keys=[...]) of frames whose rows were known: key -> rows (`.loc[key]` gives them)
    parts: dict[str, int] | None = None
    # its values as pandas computed them from the files' (computed.py), while `pristine`
    table: Any = None
    # (values, share): its rows are a random share of those values' rows (a train_test_split
    # part, a fold's training rows), while its columns stay theirs (partial_fits.sampled)
    sample_of: tuple[Any, float] | None = None
    # the values of its other columns, after columns were stored whose values the walk lost
    # (`df["t"] = s.map(f)`), while nothing else changed it: a selection of those columns
    # holds them again (computed.held_columns)
    partial: Any = None
    # the names of its index's levels, which `reset_index()` makes its first columns (a
    # grouping's keys: `df.groupby("k").agg(n=("x", "size"))`, reductions.grouped_shape)
    index_names: tuple[str, ...] | None = None

    def __setattr__(self, name: str, value: Any) -> None:
        # Whatever changes the frame in place (clearing `pristine` or its `kinds`) ends what
        # its rows are a sample of: the values it was drawn from are no longer its own.
        if (name == "pristine" and value is False) or (name == "kinds" and value is None):
            object.__setattr__(self, "sample_of", None)
            object.__setattr__(self, "partial", None)
        object.__setattr__(self, name, value)

    def has(self, name: str) -> bool:
        return self.columns is not None and name in self.columns

    def add(self, names: list[str]) -> None:
        self.pristine = False
        for name in names if self.kinds is not None else ():
            self.kinds.pop(name, None)  # type: ignore[union-attr]
        if self.columns is not None:
            self.columns.extend(n for n in names if n not in self.columns)
        for other in self.aliases:
            other.add(names)

    def forget(self, *, keep_rows: bool = False) -> None:
        """Its columns (and values) are no longer known; `keep_rows`: a column was added
        or replaced under a name the walk does not know, so the rows are the same."""
        self.pristine = False
        self.rows = self.rows if keep_rows else None
        self.kinds = None
        self.ordered = False
        self.columns = None
        for other in self.aliases:
            other.forget()

    def copy(self, *, is_frame: bool | None = None) -> Frame:
        cols = None if self.columns is None else list(self.columns)
        shape = self.is_frame if is_frame is None else is_frame
        return Frame(cols, self.source, self.exact, shape, table=self.table)


@dataclass(eq=False)
class ArrayVal(Value):
    """A 2-D numpy array of known width: taken from a frame whose columns were known exactly
    (`df.to_numpy()`), or given by numpy run on values analysis holds (arrays.py)."""

    width: int  # its columns
    rows: int | None = None  # its rows, when the frame's were known (lengths.py)
    real: Any = None  # its values, when analysis holds them (arrays.py)
    # its numpy dtype where its values are not held but its columns' dtypes are (`df.values`)
    dtype: Any = None
    # (values, share): its rows are a random share of those values' rows (a fold's), arrays.py
    sample_of: tuple[Any, float] | None = None


@dataclass(eq=False)
class FoldShare(Value):
    """Row positions of one part of a k-fold split whose folds differ in size: no length,
    but the share of the rows the part holds ((k - 1) / k to train, 1 / k to validate)."""

    share: float
    # (start, stop): the positions of the first fold's part, when they are a known run of
    # rows (TimeSeriesSplit trains on the leading rows); the walk takes that fold for all
    span: tuple[int, int] | None = None


@dataclass(eq=False)
class TextMatrix(Value):
    """A scipy sparse matrix: a text vectorizer's output (the terms a row holds on average,
    text_terms.py), a dense array made sparse, or such blocks stacked (sparse_blocks.py)."""

    terms: float
    rows: int | None = None
    source: Any = None  # the Vocabulary its columns are the terms of, when known (text_terms.py)
    # its columns left to right, where all are known: a Vocabulary's terms or a count of
    # other columns (sparse_blocks.py); None: a vectorizer's output alone (see `source`)
    blocks: tuple[Any, ...] | None = None
    hashed: Any = None  # the HashingVectorizer (an Instance) that made it, if one did


@dataclass(eq=False)
class SeriesVal(Value):
    """A pandas Series (a column of a tracked frame)."""

    name: str | None
    rows: int | None = None  # its length, when known (lengths.py)
    origin: Frame | None = None  # the frame it is a column of (its index, its file values)
    numeric: bool = False  # its dtype is surely a number or bool (kinds.py)
    # "datetime" (pd.to_datetime of it), or "dt": its `.dt` accessor, not a Series itself
    kind: str | None = None
    real: Any = None  # its values, when analysis computed them from the file (kinds.cut)
    text: bool = False  # its dtype is surely pandas' string dtype (`astype(str)`, kinds.py)
    # some of the rows of this frame's column of the same name (`y.iloc[fold]`): not aligned
    # with it, so only what holds of every subset may be read from it (predictions.fitted)
    part_of: Frame | None = None


@dataclass(eq=False)
class VectorVal(Value):
    """A numpy array whose first axis has a known length (`np.zeros(len(df))`, `predict(X)`);
    a 1-D or 3-D one numpy gave on held values holds them in `real` (arrays.py)."""

    length: int
    ndim: int = 1
    ndarray: bool = True  # False for a Series' `.values`, which may be a pandas array
    numeric: bool = False  # surely numbers (np.zeros, predict_proba)
    width: int | None = None  # columns of a 2-D prediction (predict_proba: the classes fitted)
    index: bool = False  # row positions (a fold's indices): x[it] and x.iloc[it] have its length
    flat: bool = False  # surely 1-D (a single target's predict, np.zeros(n)): x[:, k] raises
    real: Any = None  # its values, when analysis computed them (`np.where(mask, 1, 0)`)
    # (scaler, frame): a scaler's transform of that frame, NaN cells and all (dtypes.py)
    scaled: tuple[Any, Any] | None = None
    # a Series' `.values` that is a pandas array of this dtype, not numpy's (pandas_arrays.py)
    pandas_dtype: Any = None
    # surely scores, never all whole numbers: the probabilities of a model that never gives
    # exactly 0 or 1, a linear regressor's predictions (predictions.py; samples.py)
    scores: bool = False
    # (values, share): its items are a random share of those values (`y[va]` of a fold's
    # positions into a held 1-D array, arrays.py)
    sample_of: tuple[Any, float] | None = None
    # a linear model's predictions for a fold's rows that surely hold one at or below -1,
    # which a log-error metric refuses (linear_fits.py)
    log_refused: bool = False


@dataclass(eq=False)
class ResultKeys(Value):
    """A dict a library returns whose every key starts with one of `prefixes` ("valid " of
    lgb.cv's "valid l2-mean") or is one of `names` ("test_score") (result_keys.py)."""

    prefixes: tuple[str, ...]
    names: frozenset[str]
    # values of some keys, where known: `cross_validate(return_estimator=True)["estimator"]`
    values: dict[str, Value] = field(default_factory=dict)


@dataclass(eq=False)
class GroupBy(Value):
    """`frame.groupby(...)` (then `[...]`) of a frame whose values are its file's (reductions.py)."""

    frame: Frame
    args: list[Value]
    kw: dict[str, Value]
    selection: Value | None = None


@dataclass(eq=False)
class Repeated(Value):
    """An iterable each of whose items is `item` (a splitter's folds, all of one size)."""

    item: Value


@dataclass(eq=False)
class Stream(Value):
    """An iterator that runs once: what a call of the program's own generator function
    returns (`enumerate` of one shares it: `source`). `state` is "fresh", "spent" (a loop
    surely ran it to its end, so a later loop gets nothing) or "lost" (the walk cannot
    tell how far it ran)."""

    state: str = "fresh"
    source: Stream | None = None

    @property
    def root(self) -> Stream:
        return self.source.root if self.source is not None else self


@dataclass(eq=False)
class Count(Value):
    """A row count the walk knows (`len(df)`, `df.shape[0]`): only array constructors read it."""

    n: int


@dataclass(eq=False)
class FuncVal(Value):
    """A function the program defines; called functions are walked with their arguments."""

    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    defaults: list[Value]
    kw_defaults: dict[str, Value]
    closure: list[Any]  # the enclosing function scopes (walker.Scope), innermost last
    bound_self: Value | None = None  # a method looked up on an instance
    opaque: bool = False  # decorated by something analysis cannot follow: never walked
    static: bool = False  # a staticmethod: no self when looked up on an instance


@dataclass(eq=False)
class Partial(Value):
    """`functools.partial(func, *args, **kw)`: calling it calls `func` with those first."""

    func: Value
    args: list[Value]
    kw: dict[str, Value]


@dataclass(eq=False)
class ClassVal(Value):
    """A class the program defines."""

    node: ast.ClassDef
    attrs: dict[str, Value]
    bases: list[Value]
    # a dataclass's fields in order: (name, default, default_factory), None when unset;
    # None for a class that is not a dataclass
    fields: list[tuple[str, Value | None, Value | None]] | None = None

    def lookup(self, name: str) -> Value | None:
        if name in self.attrs:
            return self.attrs[name]
        for base in self.bases:
            if isinstance(base, ClassVal):
                found = base.lookup(name)
                if found is not None:
                    return found
        return None

    @property
    def pure(self) -> bool:
        """All bases are classes of the program (no library behaviour inherited)."""
        return all(isinstance(b, ClassVal) and b.pure for b in self.bases)


class OpaqueStep:
    """The class of a pipeline step analysis does not model: the program's own transformer
    or a value it does not know. Checks that walk a pipeline's steps stop at it."""


def step_of(value: Value) -> Instance | None:
    """A pipeline's step as analysis holds it: the estimator, a stand-in for one it does not
    model (holding the value as `given["step"]`), or None for `"passthrough"` / `"drop"`."""
    if isinstance(value, Instance):
        return value
    if isinstance(value, Const) and (value.value is None or isinstance(value.value, str)):
        return None
    return Instance(OpaqueStep, given={"step": value})


@dataclass(eq=False)
class UserInstance(Value):
    """An instance of a class the program defines, with the attributes it was given."""

    cls: ClassVal
    attrs: dict[str, Value] = field(default_factory=dict)


def escape(value: Value, seen: set[int] | None = None) -> None:
    """Code analysis cannot follow may now change `value`: stop trusting what it holds.

    Frames reachable from it forget their columns; lists forget their items;
    dicts and user instances forget their contents.
    """
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Frame):
        value.forget()
    elif isinstance(value, Seq):
        items = value.items or []
        if value.kind == "list":
            value.items = None
        for item in items:
            escape(item, seen)
    elif isinstance(value, DictVal):
        for item in value.items.values():
            escape(item, seen)
        value.items.clear()
        value.closed = False
    elif isinstance(value, Stream) and value.root.state == "fresh":
        value.root.state = "lost"
    elif isinstance(value, UserInstance):
        for item in value.attrs.values():
            escape(item, seen)
        value.attrs.clear()
    elif isinstance(value, ArrayVal | VectorVal):
        value.real = None  # code analysis does not follow may write into it


def release(value: Value) -> None:
    """A container handed to code analysis cannot follow: what it holds may be aliased there.

    Tracked objects inside it (frames, user instances, nested containers) escape;
    its constants (column names) are kept, as library code does not rewrite them.
    """
    items: list[Value] = []
    if isinstance(value, Seq) and value.items is not None:
        items = list(value.items)
    elif isinstance(value, DictVal):
        items = list(value.items.values())
    for item in items:
        if isinstance(item, Frame | UserInstance):
            escape(item)
        elif isinstance(item, Seq | DictVal):
            release(item)


def same(a: Value, b: Value) -> bool:
    if a is b:
        return True
    if isinstance(a, Const) and isinstance(b, Const):
        return type(a.value) is type(b.value) and a.value == b.value
    if isinstance(a, PathVal) and isinstance(b, PathVal):
        return a.text == b.text
    if isinstance(a, ModuleVal) and isinstance(b, ModuleVal):
        return a.name == b.name
    if isinstance(a, Obj) and isinstance(b, Obj):
        return a.obj is b.obj
    if isinstance(a, Instance) and isinstance(b, Instance):
        return False  # two constructions are two objects
    return False


def join(a: Value, b: Value) -> Value:
    """The value a name holds after two control-flow paths meet."""
    if same(a, b):
        return a
    if isinstance(a, Frame) and isinstance(b, Frame):
        if a.columns is None or b.columns is None or a.is_frame != b.is_frame:
            return UNKNOWN
        union = a.columns + [c for c in b.columns if c not in a.columns]
        exact = a.exact and b.exact and set(a.columns) == set(b.columns)
        rows = a.rows if a.rows == b.rows else None
        kinds = a.kinds if a.kinds == b.kinds and a.source == b.source else None
        ordered = a.ordered and b.ordered and a.source == b.source
        return Frame(
            union, a.source, exact, a.is_frame, [a, b], rows=rows, kinds=kinds, ordered=ordered
        )
    if isinstance(a, Instance) and isinstance(b, Instance) and a.cls is b.cls:
        return Instance(a.cls)
    if isinstance(a, SeriesVal) and isinstance(b, SeriesVal):
        return SeriesVal(a.name if a.name == b.name else None, a.rows if a.rows == b.rows else None)
    if isinstance(a, VectorVal) and isinstance(b, VectorVal) and a.length == b.length:
        return VectorVal(a.length, a.ndim) if a.ndim == b.ndim else UNKNOWN
    return UNKNOWN


def is_true(value: Value | None) -> bool:
    """The value is the literal True (`inplace=True`, `drop=True`)."""
    return isinstance(value, Const) and value.value is True


def const_str(value: Value) -> str | None:
    if isinstance(value, Const) and isinstance(value.value, str):
        return value.value
    return None


def int_value(value: Value | None) -> int | None:
    """The whole number a value holds: an int constant, or a row count (`len(df)`)."""
    if isinstance(value, Count):
        return value.n
    if (
        isinstance(value, Const)
        and isinstance(value.value, int)
        and not isinstance(value.value, bool)
    ):
        return value.value
    return None


def str_list(value: Value) -> list[str] | None:
    """The column names a value spells out: a str, or a list/tuple of strs."""
    text = const_str(value)
    if text is not None:
        return [text]
    if isinstance(value, Seq) and value.items is not None:
        out = []
        for item in value.items:
            s = const_str(item)
            if s is None:
                return None
            out.append(s)
        return out
    return None
