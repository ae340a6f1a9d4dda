"""How many teams a reference ladder has and where its rungs go, after real leaderboards.

A factory task's ladder (reference.py) is built from fitted reference solutions
scored on the hidden test set. This module decides its size and the scores of
the rungs placed around those references, so the ladder reads like the Kaggle
leaderboards MLE-bench grades against. The facts it follows, and where each
comes from:

- Size. MLE-bench's 82 competition leaderboards (repository openai/mle-bench,
  `mlebench/competitions/*/leaderboard.csv`, stored as Git LFS pointers whose
  `size` line, at about 54 bytes a row, gives the row count) hold from about
  20 to 4,540 teams, median about 1,070; 68 of them have 250 teams or more and
  43 have 1,000 or more. For the 17 of them whose team counts the MLE-World
  paper lists (appendix Q, table 21: e.g. 4,539 for
  jigsaw-toxic-comment-classification-challenge, 50 for
  detecting-insults-in-social-commentary) the estimate is within 3%. A ladder
  draws its team count from the deciles of the 68 leaderboards with at least
  250 teams (`MLEBENCH_TEAM_DECILES`), so both of the large-leaderboard medal
  rules of leaderboard.py (250-999 and 1,000+ teams) occur.
- A crowded top. On Kaggle's Red Hat Business Value leaderboard (2,271 teams)
  the 1st and the 300th team are 0.00343 AUC apart
  (ammar-alyousfi.com/2019/my-problem-with-kaggle-competitions); on
  aerial-cactus-identification 150 of 1,221 teams share AUC 1.0, and on the
  English text normalization leaderboard accuracy 0.964 ranks at the 6th
  percentile but 0.990 only at the 47th (MLE-World, appendix Q); a Kaggle
  forum thread on GEF2012 wind forecasting notes that scores "clump up near the
  top". Here half of the teams (`CROWD_SHARE`) lie between the weakest of the
  strong references (`CROWD_REFERENCES`) and the strongest reference, denser
  towards the strongest.
- A long weak tail. The same text normalization board spends its bottom 6% of
  teams on the whole range below 0.964; on the ASHRAE energy prediction public
  leaderboard the top 50% reach RMSLE 1.44 and the top 5% 0.98
  (eschmidt42.github.io/ashrae/leaderboard.html). Here the other half of the
  teams spread from the constant prediction up to the crowd, thinning out
  towards the constant (the share of them within a distance d of the constant
  grows as d cubed).
- Gold means beating what a team could submit without new ideas. Kaggle's gold
  goes to the top 10 + 0.2% of teams on large boards (leaderboard.py); here the
  strongest reference sits exactly at the gold position, and the rows above it
  stand for the teams that beat every reference: they lie within one
  test-set bootstrap standard error of a strong reference's score above it
  (never past the best possible score). Gold therefore requires at least
  matching the strongest reference.

The constant prediction is the bottom row: references that score worse than it
are left off the ladder (the note lists them). Scores are placed in "goodness"
(the score, negated for lower-is-better metrics), drawn with a seeded
generator, so the same inputs give the same ladder. This module does not fit or
score anything (reference.py) and does not rank submissions (leaderboard.py).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import numpy as np

from mleworld.tasks.leaderboard import medal_positions

__all__ = [
    "CROWD_REFERENCES",
    "CROWD_SHARE",
    "MLEBENCH_TEAM_DECILES",
    "Anchor",
    "Rung",
    "place_rungs",
    "team_count",
]

# Deciles (0%, 10%, ..., 100%) of the team counts of the 68 MLE-bench leaderboards with at
# least 250 teams, estimated from their LFS pointer sizes (see the module docstring).
MLEBENCH_TEAM_DECILES = (259, 488, 639, 886, 1099, 1222, 1353, 1567, 2288, 2980, 4540)
CROWD_SHARE = 0.5
# The references whose level a crowded top starts from: what a competent team gets
# from boosting tuned by validation, and the blends built on it.
CROWD_REFERENCES = frozenset({"lightgbm-tuned", "lightgbm-cv", "hist-gbm-cv", "blend"})
# The crowd reaches at least this many standard errors, and this share of the span from
# the constant to the strongest reference, below the strongest.
_CROWD_MIN_SE = 2.0
_CROWD_MIN_SPAN = 0.02
_TAIL_POWER = 3.0


@dataclass(frozen=True)
class Anchor:
    """A reference solution on the ladder: its name and its score's goodness."""

    name: str
    goodness: float


@dataclass(frozen=True)
class Rung:
    """One placed row: its goodness and what it stands for."""

    goodness: float
    reference: str


def team_count(name: str, seed: int) -> int:
    """A team count drawn from MLE-bench's large leaderboards, fixed by task name and seed."""
    rng = np.random.default_rng([seed, zlib.crc32(name.encode("utf-8"))])
    grid = np.linspace(0.0, 1.0, len(MLEBENCH_TEAM_DECILES))
    return int(round(float(np.interp(rng.uniform(), grid, MLEBENCH_TEAM_DECILES))))


def place_rungs(
    anchors: list[Anchor],
    constant: float,
    se: float,
    best_possible: float,
    teams: int,
    seed: int,
) -> list[Rung]:
    """The rows to add to `anchors` (references at least as good as the constant, whose
    goodness is `constant`) so the ladder has `teams` rows; the strongest anchor ends at
    the gold position. `se` is the test-set bootstrap SE of a strong anchor's score."""
    ranked = sorted(anchors, key=lambda a: (a.goodness, a.name))
    top = ranked[-1]
    span = max(top.goodness - constant, 0.0)
    width = max(se, 1e-3 * span, 1e-12)  # a zero SE (a perfect score) still needs room
    rng = np.random.default_rng(seed + 2)

    headroom = medal_positions(max(teams, len(ranked) + 1))[0] - 1
    ceiling = min(best_possible, top.goodness + width)
    above = top.goodness + (max(ceiling, top.goodness) - top.goodness) * rng.beta(
        1.0, 2.0, headroom
    )
    rungs = [Rung(float(g), f"above {top.name}") for g in above]

    fill = max(0, teams - len(ranked) - headroom)
    crowd_n = int(round(CROWD_SHARE * fill))
    strong = [a.goodness for a in ranked if a.name in CROWD_REFERENCES and a is not top]
    floor = min(
        [*strong, top.goodness - _CROWD_MIN_SE * width, top.goodness - _CROWD_MIN_SPAN * span]
    )
    floor = max(floor, constant)
    crowd = top.goodness - (top.goodness - floor) * rng.beta(1.0, 2.0, crowd_n)
    # The share of tail rows within distance d of the constant grows as d**3.
    tail = constant + (floor - constant) * np.maximum(rng.power(_TAIL_POWER, fill - crowd_n), 1e-3)
    goodness = [a.goodness for a in ranked]
    for g in np.concatenate([crowd, tail]):
        k = int(np.searchsorted(goodness, g, side="right"))
        lower = ranked[max(k - 1, 0)].name
        upper = ranked[min(k, len(ranked) - 1)].name
        rungs.append(Rung(float(g), f"between {lower} and {upper}"))
    return rungs
