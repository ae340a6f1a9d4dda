"""Medal thresholds, percentile and above-median on hand-made ladders."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mleworld.errors import TaskError
from mleworld.tasks.leaderboard import (
    load_leaderboard,
    medal_positions,
    percentile,
    rank,
    thresholds,
)


def ladder(n: int, lower_is_better: bool) -> pd.DataFrame:
    """n teams, best first; the team at 1-based position p scores p (lower better) or n-p+1."""
    positions = np.arange(1, n + 1, dtype=float)
    scores = positions if lower_is_better else n - positions + 1
    return pd.DataFrame({"teamId": np.arange(n), "score": scores})


def score_at(position: int, n: int, lower_is_better: bool) -> float:
    return float(position if lower_is_better else n - position + 1)


# (teams, gold, silver, bronze): 1-based ladder positions, at every team-count boundary
POSITIONS = [
    (1, 1, 1, 1),
    (5, 1, 1, 2),
    (10, 1, 2, 4),
    (50, 5, 10, 20),
    (99, 9, 19, 39),
    (100, 10, 20, 40),
    (101, 10, 20, 40),
    (249, 10, 49, 99),
    (250, 10, 50, 100),
    (499, 10, 50, 100),
    (500, 11, 50, 100),
    (999, 11, 50, 100),
    (1000, 12, 50, 100),
    (1999, 13, 99, 199),
    (2000, 14, 100, 200),
]


@pytest.mark.parametrize(("teams", "gold", "silver", "bronze"), POSITIONS)
def test_medal_positions_follow_kaggle_progression(
    teams: int, gold: int, silver: int, bronze: int
) -> None:
    assert medal_positions(teams) == (gold, silver, bronze)


# Table 21 of the MLE-World paper: teams on the leaderboard and the rank gold needs
PAPER_GOLD_RANKS = {
    50: 5,
    1315: 12,
    1318: 12,
    1189: 12,
    1221: 12,
    879: 11,
    462: 10,
    261: 10,
    1242: 12,
    1596: 13,
    1281: 12,
    1152: 12,
    81: 8,
    1485: 12,
    162: 10,
    4539: 19,
    163: 10,
}


def test_gold_positions_match_the_paper_table() -> None:
    for teams, gold_rank in PAPER_GOLD_RANKS.items():
        assert medal_positions(teams)[0] == gold_rank, teams


def test_no_teams_is_an_error() -> None:
    with pytest.raises(TaskError, match="at least one team"):
        medal_positions(0)


@pytest.mark.parametrize("lower", [False, True], ids=["higher-better", "lower-better"])
@pytest.mark.parametrize(("teams", "gold", "silver", "bronze"), POSITIONS)
def test_thresholds_are_scores_at_those_positions(
    teams: int, gold: int, silver: int, bronze: int, lower: bool
) -> None:
    board = ladder(teams, lower)
    got = thresholds(board, lower)
    assert got.gold == score_at(gold, teams, lower)
    assert got.silver == score_at(silver, teams, lower)
    assert got.bronze == score_at(bronze, teams, lower)
    assert got.median == pytest.approx((teams + 1) / 2)


@pytest.mark.parametrize("lower", [False, True], ids=["higher-better", "lower-better"])
@pytest.mark.parametrize("teams", [99, 100, 249, 250, 999, 1000])
def test_scores_on_each_threshold_earn_that_medal_and_just_worse_drop_one(
    teams: int, lower: bool
) -> None:
    board = ladder(teams, lower)
    gold, silver, bronze = medal_positions(teams)
    worse = 0.5 if lower else -0.5

    assert rank(score_at(gold, teams, lower), board, lower).medal == "gold"
    assert rank(score_at(gold, teams, lower) + worse, board, lower).medal == "silver"
    assert rank(score_at(silver, teams, lower), board, lower).medal == "silver"
    assert rank(score_at(silver, teams, lower) + worse, board, lower).medal == "bronze"
    assert rank(score_at(bronze, teams, lower), board, lower).medal == "bronze"
    assert rank(score_at(bronze, teams, lower) + worse, board, lower).medal is None


def test_higher_better_ranking_end_to_end() -> None:
    board = ladder(100, lower_is_better=False)  # 100, 99, ..., 1
    best = rank(1000.0, board, is_lower_better=False)
    assert best.medal == "gold" and best.percentile == 100.0 and best.above_median
    assert best.num_teams == 100 and not best.is_lower_better
    assert (best.gold_threshold, best.silver_threshold, best.bronze_threshold) == (91, 81, 61)
    assert best.median_threshold == 50.5
    worst = rank(-5.0, board, is_lower_better=False)
    assert worst.medal is None and worst.percentile == 0.0 and not worst.above_median


def test_lower_better_ranking_end_to_end() -> None:
    board = ladder(100, lower_is_better=True)  # 1, 2, ..., 100
    best = rank(0.0, board, is_lower_better=True)
    assert best.medal == "gold" and best.percentile == 100.0 and best.above_median
    assert (best.gold_threshold, best.silver_threshold, best.bronze_threshold) == (10, 20, 40)
    mid = rank(30.0, board, is_lower_better=True)
    # beats the 70 teams scoring 31..100 and ties one
    assert mid.medal == "bronze" and mid.percentile == pytest.approx(70.5)


def test_above_median_is_strict_in_both_directions() -> None:
    higher = pd.DataFrame({"score": [9.0, 7.0, 5.0, 3.0, 1.0]})
    assert not rank(5.0, higher, is_lower_better=False).above_median
    assert rank(5.001, higher, is_lower_better=False).above_median
    lower = pd.DataFrame({"score": [1.0, 3.0, 5.0, 7.0, 9.0]})
    assert not rank(5.0, lower, is_lower_better=True).above_median
    assert rank(4.999, lower, is_lower_better=True).above_median


def test_ties_count_half_in_percentile() -> None:
    board = pd.DataFrame({"score": [0.9, 0.8, 0.8, 0.8, 0.7]})
    # beats 0.7, ties three teams: (1 + 1.5) / 5
    assert percentile(0.8, board, is_lower_better=False) == pytest.approx(50.0)
    assert percentile(0.9, board, is_lower_better=False) == pytest.approx(90.0)
    lower = pd.DataFrame({"score": [0.1, 0.2, 0.2, 0.3]})
    # beats 0.3, ties two: (1 + 1) / 4
    assert percentile(0.2, lower, is_lower_better=True) == pytest.approx(50.0)


def test_many_teams_sharing_the_best_score_all_hold_gold() -> None:
    # like aerial-cactus: many perfect AUCs, so gold needs exactly the perfect score
    scores = [1.0] * 150 + list(np.linspace(0.999, 0.5, 1071))
    board = pd.DataFrame({"score": scores})
    perfect = rank(1.0, board, is_lower_better=False)
    assert perfect.medal == "gold" and perfect.gold_threshold == 1.0
    assert perfect.percentile == pytest.approx(100 * (1071 + 75) / 1221)
    near = rank(0.99996, board, is_lower_better=False)
    assert near.medal != "gold"
    assert near.percentile == pytest.approx(100 * 1071 / 1221)


def test_direction_comes_from_the_caller_not_the_file_order() -> None:
    # the same scores written worst first still rank with the task's direction
    shuffled = pd.DataFrame({"score": [3.0, 10.0, 1.0, 7.0, 5.0, 9.0, 2.0, 8.0, 4.0, 6.0]})
    high = thresholds(shuffled, is_lower_better=False)
    low = thresholds(shuffled, is_lower_better=True)
    assert (high.gold, high.silver, high.bronze) == (10.0, 9.0, 7.0)
    assert (low.gold, low.silver, low.bronze) == (1.0, 2.0, 4.0)
    assert rank(10.0, shuffled, is_lower_better=False).medal == "gold"
    assert rank(10.0, shuffled, is_lower_better=True).medal is None


def test_non_finite_score_cannot_be_ranked() -> None:
    with pytest.raises(TaskError, match="finite"):
        rank(float("nan"), ladder(10, False), is_lower_better=False)


def test_rank_result_round_trips_to_a_dict() -> None:
    result = rank(5.0, ladder(10, False), is_lower_better=False)
    data = result.to_dict()
    assert data["medal"] == result.medal and data["num_teams"] == 10


def test_load_leaderboard_reads_mlebench_format(tmp_path: Path) -> None:
    path = tmp_path / "leaderboard.csv"
    path.write_text(
        "scoreNullable,teamId,hasTeamName,submissionDate,score,hasScore\n"
        "0.98,11,True,2020-01-01,0.98,True\n"
        "0.95,12,True,2020-01-02,0.95,True\n"
        ",13,False,2020-01-03,,False\n"
        "0.90,14,True,2020-01-04,0.90,True\n"
    )
    board = load_leaderboard(path)
    assert list(board["score"]) == [0.98, 0.95, 0.90]
    assert list(board["teamId"]) == [11, 12, 14]
    assert rank(0.96, board, is_lower_better=False).percentile == pytest.approx(100 * 2 / 3)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("team,points\na,1\n", "no 'score' column"),
        ("score\n0.5\nhigh\n", "non-numeric scores"),
        ("score\n\n", "no scored rows"),
        ("", "not a readable CSV"),
    ],
)
def test_load_leaderboard_rejects_bad_files(tmp_path: Path, text: str, match: str) -> None:
    path = tmp_path / "leaderboard.csv"
    path.write_text(text)
    with pytest.raises(TaskError, match=match) as info:
        load_leaderboard(path)
    assert "\n" not in str(info.value)


def test_load_leaderboard_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TaskError, match="does not exist"):
        load_leaderboard(tmp_path / "nope.csv")


def test_ladder_without_score_column_is_a_task_error() -> None:
    with pytest.raises(TaskError, match="no 'score' column"):
        rank(1.0, pd.DataFrame({"points": [1.0]}), is_lower_better=False)
