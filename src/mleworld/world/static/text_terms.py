"""How many terms a text vectorizer puts in a row, for the cost of the model fitted on it.

A model fitted on TF-IDF or count features sees a sparse matrix whose width is a
vocabulary of thousands of n-grams, of which a row holds only the terms of its own
document: a boosted tree, a linear model or a kernel spends its time on those
non-zeros. So the work a fit asks for (work.py) counts a vectorized text column as
that many features per row, estimated from the real column: its distinct words (the
vectorizer's default token pattern) for word n-grams, its characters for character
n-grams, one n-gram length after another, capped by `max_features`.

The estimate follows a vectorizer inside a pipeline or a feature union, and a matrix
the program makes itself (`X = vec.fit_transform(df["text"])`, `hstack` of such
matrices (sparse_blocks.py), a fold's rows of one) as a `TextMatrix` value. A matrix
a HashingVectorizer made remembers it: its counts may be negative, which a sublinear
`TfidfTransformer` turns into NaN (`_check_reweighted`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd

from mleworld.world.static import dtypes
from mleworld.world.static.values import UNKNOWN, Instance, SeriesVal, TextMatrix, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

VECTORIZERS = frozenset({"TfidfVectorizer", "CountVectorizer", "HashingVectorizer"})
_WORD = r"(?u)\b\w\w+\b"  # scikit-learn's default token_pattern
# Distinct n-grams a row holds per distinct word, for n >= 2: rare ones are pruned by
# min_df and repeats merge (measured on the food-reviews task's text: 85 terms a row for
# words and bigrams, 50 words).
_LONGER_NGRAMS = 0.7
_CHAR_NGRAMS = 0.45  # distinct character n-grams of one length per character of a row


_STATS: dict[tuple[int, int], tuple[float, float] | None] = {}
_STATS_KEPT = 256  # columns whose statistics are remembered (a few per task)


def _stats(text: Any) -> tuple[float, float] | None:
    """(distinct words, characters) per row of a text column, on average; measured once
    per distinct column (tokenizing a few thousand documents takes ~0.1 s)."""
    series = pd.Series(text)
    if series.empty or not (series.dtype == object or pd.api.types.is_string_dtype(series)):
        return None
    key = (len(series), int(pd.util.hash_pandas_object(series, index=False).sum()))
    if key not in _STATS:
        if len(_STATS) >= _STATS_KEPT:
            _STATS.clear()
        lowered = series.fillna("").astype(str).str.lower()
        words = lowered.str.findall(_WORD).map(lambda tokens: len(set(tokens)))
        _STATS[key] = float(words.mean()), float(lowered.str.len().mean())
    return _STATS[key]


def text_stats(walker: Walker, text: Value) -> tuple[float, float] | None:
    """(distinct words, characters) per row of a text Series the walk knows the values of."""
    if not isinstance(text, SeriesVal) or text.name is None:
        return None
    if text.real is not None:
        return _stats(text.real)
    frame = text.origin
    table = None if frame is None else frame.table
    if frame is not None and table is None:
        table = dtypes.file_table(walker, frame.source)
    if table is None or text.name not in table.columns:
        return None
    return _stats(table[text.name])


@dataclass(eq=False)
class Vocabulary:
    """What a vectorizer's fit learned its terms from: its class, literal parameters and the
    documents. Two matrices hold the same columns only when made with the same Vocabulary."""

    cls: type
    params: dict[str, Any]
    documents: Any  # the text Series, row for row

    def width(self) -> int | None:
        """The number of terms (columns), fitted for real on the documents once."""
        key = (self.cls.__name__, repr(sorted(self.params.items())), _digest(self.documents))
        if key not in _WIDTHS:
            try:
                fitted = self.cls(**self.params).fit(self.documents)
                _WIDTHS[key] = len(fitted.vocabulary_)
            except Exception:
                _WIDTHS[key] = None
        return _WIDTHS[key]


_WIDTHS: dict[tuple[str, str, tuple[int, int]], int | None] = {}


def _digest(documents: Any) -> tuple[int, int]:
    return len(documents), int(pd.util.hash_pandas_object(documents, index=False).sum())


def _documents(text: Value) -> Any | None:
    """The exact documents of a text Series, row for row: values analysis computed, or a
    column of a frame still holding all of its file's rows."""
    if not isinstance(text, SeriesVal):
        return None
    real = text.real
    if real is None and text.origin is not None and text.name is not None:
        frame = text.origin
        table = frame.table
        whole = frame.pristine and frame.sample_of is None
        if table is not None and whole and frame.rows == len(table) and text.name in table:
            real = table[text.name]
    if not isinstance(real, pd.Series) or real.empty:
        return None
    if not (real.dtype == object or pd.api.types.is_string_dtype(real)):
        return None
    return real


