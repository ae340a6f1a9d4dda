"""Accuracy by p_max quintile, reliability bins and expected calibration error."""

from __future__ import annotations

import numpy as np
import pytest
from evalkit import build_holdout

from mleworld.evaluation.calibration import (
    calibration,
    ece_floor,
    ece_text,
    expected_calibration_error,
    quintile_groups,
    reliability,
)
from mleworld.evaluation.scoring import score_program
from mleworld.world.prediction import Prediction


@pytest.mark.parametrize("n", [0, 3, 5, 17, 100])
def test_quintiles_partition_the_programs_in_p_max_order(n: int) -> None:
    rng = np.random.default_rng(n)
    p = np.round(rng.random(n), 1)  # many ties
    groups = quintile_groups(p)
    assert len(groups) == 5
    members = np.concatenate(groups) if n else np.array([], dtype=int)
    assert sorted(members.tolist()) == list(range(n))
    sizes = [len(g) for g in groups]
    assert max(sizes) - min(sizes) <= 1
    for low, high in zip(groups, groups[1:], strict=False):
        if len(low) and len(high):
            assert p[low].max() <= p[high].min()


def test_ece_is_zero_when_confidence_equals_accuracy() -> None:
    # 0.8 confidence, right 8 times in 10; 0.3 confidence, right 3 times in 10.
    conf = [0.8] * 10 + [0.3] * 10
    right = [True] * 8 + [False] * 2 + [True] * 3 + [False] * 7
    assert expected_calibration_error(conf, right) == pytest.approx(0.0, abs=1e-12)


def test_ece_measures_overconfidence() -> None:
    conf = [0.9] * 10
    right = [True] * 5 + [False] * 5
    assert expected_calibration_error(conf, right) == pytest.approx(0.4)
    assert expected_calibration_error([], []) is None


def test_the_floor_shrinks_with_the_number_of_programs_and_vanishes_at_certainty() -> None:
    small, large = ece_floor([0.8] * 30), ece_floor([0.8] * 3000)
    assert small is not None and large is not None
    # Bernoulli(0.8) outcomes of 30 programs miss 0.8 by ~sqrt(0.16 / 30) ~ 0.07 on average.
    assert 0.04 < small["mean"] < 0.1 and small["p90"] > small["mean"]
    assert large["mean"] < 0.015
    assert ece_floor([1.0] * 20) == {"mean": 0.0, "p90": 0.0}
    assert ece_floor([]) is None
    assert ece_floor([0.7] * 50, seed=3) == ece_floor([0.7] * 50, seed=3)


def test_p_max_of_one_lands_in_the_last_bin() -> None:
    table = reliability([1.0, 0.95, 0.05], [True, True, False])
    assert [row["n"] for row in table] == [1, 2]
    assert table[-1]["high"] == 1.0


def _scores(confident_right: bool):
    held, _ = build_holdout(50)
    out = []
    for i, r in enumerate(held):
        right = (i % 2 == 0) == confident_right
        p = 0.95 if i % 2 == 0 else 0.35
        exc = (
            r.y.exc_type if right else ("MemoryError" if r.y.exc_type != "MemoryError" else "None")
        )
        pred = Prediction(
            exc_type=exc,
            exc_probs={exc: p, "Other": 1 - p}
            if p > 0.5
            else {exc: p, "Other": 0.33, "Unknown": 0.32},
        )
        out.append(score_program(r, pred))
    return out


def test_calibration_rises_with_confidence_when_the_model_knows_what_it_knows() -> None:
    calib = calibration(_scores(True), resamples=300)
    assert calib is not None and calib["n"] == 50
    qs = calib["quintiles"]
    assert sum(q["n"] for q in qs) == 50
    first = qs[0]["fields"]["exception_class"]["accuracy"]
    last = qs[-1]["fields"]["exception_class"]["accuracy"]
    assert first == 0.0 and last == 1.0
    assert qs[0]["p_max_max"] <= qs[-1]["p_max_min"]
    assert calib["ece"] == pytest.approx(0.5 * 0.05 + 0.5 * 0.35)
    floor = calib["ece_floor"]
    assert 0.0 < floor["mean"] < calib["ece"]
    assert ece_text(calib) == (
        f"ECE {calib['ece']:.3f}, floor {floor['mean']:.3f} (p90 {floor['p90']:.3f})"
    )
    # Task-bootstrap SE is reported for every non-empty quintile.
    assert all(q["fields"]["exception_class"]["se"] is not None for q in qs)


def test_calibration_exposes_a_model_that_is_confident_when_wrong() -> None:
    calib = calibration(_scores(False), resamples=300)
    assert calib["quintiles"][-1]["fields"]["exception_class"]["accuracy"] == 0.0
    assert calib["ece"] == pytest.approx(0.5 * 0.95 + 0.5 * 0.65)


def test_no_distribution_no_calibration() -> None:
    held, _ = build_holdout(10)
    scores = [score_program(r, Prediction(exc_type="None")) for r in held]
    assert calibration(scores) is None
