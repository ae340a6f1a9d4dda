"""The reference ladder's size and shape: team counts after MLE-bench, the constant at the
bottom, the strongest reference at the gold position, a crowded top, the SE resolution."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mleworld.tasks.leaderboard import medal_positions, percentile, rank, thresholds
from mleworld.tasks.reference import Fitted, ladder, strongest
from mleworld.tasks.reference_shape import (
    CROWD_SHARE,
    MLEBENCH_TEAM_DECILES,
    team_count,
)

# An AUC task: constant 0.5, a weak tail of models, a strong top a few SE apart.
AUC_REFS = [
    Fitted("constant-train-prior", 0.5),
    Fitted("random-guess", 0.49),
    Fitted("tree-depth-2", 0.70),
    Fitted("linear", 0.80),
    Fitted("forest", 0.84),
    Fitted("lightgbm", 0.85),
    Fitted("lightgbm-tuned", 0.86),
    Fitted("lightgbm-cv", 0.865),
    Fitted("hist-gbm-cv", 0.863),
    Fitted("blend", 0.87),
]
SE = 0.006


def test_team_counts_follow_mlebench_large_leaderboards() -> None:
    counts = [team_count(f"task-{i}", 0) for i in range(300)]
    assert team_count("task-7", 0) == counts[7], "fixed by name and seed"
    assert team_count("task-7", 1) != counts[7] or team_count("task-8", 1) != counts[8]
    assert min(counts) >= MLEBENCH_TEAM_DECILES[0] and max(counts) <= MLEBENCH_TEAM_DECILES[-1]
    # Both large-leaderboard medal rules occur, and the median sits near MLE-bench's.
    assert any(c < 1000 for c in counts) and any(c >= 1000 for c in counts)
    assert 1000 <= np.median(counts) <= 1500


@pytest.mark.parametrize("teams", [300, 999, 1000, 2500])
def test_strongest_reference_sits_at_the_gold_position(teams: int) -> None:
    board = ladder(AUC_REFS, True, teams, seed=0, score_se=SE, best_possible=1.0)
    assert len(board) == teams
    gold = medal_positions(teams)[0]
    assert board.loc[gold - 1, "teamName"] == "ref-blend"
    limits = thresholds(board, is_lower_better=False)
    assert limits.gold == pytest.approx(0.87)
    above = board.iloc[: gold - 1]
    assert above["teamName"].str.startswith("ref-above-").all()
    assert (above["score"] > 0.87).all() and (above["score"] <= 0.87 + SE + 1e-9).all()
    # Matching the strongest reference earns gold; falling short of it does not.
    assert rank(0.87, board, False).medal == "gold"
    assert rank(0.8699, board, False).medal != "gold"


def test_constant_is_the_bottom_row_and_worse_references_are_left_off() -> None:
    board = ladder(AUC_REFS, True, 800, seed=0, score_se=SE, best_possible=1.0)
    assert board.iloc[-1]["teamName"] == "ref-constant-train-prior"
    assert (board["score"].iloc[:-1] > 0.5).all()
    assert "ref-random-guess" not in set(board["teamName"])
    assert percentile(0.5, board, False) < 0.1


def test_a_crowded_top_and_a_long_thin_tail() -> None:
    board = ladder(AUC_REFS, True, 2000, seed=0, score_se=SE, best_possible=1.0)
    scores = board["score"].to_numpy()
    # Half of the rows lie between the weakest strong reference (0.86) and the strongest.
    crowd = ((scores >= 0.86) & (scores <= 0.87)).mean()
    assert crowd == pytest.approx(CROWD_SHARE, abs=0.05)
    # The lower half of the score range (0.5-0.685) holds only a few percent of the rows.
    assert (scores < 0.685).mean() < 0.1
    # A first solution like the default LightGBM lands well below the medals.
    assert percentile(0.85, board, False) < 60 and rank(0.85, board, False).medal is None


@pytest.mark.parametrize("teams", [300, 1200, 4500])
def test_near_the_top_one_se_changes_the_percentile(teams: int) -> None:
    board = ladder(AUC_REFS, True, teams, seed=0, score_se=SE, best_possible=1.0)
    limits = thresholds(board, False)
    # Every score from the bronze threshold up, not just the rows themselves.
    for x in np.arange(limits.bronze, 0.87 + SE, SE / 7):
        assert percentile(x, board, False) != percentile(x - SE, board, False), x
    assert percentile(0.87 + SE, board, False) == 100.0


def test_rows_never_pass_the_best_possible_score() -> None:
    refs = [Fitted("constant-train-prior", 0.5), Fitted("lightgbm", 0.99), Fitted("blend", 1.0)]
    board = ladder(refs, True, 400, seed=0, score_se=0.01, best_possible=1.0)
    assert board["score"].max() == 1.0
    gold = medal_positions(400)[0]
    assert (board["score"].iloc[:gold] == 1.0).all(), "ties at the best score, as on Kaggle"
    assert thresholds(board, False).gold == 1.0


def test_lower_is_better_ladders_mirror_the_shape() -> None:
    refs = [
        Fitted("constant-train-prior", 1.0),
        Fitted("tree-depth-8", 1.3),  # worse than the constant
        Fitted("linear", 0.6),
        Fitted("lightgbm-cv", 0.45),
        Fitted("blend", 0.44),
    ]
    board = ladder(refs, False, 600, seed=3, score_se=0.01, best_possible=0.0)
    assert np.all(np.diff(board["score"].to_numpy()) >= 0), "best (lowest) first"
    gold = medal_positions(600)[0]
    assert board.loc[gold - 1, "teamName"] == "ref-blend"
    assert board.iloc[-1]["teamName"] == "ref-constant-train-prior"
    assert "ref-tree-depth-8" not in set(board["teamName"])
    assert (board["score"] >= 0.43 - 1e-9).all()
    assert strongest(refs, higher_is_better=False).name == "blend"


def test_same_seed_same_ladder_other_seed_other_rungs() -> None:
    first = ladder(AUC_REFS, True, 700, seed=0, score_se=SE, best_possible=1.0)
    again = ladder(AUC_REFS, True, 700, seed=0, score_se=SE, best_possible=1.0)
    other = ladder(AUC_REFS, True, 700, seed=1, score_se=SE, best_possible=1.0)
    pd.testing.assert_frame_equal(first, again)
    assert not first["score"].equals(other["score"])
    fitted = first[first["reference"].str.startswith("fitted")]
    assert set(fitted["score"]) == {f.score for f in AUC_REFS if f.name != "random-guess"}
