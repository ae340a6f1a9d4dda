"""CPython 3.11's "Did you mean" suggestions for NameError and AttributeError.

When Python prints a NameError or AttributeError it appends
``. Did you mean: 'x'?`` with the closest candidate name (Python/suggestions.c:
a Levenshtein distance over UTF-8 bytes where a case flip costs 1 and any other
edit 2, a candidate taken only within a third of the combined length, the first
of equally close candidates winning, no suggestion from 750 candidates on).
This module reproduces that choice so predicted messages match real ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

MAX_CANDIDATE_ITEMS = 750
MAX_STRING_SIZE = 40
MOVE_COST = 2
CASE_COST = 1


def _substitution_cost(a: int, b: int) -> int:
    if (a & 31) != (b & 31):
        return MOVE_COST
    if a == b:
        return 0
    if 65 <= a <= 90:
        a += 32
    if 65 <= b <= 90:
        b += 32
    return CASE_COST if a == b else MOVE_COST


def levenshtein(a: bytes, b: bytes, max_cost: int) -> int:
    """The distance CPython computes, or max_cost + 1 once it is surely above max_cost."""
    if a == b:
        return 0
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    a, b = a[start:], b[start:]
    end = 0
    while end < len(a) and end < len(b) and a[-1 - end] == b[-1 - end]:
        end += 1
    if end:
        a, b = a[:-end], b[:-end]
    if not a or not b:
        return (len(a) + len(b)) * MOVE_COST
    if len(a) > MAX_STRING_SIZE or len(b) > MAX_STRING_SIZE:
        return max_cost + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * MOVE_COST > max_cost:
        return max_cost + 1
    row = [MOVE_COST * (i + 1) for i in range(len(a))]
    result = 0
    for b_index, code in enumerate(b):
        distance = result = b_index * MOVE_COST
        minimum = 1 << 62
        for index, char in enumerate(a):
            substitute = distance + _substitution_cost(code, char)
            distance = row[index]
            result = min(min(result, distance) + MOVE_COST, substitute)
            row[index] = result
            minimum = min(minimum, result)
        if minimum > max_cost:
            return max_cost + 1
    return result


def best_match(name: str, candidates: Sequence[str]) -> str | None:
    """The candidate CPython would suggest for `name`, or None."""
    if len(candidates) >= MAX_CANDIDATE_ITEMS:
        return None
    wanted = name.encode()
    best: str | None = None
    best_distance = 1 << 62
    for item in candidates:
        if not isinstance(item, str) or item == name:
            continue
        raw = item.encode()
        max_distance = (len(wanted) + len(raw) + 3) * MOVE_COST // 6
        max_distance = min(max_distance, best_distance - 1)
        distance = levenshtein(wanted, raw, max_distance)
        if distance > max_distance:
            continue
        if best is None or distance < best_distance:
            best, best_distance = item, distance
    return best


def for_name(name: str, scopes: Iterable[Sequence[str]]) -> str | None:
    """A NameError's suggestion: the frame's locals, then its globals, then builtins."""
    for candidates in scopes:
        found = best_match(name, list(candidates))
        if found is not None:
            return found
    return None


def with_suggestion(message: str, suggestion: str | None) -> str:
    return f"{message}. Did you mean: '{suggestion}'?" if suggestion else message
