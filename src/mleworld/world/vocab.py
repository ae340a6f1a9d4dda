"""The exception-class vocabulary C (paper eq. 1, appendix C) and its EXC_ tokens.

A world model predicts the outcome class of a run as one token `EXC_<class>`,
decoded first; its probabilities renormalised over C give the outcome
distribution. C holds `None` (a clean run), `TimeoutError` (killed at the time
limit), the classes seen in a corpus, the common Python and ML-library
exceptions, and `Other`, the fallback for any class outside the vocabulary.

Class names are the leaf names a traceback prints (`pandas.errors.ParserError`
-> `ParserError`) plus the stable names execution/parsing.py gives deaths
without a traceback (`Killed`, `SegmentationFault`, ...).

This module owns the class list, token spelling and normalisation. Reading a
class out of terminal output is execution/parsing.py's job.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.files import atomic_write_text

SCHEMA_VERSION = 1
PREFIX = "EXC_"
CLEAN = "None"
TIMEOUT = "TimeoutError"
OTHER = "Other"

# Token order of the default vocabulary: the outcome classes first, then the
# crashes ML programs hit most, then rarer ones. `Other` always comes last.
COMMON_CLASSES: tuple[str, ...] = (
    CLEAN,
    TIMEOUT,
    # Python built-ins, most frequent in agent-written ML code first.
    "ValueError",
    "TypeError",
    "NameError",
    "KeyError",
    "SyntaxError",
    "AttributeError",
    "RuntimeError",
    "FileNotFoundError",
    "IndexError",
    "ImportError",
    "ModuleNotFoundError",
    "IndentationError",
    "TabError",
    "MemoryError",
    "ZeroDivisionError",
    "AssertionError",
    "NotImplementedError",
    "OSError",
    "PermissionError",
    "IsADirectoryError",
    "NotADirectoryError",
    "FileExistsError",
    "UnboundLocalError",
    "RecursionError",
    "OverflowError",
    "FloatingPointError",
    "ArithmeticError",
    "LookupError",
    "StopIteration",
    "EOFError",
    "BrokenPipeError",
    "ConnectionError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "BufferError",
    "SystemError",
    "Exception",
    "ExceptionGroup",
    "BaseExceptionGroup",
    # pandas
    "ParserError",
    "EmptyDataError",
    "IntCastingNaNError",
    "InvalidIndexError",
    "SettingWithCopyError",
    "MergeError",
    "IndexingError",
    "UndefinedVariableError",
    "OutOfBoundsDatetime",
    "DateParseError",
    # numpy / scipy
    "LinAlgError",
    "AxisError",
    "DTypePromotionError",
    "_ArrayMemoryError",
    "_UFuncNoLoopError",
    "UFuncTypeError",
    # scikit-learn and gradient boosting
    "NotFittedError",
    "InvalidParameterError",
    "LightGBMError",
    "XGBoostError",
    "CatBoostError",
    # deep learning
    "OutOfMemoryError",
    "AcceleratorError",
    "CUDAError",
    "InvalidArgumentError",
    "ResourceExhaustedError",
    # serialisation, processes, network
    "JSONDecodeError",
    "PicklingError",
    "UnpicklingError",
    "BrokenProcessPool",
    "TerminatedWorkerError",
    "CalledProcessError",
    "HTTPError",
    "URLError",
    "ValidationError",
    # deaths without a Python traceback, and deliberate exits
    "Killed",
    "SegmentationFault",
    "Aborted",
    "BusError",
    "Terminated",
    "SystemExit",
    "KeyboardInterrupt",
)

_CLASS_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_NULL_NAMES = {"", "none", "null", "nil", "clean", "noerror", "no_exception"}


def leaf_name(name: str | None) -> str:
    """The class as the vocabulary spells it: leaf of a dotted name, `None` for null-ish text.

    `pandas.errors.ParserError` -> `ParserError`; `EXC_KeyError` -> `KeyError`;
    `null`, `none`, an empty string or None itself -> `None`.
    """
    if name is None:
        return CLEAN
    text = name.strip().strip("`'\"<>").strip()
    text = text.removeprefix(PREFIX)
    if text.endswith(":"):
        text = text[:-1]
    if text.lower() in _NULL_NAMES:
        return CLEAN
    return text.rsplit(".", 1)[-1]


class Vocab:
    """An ordered set of exception classes, each with one `EXC_<class>` token.

    Always contains `None`, `TimeoutError` and `Other`; `Other` is last.
    """

    def __init__(self, classes: Iterable[str]) -> None:
        ordered: list[str] = []
        seen: set[str] = set()
        for cls in (CLEAN, TIMEOUT, *classes):
            if cls == OTHER or cls in seen:
                continue
            if not _CLASS_NAME.match(cls):
                raise MleWorldError(
                    f"exception class {cls!r} is not a Python identifier; "
                    "give class names as a traceback prints them (e.g. ValueError)"
                )
            ordered.append(cls)
            seen.add(cls)
        ordered.append(OTHER)
        self._classes = tuple(ordered)
        self._index = {cls: i for i, cls in enumerate(self._classes)}

    # --- construction ---------------------------------------------------------
    @classmethod
    def default(cls) -> Vocab:
        """The common classes only (no corpus needed)."""
        return cls(COMMON_CLASSES)

    @classmethod
    def build(
        cls,
        seen: Iterable[str] | Mapping[str, int],
        *,
        min_count: int = 1,
        include_common: bool = True,
    ) -> Vocab:
        """Classes seen in a corpus (a name per record, or name -> count) united with the common ones.

        Seen classes that are not common follow the common ones, most frequent
        first (ties by name). Those seen fewer than `min_count` times are left
        out: a model cannot learn a class from a handful of examples, and
        `normalize` maps them to `Other`.
        """
        counts: Counter[str] = Counter()
        if isinstance(seen, Mapping):
            for name, n in seen.items():
                counts[leaf_name(name)] += int(n)
        else:
            counts.update(leaf_name(name) for name in seen)
        base = list(COMMON_CLASSES) if include_common else []
        known = set(base)
        extra = [
            name
            for name, n in counts.items()
            if n >= min_count and name not in known and name != OTHER and _CLASS_NAME.match(name)
        ]
        extra.sort(key=lambda name: (-counts[name], name))
        if not include_common:
            base = sorted(
                (name for name in counts if name in COMMON_CLASSES and counts[name] >= min_count),
                key=COMMON_CLASSES.index,
            )
        return cls([*base, *extra])

    # --- lookups ----------------------------------------------------------------
    @property
    def classes(self) -> tuple[str, ...]:
        return self._classes

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(PREFIX + cls for cls in self._classes)

    def __len__(self) -> int:
        return len(self._classes)

    def __contains__(self, cls: object) -> bool:
        return cls in self._index

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._classes)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vocab) and other._classes == self._classes

    def __hash__(self) -> int:
        return hash(self._classes)

    def __repr__(self) -> str:
        return f"Vocab({len(self)} classes)"

    def index(self, cls: str) -> int:
        """Position of a class (after normalisation) in token order."""
        return self._index[self.normalize(cls)]

    def normalize(self, cls: str | None) -> str:
        """The vocabulary's spelling of a class; anything outside C becomes `Other`."""
        name = leaf_name(cls)
        return name if name in self._index else OTHER

    def token(self, cls: str | None) -> str:
        """`EXC_<class>` for a class (normalised first: unknown classes give `EXC_Other`)."""
        return PREFIX + self.normalize(cls)

    def from_token(self, token: str) -> str:
        """The class an `EXC_` token names; a well-formed token outside C gives `Other`."""
        text = token.strip()
        if not text.startswith(PREFIX) or not _CLASS_NAME.match(text[len(PREFIX) :]):
            raise MleWorldError(
                f"{token[:60]!r} is not an exception token; tokens look like EXC_ValueError"
            )
        return self.normalize(text[len(PREFIX) :])

    # --- persistence --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"schema_version": SCHEMA_VERSION, "prefix": PREFIX, "classes": list(self._classes)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Vocab:
        classes = data.get("classes")
        if not isinstance(classes, list) or not all(isinstance(c, str) for c in classes):
            raise MleWorldError("vocabulary file has no 'classes' list; write it with Vocab.save")
        version = data.get("schema_version", SCHEMA_VERSION)
        if version != SCHEMA_VERSION:
            raise MleWorldError(
                f"vocabulary schema version {version} is not {SCHEMA_VERSION}; rebuild it with Vocab.build"
            )
        if data.get("prefix", PREFIX) != PREFIX:
            raise MleWorldError(
                f"vocabulary uses token prefix {data.get('prefix')!r}, expected {PREFIX!r}"
            )
        return cls(classes)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the vocabulary as JSON (atomically)."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        return atomic_write_text(target, json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Vocab:
        source = Path(path)
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise MleWorldError(
                f"vocabulary file {source} does not exist; write one with Vocab.save"
            ) from None
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            # ValueError: bad JSON, or an integer past Python's digit limit
            raise MleWorldError(
                f"cannot read vocabulary {source}: {exc}; rewrite it with Vocab.save"
            ) from None
        if not isinstance(data, dict):
            raise MleWorldError(
                f"vocabulary {source} is not a JSON object; rewrite it with Vocab.save"
            )
        try:
            return cls.from_dict(data)
        except MleWorldError as exc:  # say which file, whatever is wrong inside it
            what = str(exc).split(";")[0]
            raise MleWorldError(
                f"vocabulary {source} is invalid ({what}); rewrite it with Vocab.save"
            ) from None


def token(cls: str | None, vocab: Vocab | None = None) -> str:
    """`EXC_<class>` under `vocab` (default: the common vocabulary)."""
    return (vocab or _default()).token(cls)


def from_token(tok: str, vocab: Vocab | None = None) -> str:
    return (vocab or _default()).from_token(tok)


_DEFAULT: Vocab | None = None


def _default() -> Vocab:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Vocab.default()
    return _DEFAULT
