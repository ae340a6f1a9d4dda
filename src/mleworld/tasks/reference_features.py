"""The feature matrices the reference solutions of a factory task fit on.

`Features` turns a task's feature columns (numeric, boolean, categorical, date,
text; kinds from describe.py) into numbers: fitted on train, applied to test,
seeded. This module does not choose or fit models (reference_models.py,
reference_strong.py) or build the leaderboard (reference.py).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pandas as pd
from scipy import sparse

from mleworld.tasks.describe import BOOLEAN, CATEGORICAL, DATETIME, NUMERIC, TEXT, column_kinds

__all__ = ["Features"]

_TOP_LEVELS = 30
_TFIDF_FEATURES = 1000
_SVD_COMPONENTS = 32
_BOOST_TERMS = 300
# Integer codes stay below HistGradientBoosting's 255-bin limit for categorical columns.
_MAX_CODES = 250


class Features:
    """Numeric, one-hot, date-part and text features fitted on train, applied to test.

    `dense` serves trees, forests and k-NN (text via a 32-dim SVD of TF-IDF);
    `wide` (dense plus the sparse TF-IDF itself) serves linear models; `boost`
    (dense plus the 300 most frequent terms) serves LightGBM; `engineered`
    (per categorical column an integer code over all its levels and the
    level's train frequency, the row's count of missing values, then boost)
    serves the cross-validated boosters. `code_columns` are the positions of
    the integer codes in `engineered` (-1 codes a missing value).
    """

    def __init__(self, columns: list[str], seed: int) -> None:
        self.columns = columns
        self.seed = seed

    def fit(self, frame: pd.DataFrame) -> Features:
        from sklearn.decomposition import TruncatedSVD
        from sklearn.feature_extraction.text import TfidfVectorizer

        self.kinds = column_kinds(frame[self.columns])
        self.levels: dict[str, list[str]] = {}
        self.codes: dict[str, dict[str, int]] = {}
        self.frequency: dict[str, dict[str, float]] = {}
        self.text: dict[str, tuple[Any, Any]] = {}
        for col, kind in self.kinds.items():
            if kind == CATEGORICAL:
                counts = frame[col].dropna().astype(str).value_counts()
                ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
                self.levels[col] = [k for k, _ in ordered[:_TOP_LEVELS]]
                # Levels seen once share the last code with the levels past the cap.
                kept = [k for k, n in ordered if n >= 2][: _MAX_CODES - 1]
                self.codes[col] = {k: i for i, k in enumerate(kept)}
                self.frequency[col] = {k: n / len(frame) for k, n in ordered}
            elif kind == TEXT:
                docs = frame[col].fillna("").astype(str)
                vec = TfidfVectorizer(
                    max_features=_TFIDF_FEATURES, min_df=2, sublinear_tf=True, dtype=np.float64
                )
                try:
                    matrix = vec.fit_transform(docs)
                except ValueError:  # no token reaches min_df
                    vec = TfidfVectorizer(max_features=_TFIDF_FEATURES, dtype=np.float64)
                    matrix = vec.fit_transform(docs)
                k = max(1, min(_SVD_COMPONENTS, matrix.shape[1] - 1, matrix.shape[0] - 1))
                svd = TruncatedSVD(n_components=k, random_state=self.seed).fit(matrix)
                # Boosting gets only the most frequent terms: its cost grows with columns.
                df = np.asarray((matrix > 0).sum(axis=0)).ravel()
                top = np.sort(np.argsort(-df, kind="stable")[:_BOOST_TERMS])
                self.text[col] = (vec, svd, top)
        numeric = self._numeric_block(frame)
        with warnings.catch_warnings():  # an all-missing column has no median; 0 stands in
            warnings.simplefilter("ignore", RuntimeWarning)
            self.medians = np.nanmedian(np.where(np.isfinite(numeric), numeric, np.nan), axis=0)
        self.medians = np.where(np.isfinite(self.medians), self.medians, 0.0)
        filled = self._fill(numeric)
        self.mean = filled.mean(axis=0) if filled.size else np.zeros(filled.shape[1])
        std = filled.std(axis=0) if filled.size else np.ones(filled.shape[1])
        self.std = np.where(std > 0, std, 1.0)
        return self

    def _numeric_block(self, frame: pd.DataFrame) -> np.ndarray:
        parts: list[np.ndarray] = []
        for col, kind in self.kinds.items():
            values = frame[col]
            if kind in (NUMERIC, BOOLEAN):
                parts.append(
                    pd.to_numeric(values, errors="coerce").astype(float).to_numpy()[:, None]
                )
            elif kind == DATETIME:
                when = pd.to_datetime(values, errors="coerce")
                days = (when - pd.Timestamp("1970-01-01")).dt.total_seconds() / 86400.0
                parts.append(
                    np.column_stack(
                        [
                            days.to_numpy(dtype=float),
                            when.dt.year.to_numpy(dtype=float),
                            when.dt.month.to_numpy(dtype=float),
                            when.dt.day.to_numpy(dtype=float),
                            when.dt.day_of_week.to_numpy(dtype=float),
                            when.dt.day_of_year.to_numpy(dtype=float),
                        ]
                    )
                )
        if not parts:
            return np.zeros((len(frame), 0))
        return np.hstack(parts)

    def _fill(self, numeric: np.ndarray) -> np.ndarray:
        bad = ~np.isfinite(numeric)
        if bad.any():
            numeric = numeric.copy()
            numeric[bad] = np.take(self.medians, np.nonzero(bad)[1])
        return numeric

    def transform(self, frame: pd.DataFrame) -> dict[str, Any]:
        """The dense, wide, boost and engineered matrices for rows of `frame`."""
        blocks = [(self._fill(self._numeric_block(frame)) - self.mean) / self.std]
        for col, levels in self.levels.items():
            values = frame[col].astype(str).where(frame[col].notna(), None)
            blocks.append(
                np.column_stack([(values == lv).to_numpy(dtype=float) for lv in levels])
                if levels
                else np.zeros((len(frame), 0))
            )
        tfidf, frequent = [], []
        for col, (vec, svd, top) in self.text.items():
            matrix = vec.transform(frame[col].fillna("").astype(str))
            blocks.append(svd.transform(matrix))
            tfidf.append(matrix)
            frequent.append(matrix[:, top])
        dense = np.hstack(blocks) if blocks else np.zeros((len(frame), 0))
        if dense.shape[1] == 0:
            dense = np.zeros((len(frame), 1))
        wide = sparse.hstack([sparse.csr_matrix(dense), *tfidf], format="csr")
        boost = sparse.hstack([sparse.csr_matrix(dense), *frequent], format="csr")
        extra = self._engineered_block(frame)
        engineered = sparse.hstack([sparse.csr_matrix(extra), boost], format="csr")
        return {"dense": dense, "wide": wide, "boost": boost, "engineered": engineered}

    @property
    def code_columns(self) -> list[int]:
        """Positions of the categorical codes within `engineered` (its first columns)."""
        return [2 * i for i in range(len(self.codes))]

    def _engineered_block(self, frame: pd.DataFrame) -> np.ndarray:
        blocks: list[np.ndarray] = []
        for col, codes in self.codes.items():
            text = frame[col].astype(str)
            present = frame[col].notna().to_numpy()
            rare = len(codes)
            code = text.map(codes).fillna(rare).to_numpy(dtype=float)
            freq = text.map(self.frequency[col]).fillna(0.0).to_numpy(dtype=float)
            blocks.append(np.column_stack([np.where(present, code, -1.0), freq]))
        raw = frame[self.columns]
        missing = raw.isna().sum(axis=1).to_numpy(dtype=float)[:, None]
        return np.hstack([*blocks, missing]) if blocks else missing
