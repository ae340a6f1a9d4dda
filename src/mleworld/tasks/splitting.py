"""Which rows of a task's data are held out as the test set.

Stratified by the target for classification, random for regression, grouped
(no group on both sides) with a group column, or temporal (the last
`test_size` by time) with a time column. Seeded: the same rows and seed give
the same split. This module does not decide how targets are encoded
(encoding.py) or write the split to files (factory.py).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from mleworld.errors import MleWorldError
from mleworld.tasks.encoding import Encoding

__all__ = ["MIN_TEST_ROWS", "choose_test_rows", "split_rule"]

MIN_TEST_ROWS = 5


def _stratified_test_mask(
    keys: pd.Series, test_size: float, rng: np.random.Generator
) -> np.ndarray:
    """Hold out `test_size` of each stratum; strata of one row stay in train."""
    n = len(keys)
    n_test = max(MIN_TEST_ROWS, round(n * test_size))
    codes, _ = pd.factorize(keys.astype(str), sort=True)
    chosen: list[int] = []
    remainders: list[tuple[float, int, np.ndarray]] = []
    for code in range(codes.max() + 1):
        members = np.flatnonzero(codes == code)
        members = members[rng.permutation(len(members))]
        if len(members) < 2:
            continue
        exact = len(members) * n_test / n
        take = min(int(math.floor(exact)), len(members) - 1)
        chosen.extend(members[:take].tolist())
        remainders.append((exact - take, code, members[take : len(members) - 1]))
    # Hand the rows still owed to the strata with the largest remainders.
    remainders.sort(key=lambda r: (-r[0], r[1]))
    owed = n_test - len(chosen)
    for _, _, spare in remainders:
        if owed <= 0:
            break
        if len(spare):
            chosen.append(int(spare[0]))
            owed -= 1
    mask = np.zeros(n, dtype=bool)
    mask[chosen] = True
    if owed > 0:  # mostly one-row strata (e.g. many label combinations): fill at random
        rest = np.flatnonzero(~mask)
        mask[rest[rng.permutation(len(rest))[:owed]]] = True
    return mask


def choose_test_rows(
    data: pd.DataFrame,
    encoding: Encoding,
    test_size: float,
    group_column: str | None,
    time_column: str | None,
    seed: int,
) -> tuple[np.ndarray, str]:
    """A boolean test mask over `data`'s rows and a sentence saying how it was made."""
    n = len(data)
    rng = np.random.default_rng(seed)
    pct = f"{test_size:.0%}"
    if group_column is not None:
        groups = data[group_column].astype(str)
        unique = np.array(sorted(groups.unique()))
        if len(unique) < 2:
            raise MleWorldError(
                f"group column {group_column!r} has one group; a grouped split needs at least two"
            )
        order = unique[rng.permutation(len(unique))]
        sizes = groups.value_counts()
        target = n * test_size
        test_groups: list[str] = []
        taken = 0
        for g in order:
            if taken >= target or len(test_groups) == len(unique) - 1:
                break
            test_groups.append(g)
            taken += int(sizes[g])
        mask = groups.isin(test_groups).to_numpy()
        return mask, (
            f"about {pct} of the rows, by whole groups of `{group_column}`: "
            "no group appears in both train and test."
        )
    if time_column is not None:
        times = data[time_column]
        if not pd.api.types.is_numeric_dtype(times):
            parsed = pd.to_datetime(times, errors="coerce")
            if parsed.isna().any():
                bad = times[parsed.isna()].iloc[0]
                raise MleWorldError(
                    f"time column {time_column!r} has a value that is not a date or number "
                    f"({bad!r}); fix it or drop the row"
                )
            times = parsed
        order = np.argsort(times.to_numpy(), kind="stable")
        n_test = max(MIN_TEST_ROWS, round(n * test_size))
        mask = np.zeros(n, dtype=bool)
        mask[order[n - n_test :]] = True
        return mask, (
            f"the last {pct} of the rows by `{time_column}`: every test row is as late as or "
            "later than every training row."
        )
    if encoding.is_classification:
        key_frame = data[list(encoding.label_columns)].astype(str)
        keys = (
            key_frame.agg("|".join, axis=1)
            if len(encoding.label_columns) > 1
            else key_frame.iloc[:, 0]
        )
        return _stratified_test_mask(keys, test_size, rng), (
            f"{pct} of the rows at random, stratified by the target so every class keeps its share."
        )
    n_test = max(MIN_TEST_ROWS, round(n * test_size))
    mask = np.zeros(n, dtype=bool)
    mask[rng.permutation(n)[:n_test]] = True
    return mask, f"{pct} of the rows at random."


def split_rule(encoding: Encoding, group_column: str | None, time_column: str | None) -> str:
    """The split's name as task.yaml records it: group, time, stratified or random."""
    if group_column:
        return "group"
    if time_column:
        return "time"
    return "stratified" if encoding.is_classification else "random"
