"""The gates on hand-made candidates and predictions: every branch of appendix M and N."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mleworld.agent.config import SearchConfig
from mleworld.agent.gates import AlwaysGate, ConfidenceGate, RandomGate
from mleworld.agent.journal import Journal
from mleworld.agent.node import Node
from mleworld.agent.search import Action, Candidate, StepContext, get_gate
from mleworld.codegen.base import CodeRequest


def prediction(
    exc_type: str = "None",
    p_max: float | None = 0.9,
    metric: float | None = 0.5,
    submission: bool = True,
) -> dict[str, Any]:
    return {
        "exc_type": exc_type,
        "p_max": p_max,
        "metric": metric,
        "submission": submission,
        "term_out": "",
    }


def verified(step: int, metric: float) -> Node:
    return Node(
        id=f"n{step}", step=step, stage="draft", metric=metric, is_buggy=False, executed=True
    )


def context(
    journal: Journal | None = None,
    predict: Any = None,
    seed: int = 0,
    **search: Any,
) -> StepContext:
    return StepContext(
        step=len(journal) if journal else 0,
        action=Action("draft", None),
        journal=journal if journal is not None else Journal(lower_is_better=False),
        task=None,
        request=CodeRequest(stage="draft", prompt=""),
        rng=random.Random(seed),
        generate=lambda request: Candidate("", ""),
        predict=predict,
        search=SearchConfig(**search),
    )


def candidate(pred: dict[str, Any] | None) -> Candidate:
    return Candidate(plan="p", code="print(1)", prediction=pred)


# A journal whose best verified metric (0.8, higher is better) a prediction of 0.5 does not beat.
def journal_with_best(lower_is_better: bool = False, metric: float = 0.8) -> Journal:
    return Journal(lower_is_better, [verified(0, metric)])


@pytest.mark.parametrize(
    ("pred", "verdict", "reason"),
    [
        # predicted success: gamma_s = 0.5
        (prediction("None", 0.49), "run", "p_max 0.490 < gamma_s 0.5"),
        (prediction("None", 0.50), "trusted", "p_max 0.500 >= gamma_s 0.5"),
        # predicted failure: gamma_f = 0.56 (a crash has no usable metric)
        (prediction("KeyError", 0.55, None, False), "run", "p_max 0.550 < gamma_f 0.56"),
        (prediction("KeyError", 0.56, None, False), "trusted", "p_max 0.560 >= gamma_f 0.56"),
        # missing confidence
        (prediction("None", None), "run", "prediction without confidence"),
        (prediction("ValueError", None, None, False), "run", "prediction without confidence"),
        # a predicted timeout is never run, however unsure
        (prediction("TimeoutError", 0.2, None, False), "trusted", "predicted timeout: never run"),
        (prediction("TimeoutError", None, None, False), "trusted", "predicted timeout"),
    ],
)
def test_confidence_gate_branches(pred: dict[str, Any], verdict: str, reason: str) -> None:
    gate = ConfidenceGate()
    ctx = context(journal_with_best())
    assert gate.explain(candidate(pred), ctx)[0] == verdict
    assert reason in gate.explain(candidate(pred), ctx)[1]
    assert gate.decide(candidate(pred), ctx) == verdict


def test_the_gammas_come_from_the_search_config() -> None:
    gate = ConfidenceGate()
    confident_success = candidate(prediction("None", 0.8))
    confident_crash = candidate(prediction("KeyError", 0.8, None, False))
    strict = context(journal_with_best(), gamma_success=0.9, gamma_failure=0.83)
    assert gate.decide(confident_success, strict) == "run"
    assert gate.decide(confident_crash, strict) == "run"
    loose = context(journal_with_best(), gamma_success=0.9, gamma_failure=0.7)
    assert gate.decide(confident_success, loose) == "run"  # the success side is still strict
    assert gate.decide(confident_crash, loose) == "trusted"


@pytest.mark.parametrize("lower_is_better", [False, True])
def test_a_predicted_new_best_always_runs(lower_is_better: bool) -> None:
    gate = ConfidenceGate()
    ctx = context(journal_with_best(lower_is_better, metric=0.5))
    better = 0.4 if lower_is_better else 0.6
    worse = 0.6 if lower_is_better else 0.4
    verdict, reason = gate.explain(candidate(prediction("None", 0.99, better)), ctx)
    assert verdict == "run" and "would beat the best verified 0.5" in reason
    assert gate.decide(candidate(prediction("None", 0.99, worse)), ctx) == "trusted"
    assert gate.decide(candidate(prediction("None", 0.99, 0.5)), ctx) == "trusted"  # a tie
    # Without a submission (or with a crash) the predicted metric is no new best.
    assert gate.decide(candidate(prediction("None", 0.99, better, False)), ctx) == "trusted"


def test_the_first_predicted_metric_is_a_new_best_and_trusted_nodes_do_not_count() -> None:
    gate = ConfidenceGate()
    trusted = Node(id="t", step=0, stage="draft", metric=0.99, is_buggy=False, gate="trusted")
    ctx = context(Journal(False, [trusted]))
    verdict, reason = gate.explain(candidate(prediction("None", 0.99, 0.1)), ctx)
    assert verdict == "run" and reason == "predicted metric 0.1 would be the first verified one"


def test_a_chosen_candidate_without_prediction_is_predicted_by_the_gate() -> None:
    asked: list[Candidate] = []

    def predict(c: Candidate) -> dict[str, Any]:
        asked.append(c)
        return prediction("KeyError", 0.9, None, False)

    chosen = candidate(None)
    ctx = context(journal_with_best(), predict=predict)
    assert ConfidenceGate().explain(chosen, ctx) == ("trusted", "p_max 0.900 >= gamma_f 0.56")
    assert asked == [chosen] and chosen.prediction["exc_type"] == "KeyError"
    # Asked once: the stored prediction is reused.
    ConfidenceGate().decide(chosen, ctx)
    assert len(asked) == 1


def test_no_world_model_means_run() -> None:
    for gate in (ConfidenceGate(), RandomGate()):
        assert gate.explain(candidate(None), context(journal_with_best())) == (
            "run",
            "no prediction",
        )


def test_random_gate_with_p_run_0_and_1() -> None:
    confident = prediction("None", 0.99, 0.1)  # not a new best: trusted by confidence
    never = context(journal_with_best(), p_run=0.0)
    always = context(journal_with_best(), p_run=1.0)
    for _ in range(20):
        assert RandomGate().explain(candidate(confident), never) == (
            "trusted",
            "random skip (p_run 0)",
        )
        assert RandomGate().explain(candidate(dict(confident, p_max=0.01)), always) == (
            "run",
            "random check (p_run 1)",
        )


def test_random_gate_keeps_the_mandatory_decisions() -> None:
    never = context(journal_with_best(), p_run=0.0)
    always = context(journal_with_best(), p_run=1.0)
    new_best = candidate(prediction("None", 0.99, 0.95))
    assert RandomGate().decide(new_best, never) == "run"
    assert RandomGate().decide(candidate(prediction("None", None, 0.1)), never) == "run"
    timeout = candidate(prediction("TimeoutError", 0.3, None, False))
    assert RandomGate().decide(timeout, always) == "trusted"


def test_random_gate_runs_about_p_run_of_discretionary_checks_from_the_step_rng() -> None:
    confident = prediction("None", 0.99, 0.1)
    ctx = context(journal_with_best(), seed=3, p_run=0.3)
    verdicts = [RandomGate().decide(candidate(confident), ctx) for _ in range(2000)]
    share = verdicts.count("run") / len(verdicts)
    assert 0.26 < share < 0.34
    # The same seed gives the same verdicts: a resumed step decides the same.
    again = context(journal_with_best(), seed=3, p_run=0.3)
    assert [RandomGate().decide(candidate(confident), again) for _ in range(2000)] == verdicts


def test_always_gate_runs_everything_and_the_table_names_all_three() -> None:
    ctx = context(journal_with_best())
    assert AlwaysGate().explain(candidate(prediction("TimeoutError", 0.99)), ctx) == (
        "run",
        "gate always",
    )
    assert {type(get_gate(n)).__name__ for n in ("always", "confidence", "random")} == {
        "AlwaysGate",
        "ConfidenceGate",
        "RandomGate",
    }
    assert not AlwaysGate.needs_world_model
