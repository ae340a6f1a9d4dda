"""TF-IDF vectors of programs over code tokens and token bigrams, saved without pickle.

The vocabulary (terms in column order) is stored as JSON and the idf weights as
a numpy array, so a model directory never needs pickle to load. Vectors are
sublinear-tf, l2-normalised sparse rows: the dot product of two rows is their
cosine similarity.

This module owns the vectoriser only; what is compared with what is
neighbours.py's job.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from mleworld.world.fast.persist import load_array, load_json, save_array, save_json


def terms(tokens: Sequence[str]) -> Counter[str]:
    """Unigram and bigram counts of one program's tokens."""
    counts: Counter[str] = Counter(tokens)
    counts.update(f"{a} {b}" for a, b in zip(tokens, tokens[1:], strict=False))
    return counts


class CodeTfidf:
    """A fitted TF-IDF vectoriser over code terms."""

    def __init__(self, vocabulary: Sequence[str], idf: np.ndarray) -> None:
        if len(vocabulary) != len(idf):
            raise ValueError("vocabulary and idf lengths differ")
        self.vocabulary = list(vocabulary)
        self.index = {term: i for i, term in enumerate(self.vocabulary)}
        self.idf = np.asarray(idf, dtype=np.float32)

    @classmethod
    def fit(
        cls, token_lists: Iterable[Sequence[str]], *, min_df: int = 2, max_terms: int = 50_000
    ) -> CodeTfidf:
        df: Counter[str] = Counter()
        n_docs = 0
        for tokens in token_lists:
            df.update(terms(tokens).keys())
            n_docs += 1
        kept = [t for t, n in df.items() if n >= min_df]
        kept.sort(key=lambda t: (-df[t], t))
        kept = sorted(kept[:max_terms])
        idf = np.array([np.log((1 + n_docs) / (1 + df[t])) + 1.0 for t in kept], dtype=np.float32)
        return cls(kept, idf)

    def transform(self, token_lists: Sequence[Sequence[str]]) -> sp.csr_matrix:
        index = self.index
        indptr = np.zeros(len(token_lists) + 1, dtype=np.int64)
        indices: list[np.ndarray] = []
        values: list[np.ndarray] = []
        for row, tokens in enumerate(token_lists):
            found = [index.get(t, -1) for t in tokens]
            found += [index.get(f"{a} {b}", -1) for a, b in zip(tokens, tokens[1:], strict=False)]
            ids = np.asarray(found, dtype=np.int64)
            ids, counts = np.unique(ids[ids >= 0], return_counts=True)
            weights = (1.0 + np.log(counts)) * self.idf[ids]
            norm = float(np.sqrt(np.dot(weights, weights)))
            if norm > 0:
                weights = weights / norm
            indices.append(ids.astype(np.int32))
            values.append(weights.astype(np.float32))
            indptr[row + 1] = indptr[row] + len(ids)
        return sp.csr_matrix(
            (
                np.concatenate(values) if values else np.zeros(0, np.float32),
                np.concatenate(indices) if indices else np.zeros(0, np.int32),
                indptr,
            ),
            shape=(len(token_lists), len(self.vocabulary)),
        )

    # --- persistence -----------------------------------------------------------------------
    def save(self, directory: Path) -> None:
        save_json(directory / "tfidf_vocabulary.json", {"terms": self.vocabulary})
        save_array(directory / "tfidf_idf.npy", self.idf)

    @classmethod
    def load(cls, directory: Path) -> CodeTfidf:
        data = load_json(directory / "tfidf_vocabulary.json")
        vocabulary = data.get("terms")
        if not isinstance(vocabulary, list) or not all(isinstance(t, str) for t in vocabulary):
            from mleworld.errors import MleWorldError

            raise MleWorldError(
                f"{directory / 'tfidf_vocabulary.json'} has no 'terms' list; retrain the model with mleworld wm train"
            )
        idf = load_array(directory / "tfidf_idf.npy", length=len(vocabulary))
        return cls(vocabulary, idf)


def save_csr(directory: Path, name: str, matrix: sp.csr_matrix) -> None:
    """A sparse matrix as three plain arrays plus its shape."""
    matrix = sp.csr_matrix(matrix)
    save_array(directory / f"{name}_data.npy", matrix.data.astype(np.float32))
    save_array(directory / f"{name}_indices.npy", matrix.indices.astype(np.int32))
    save_array(directory / f"{name}_indptr.npy", matrix.indptr.astype(np.int64))
    save_json(directory / f"{name}_shape.json", {"shape": list(matrix.shape)})


def load_csr(directory: Path, name: str) -> sp.csr_matrix:
    from mleworld.errors import MleWorldError

    shape = load_json(directory / f"{name}_shape.json").get("shape")
    if not (isinstance(shape, list) and len(shape) == 2 and all(isinstance(n, int) for n in shape)):
        raise MleWorldError(
            f"{directory / (name + '_shape.json')} has no valid 'shape'; retrain the model with mleworld wm train"
        )
    data = load_array(directory / f"{name}_data.npy")
    indices = load_array(directory / f"{name}_indices.npy", length=len(data))
    indptr = load_array(directory / f"{name}_indptr.npy", length=shape[0] + 1)
    try:
        matrix = sp.csr_matrix((data, indices, indptr), shape=tuple(shape))
        # The constructor checks only the array lengths; an index out of range or a
        # decreasing indptr (a damaged file behind a matching digest) would make scipy's
        # C loops read out of bounds and kill the process, so check them all here.
        matrix.check_format(full_check=True)
        return matrix
    except ValueError as exc:
        raise MleWorldError(
            f"sparse matrix {name} in {directory} is inconsistent ({exc}); retrain the model with mleworld wm train"
        ) from None