def on_fit(owner: Instance, method: str, args: list[Value]) -> None:
    """`vec.fit(text)` / `vec.fit_transform(text)`: the Vocabulary the vectorizer now holds
    (None where its parameters or the documents are not all known)."""
    if owner.cls.__name__ not in ("TfidfVectorizer", "CountVectorizer") or not args:
        return
    documents = _documents(args[0])
    complete = len(owner.params) == len(owner.given)
    owner.vocabulary = (
        Vocabulary(owner.cls, dict(owner.params), documents)
        if documents is not None and complete
        else None
    )


def _pair(value: Any, default: tuple[int, int]) -> tuple[int, int]:
    if (
        isinstance(value, tuple | list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and 1 <= value[0] <= value[1]
    ):
        return int(value[0]), int(value[1])
    return default


def terms_per_row(vectorizer: Instance, stats: tuple[float, float]) -> float:
    """The non-zeros a row of `vectorizer`'s output holds, for a column with `stats`."""
    words, chars = stats
    analyzer = vectorizer.params.get("analyzer", "word")
    low, high = _pair(vectorizer.params.get("ngram_range"), (1, 1))
    if analyzer in ("char", "char_wb"):
        terms = sum(_CHAR_NGRAMS * chars for _ in range(low, high + 1))
    else:
        terms = sum(words * (1.0 if n == 1 else _LONGER_NGRAMS) for n in range(low, high + 1))
    cap = vectorizer.params.get("max_features")
    if isinstance(cap, int) and not isinstance(cap, bool) and cap > 0:
        terms = min(terms, float(cap))
    return max(terms, 1.0)


def vectorizes(estimator: Instance) -> bool:
    """A text vectorizer is the estimator or one of its steps, at any depth."""
    return estimator.cls.__name__ in VECTORIZERS or any(vectorizes(i) for i in estimator.inner)


def _vectorized(estimator: Instance, stats: tuple[float, float]) -> float | None:
    """Terms per row the text steps of a pipeline or union put before its model, if any."""
    name = estimator.cls.__name__
    if name in VECTORIZERS:
        return terms_per_row(estimator, stats)
    found = [t for t in (_vectorized(inner, stats) for inner in estimator.inner) if t]
    if not found:
        return None
    if name == "FeatureUnion":
        return sum(found)
    return found[0] if name == "Pipeline" else None


def features(walker: Walker, estimator: Value, X: Value) -> float | None:
    """Features per row the model of `estimator` sees when fitted on `X`, where text makes them."""
    if isinstance(X, TextMatrix):
        return X.terms
    if not isinstance(estimator, Instance) or not vectorizes(estimator):
        return None
    stats = text_stats(walker, X)
    return None if stats is None else _vectorized(estimator, stats)


def transformed(
    walker: Walker, owner: Instance, method: str, args: list[Value], node: Any
) -> Value:
    """`vec.fit_transform(text)` / `vec.transform(text)`: a TextMatrix, else UNKNOWN."""
    if method not in ("fit_transform", "transform") or not args:
        return UNKNOWN
    if owner.cls.__name__ == "TfidfTransformer" and isinstance(args[0], TextMatrix):
        _check_reweighted(walker, owner, args[0], node)
        return UNKNOWN
    if owner.cls.__name__ not in VECTORIZERS and owner.cls.__name__ != "FeatureUnion":
        return UNKNOWN
    stats = text_stats(walker, args[0])
    terms = None if stats is None else _vectorized(owner, stats)
    if terms is None:
        return UNKNOWN
    rows = args[0].rows if isinstance(args[0], SeriesVal) else None
    hashed = owner if owner.cls.__name__ == "HashingVectorizer" else None
    return TextMatrix(terms, rows, source=owner.vocabulary, hashed=hashed)


# Text of many distinct words: hashed with alternating signs, some surely count below zero.
_STAND_IN = [" ".join(f"word{i}x{j}" for j in range(60)) for i in range(4)]


def _check_reweighted(walker: Walker, owner: Instance, counts: TextMatrix, node: Any) -> None:
    """`TfidfTransformer(sublinear_tf=True)` of a HashingVectorizer's counts: with its
    default alternate_sign, some counts are negative, their log is NaN, and the transformer's
    own normalising refuses it ("Input contains NaN."). Both are rebuilt from the program's
    arguments and run on text of many words: what they raise, the run raises."""
    from mleworld.world.static.computed import quietly, raised
    from mleworld.world.static.params import _MISSING, rebuild

    if counts.hashed is None:
        return
    hashing, reweight = rebuild(counts.hashed), rebuild(owner)
    if hashing is _MISSING or reweight is _MISSING:
        return
    try:
        quietly(reweight.fit_transform, hashing.transform(_STAND_IN))
    except ValueError as exc:
        raised(walker, exc, node)
    except Exception:  # noqa: BLE001 - anything else is not this check's to name
        return


__all__ = [
    "VECTORIZERS",
    "Vocabulary",
    "features",
    "on_fit",
    "terms_per_row",
    "text_stats",
    "transformed",
    "vectorizes",
]
