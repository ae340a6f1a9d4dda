"""Where a score lands on a task's leaderboard: percentile, medal, above-median.

`private/leaderboard.csv` is MLE-bench's ladder: a `score` column (other
columns are ignored), one row per team. Medal thresholds follow Kaggle's
progression rules as MLE-bench's `rank_score` applies them, by team count n:

=============  ==================  ===============  ===============
teams          gold                silver           bronze
=============  ==================  ===============  ===============
1 - 99         top 10% of n        top 20% of n     top 40% of n
100 - 249      top 10              top 20% of n     top 40% of n
250 - 999      top 10 + 0.2% of n  top 50           top 100
1000 and more  top 10 + 0.2% of n  top 5% of n      top 10% of n
=============  ==================  ===============  ===============

Every share is rounded down and is at least position 1; a threshold is the
score of the team at that position of the ladder, best first. A score equal to
a threshold earns that medal; above-median is strict. Percentile is the share
of teams the score beats, ties counted half.

This module owns the ladder and the arithmetic. It does not score submissions
(grading.py) and does not know about task directories beyond reading a CSV.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from mleworld.errors import TaskError

SCORE_COLUMN = "score"
MEDALS = ("gold", "silver", "bronze")


@dataclass(frozen=True)
class RankResult:
    """A score's standing on one leaderboard (thresholds are leaderboard scores)."""

    percentile: float
    medal: str | None  # "gold" | "silver" | "bronze" | None
    above_median: bool
    gold_threshold: float
    silver_threshold: float
    bronze_threshold: float
    median_threshold: float
    num_teams: int
    is_lower_better: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Thresholds:
    gold: float
    silver: float
    bronze: float
    median: float


def medal_positions(num_teams: int) -> tuple[int, int, int]:
    """The 1-based ladder positions whose scores set gold, silver and bronze."""
    if num_teams < 1:
        raise TaskError("a leaderboard needs at least one team to set medal thresholds")
    n = num_teams
    if n < 100:
        return max(1, int(n * 0.1)), max(1, int(n * 0.2)), max(1, int(n * 0.4))
    if n < 250:
        return 10, max(1, int(n * 0.2)), max(1, int(n * 0.4))
    gold = 10 + int(n * 0.002)
    if n < 1000:
        return gold, 50, 100
    return gold, max(1, int(n * 0.05)), max(1, int(n * 0.1))


def ladder(leaderboard: pd.DataFrame, is_lower_better: bool) -> np.ndarray:
    """The leaderboard's scores, best first in the task's direction."""
    if SCORE_COLUMN not in leaderboard.columns:
        raise TaskError(
            f"leaderboard has no {SCORE_COLUMN!r} column (columns: "
            f"{', '.join(map(str, leaderboard.columns))}); add one score per team"
        )
    scores = pd.to_numeric(leaderboard[SCORE_COLUMN], errors="coerce").dropna()
    scores = scores.to_numpy(dtype=float)
    if scores.size == 0:
        raise TaskError("leaderboard has no scored rows; it needs at least one team's score")
    # A stable sort keeps a correctly ordered ladder exactly as MLE-bench reads it
    # and repairs one written in the wrong order.
    order = np.argsort(scores if is_lower_better else -scores, kind="stable")
    return scores[order]


def thresholds(leaderboard: pd.DataFrame, is_lower_better: bool) -> Thresholds:
    """Gold, silver, bronze and median scores of this leaderboard."""
    return _thresholds(ladder(leaderboard, is_lower_better))


def percentile(score: float, leaderboard: pd.DataFrame, is_lower_better: bool) -> float:
    """Share of teams (0-100) that `score` beats; a tie counts as half a win."""
    return _percentile(float(score), ladder(leaderboard, is_lower_better), is_lower_better)


def rank(score: float, leaderboard: pd.DataFrame, is_lower_better: bool) -> RankResult:
    """Place `score` on `leaderboard` (a frame with a `score` column)."""
    score = float(score)
    if not np.isfinite(score):
        raise TaskError(f"cannot rank score {score}; a leaderboard ranks finite scores only")
    scores = ladder(leaderboard, is_lower_better)
    limits = _thresholds(scores)
    medal = None
    for name, limit in zip(MEDALS, (limits.gold, limits.silver, limits.bronze), strict=True):
        if _at_least(score, limit, is_lower_better):
            medal = name
            break
    above = score < limits.median if is_lower_better else score > limits.median
    return RankResult(
        percentile=_percentile(score, scores, is_lower_better),
        medal=medal,
        above_median=bool(above),
        gold_threshold=limits.gold,
        silver_threshold=limits.silver,
        bronze_threshold=limits.bronze,
        median_threshold=limits.median,
        num_teams=int(scores.size),
        is_lower_better=is_lower_better,
    )


def _thresholds(scores: np.ndarray) -> Thresholds:
    gold, silver, bronze = medal_positions(scores.size)
    return Thresholds(
        gold=float(scores[gold - 1]),
        silver=float(scores[silver - 1]),
        bronze=float(scores[bronze - 1]),
        median=float(np.median(scores)),
    )


def _percentile(score: float, scores: np.ndarray, is_lower_better: bool) -> float:
    beaten = scores > score if is_lower_better else scores < score
    tied = scores == score
    return float(100.0 * (beaten.sum() + 0.5 * tied.sum()) / scores.size)


def _at_least(score: float, threshold: float, is_lower_better: bool) -> bool:
    return score <= threshold if is_lower_better else score >= threshold


def load_leaderboard(path: str | Path) -> pd.DataFrame:
    """Read a leaderboard CSV; keep its scored rows, in file order."""
    path = Path(path)
    if not path.is_file():
        raise TaskError(f"leaderboard {path} does not exist; write a CSV with a score column")
    try:
        frame = pd.read_csv(path)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise TaskError(
            f"leaderboard {path} is not a readable CSV ({reason}); fix the file"
        ) from None
    if SCORE_COLUMN not in frame.columns:
        raise TaskError(
            f"leaderboard {path} has no {SCORE_COLUMN!r} column; add one score per team"
        )
    raw = frame[SCORE_COLUMN]
    scores = pd.to_numeric(raw, errors="coerce")
    bad = raw.notna() & scores.isna()
    if bad.any():
        example = raw[bad].iloc[0]
        raise TaskError(
            f"leaderboard {path} has {int(bad.sum())} non-numeric scores (e.g. {example!r}); "
            "write numbers in the score column"
        )
    frame = frame.assign(**{SCORE_COLUMN: scores.astype(float)})
    frame = frame[frame[SCORE_COLUMN].notna()].reset_index(drop=True)
    if frame.empty:
        raise TaskError(f"leaderboard {path} has no scored rows; add at least one team's score")
    return frame
