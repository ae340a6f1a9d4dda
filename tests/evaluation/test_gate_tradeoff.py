"""The gate trade-off curves (figure 9): skipped runtime and error as gamma sweeps 0..1."""

from __future__ import annotations

import pytest
from evalkit import clean_log, key_error_log, make_record, value_error_log

from mleworld.evaluation.gate_tradeoff import (
    GAMMA_FAILURE,
    GAMMA_SUCCESS,
    gamma_grid,
    gate_tradeoff,
    suggest,
)
from mleworld.evaluation.scoring import score_program
from mleworld.world.prediction import Prediction


def _pred(exc: str, p: float, log: str = "", metric: float | None = None) -> Prediction:
    # The rest spread over four other classes, so p stays p_max down to 0.2.
    rest = {c: (1 - p) / 4 for c in ("Other", "MemoryError", "OSError", "RuntimeError") if c != exc}
    return Prediction(exc_type=exc, exc_probs={exc: p, **rest}, term_out=log, metric=metric)


def _scores():
    """Improve/debug programs: confident predictions are right, unsure ones wrong."""
    out = []
    for i in range(20):  # predicted successes, runtime 10 s each + i
        rec = make_record(
            i, task_id="t", stage="improve", outcome="clean", metric=0.8, runtime_s=10.0 + i
        )
        p = 0.3 + 0.035 * i  # 0.3 .. 0.965
        metric = 0.8 if p >= 0.6 else 0.5  # wrong metric when unsure
        out.append(score_program(rec, _pred("None", p, clean_log(metric), metric)))
    for i in range(10):  # predicted failures
        rec = make_record(
            100 + i, task_id="t", stage="debug", outcome="keyerror", column="Age", runtime_s=2.0
        )
        p = 0.4 + 0.06 * i
        log = key_error_log("Age") if p >= 0.7 else value_error_log()
        exc = "KeyError" if p >= 0.7 else "ValueError"
        out.append(score_program(rec, _pred(exc, p, log)))
    # A predicted timeout (never gated) and a draft (outside figure 9's stages).
    timeout = make_record(200, task_id="t", stage="debug", outcome="timeout")
    out.append(score_program(timeout, _pred("TimeoutError", 0.99)))
    draft = make_record(201, task_id="t", stage="draft", outcome="clean", runtime_s=500.0)
    out.append(score_program(draft, _pred("None", 0.99, metric=0.1)))
    return out


def test_grid_covers_zero_to_one_and_the_configured_gammas() -> None:
    grid = gamma_grid(0.01, extra=[0.555])
    assert grid[0] == 0.0 and grid[-1] == 1.0 and 0.555 in grid and 0.5 in grid
    assert grid == sorted(grid)


def test_skipped_runtime_never_grows_as_gamma_rises() -> None:
    gate = gate_tradeoff(_scores())
    for kind in ("success", "failure"):
        curve = gate[kind]["curve"]
        shares = [p["skipped_runtime_share"] for p in curve]
        assert all(a >= b for a, b in zip(shares, shares[1:], strict=False))
        assert curve[0]["gamma"] == 0.0 and curve[0]["skipped_runtime_share"] == 1.0
        assert curve[-1]["skipped"] == 0 and curve[-1]["error"] is None


def test_groups_hold_only_gateable_programs_of_the_gated_stages() -> None:
    gate = gate_tradeoff(_scores())
    assert gate["success"]["n"] == 20  # the draft is left out
    assert gate["failure"]["n"] == 10  # the predicted timeout is never gated
    assert gate["success"]["runtime_s"] == pytest.approx(sum(10.0 + i for i in range(20)))
    everything = gate_tradeoff(_scores(), stages=None)
    assert everything["success"]["n"] == 21


def test_error_at_gamma_zero_is_the_error_of_the_whole_group() -> None:
    gate = gate_tradeoff(_scores())
    wrong_successes = sum(1 for i in range(20) if 0.3 + 0.035 * i < 0.6)
    assert gate["success"]["curve"][0]["error"] == pytest.approx(wrong_successes / 20)
    wrong_failures = sum(1 for i in range(10) if 0.4 + 0.06 * i < 0.7)
    assert gate["failure"]["curve"][0]["error"] == pytest.approx(wrong_failures / 10)


def test_configured_points_are_at_the_design_gammas() -> None:
    gate = gate_tradeoff(_scores())
    assert gate["success"]["gamma"] == GAMMA_SUCCESS == 0.50
    assert gate["failure"]["gamma"] == GAMMA_FAILURE == 0.56
    point = gate["success"]["configured"]
    skipped = [i for i in range(20) if 0.3 + 0.035 * i >= 0.5]
    assert point["skipped"] == len(skipped)
    expected = sum(10.0 + i for i in skipped) / sum(10.0 + i for i in range(20))
    assert point["skipped_runtime_share"] == pytest.approx(expected)


def test_suggested_threshold_skips_the_most_runtime_under_the_target() -> None:
    gate = gate_tradeoff(_scores(), target_error=0.0)
    # With no error allowed the gate must skip only the right predictions (p >= 0.6 / 0.7).
    s = gate["success"]["suggested"]
    success_p = [0.3 + 0.035 * i for i in range(20)]
    worst_wrong = max(p for p in success_p if p < 0.6)
    least_right = min(p for p in success_p if p >= 0.6)
    assert s["error"] == 0.0 and worst_wrong < s["gamma"] <= least_right
    assert s["skipped"] == sum(1 for p in success_p if p >= 0.6)
    f = gate["failure"]["suggested"]
    failure_p = [0.4 + 0.06 * i for i in range(10)]
    worst_wrong = max(p for p in failure_p if p < 0.7)
    least_right = min(p for p in failure_p if p >= 0.7)
    assert f["error"] == 0.0 and worst_wrong < f["gamma"] <= least_right


def test_no_suggestion_when_every_skip_is_wrong() -> None:
    curve = [
        {"gamma": 0.0, "skipped_runtime_share": 1.0, "error": 0.5},
        {"gamma": 0.5, "skipped_runtime_share": 0.2, "error": 0.3},
        {"gamma": 1.0, "skipped_runtime_share": 0.0, "error": None},
    ]
    assert suggest(curve, 0.1) is None
    assert suggest(curve, 0.3)["gamma"] == 0.5
    assert suggest(curve, 0.6)["gamma"] == 0.0


def test_a_model_without_confidence_has_no_gate_curve() -> None:
    rec = make_record(1, task_id="t", stage="improve", outcome="clean")
    assert gate_tradeoff([score_program(rec, Prediction(exc_type="None"))]) is None
