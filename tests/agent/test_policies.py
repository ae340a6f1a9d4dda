"""The world-model step policies on hand-made pools: fixed predictions, real prompts and judges.

Each pool is a list of programs with the prediction the fake world model gives
each; the StepContext is the one the loop builds, with a scripted generator
(recording every request) and a predict_many that records its batches. Where
the builtin model matters (its judges, its fusion, its draws) it is the real one.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from mleworld.agent.config import SearchConfig
from mleworld.agent.journal import Journal
from mleworld.agent.node import Node
from mleworld.agent.policies.pool import draw_seed
from mleworld.agent.search import POLICIES, Action, Candidate, StepContext, get_policy
from mleworld.codegen.base import CodeRequest
from mleworld.codegen.builtin import BuiltinCodeModel
from mleworld.codegen.selection_prompts import FAILED_POOL_SYSTEM, PAIRWISE_SYSTEM
from mleworld.errors import ConfigError, MleWorldError
from mleworld.tasks.task import Task
from threshold_task import make_task, program

WM_POLICIES = ("bon", "ucb", "sequential", "pairwise", "fusion")


def pred(
    metric: float | None = 0.8,
    exc: str = "None",
    submission: bool | None = True,
    p_clean: float | None = 0.9,
    term_out: str | None = None,
) -> dict[str, Any]:
    """A Prediction.to_dict()-shaped record; p_clean None = no class distribution."""
    p_max = None if p_clean is None else max(p_clean, 1 - p_clean)
    if term_out is None:
        term_out = (
            f"Validation accuracy: {metric}\n"
            if exc == "None"
            else f"Traceback (most recent call last):\n{exc}: boom\n"
        )
    return {
        "exc_type": exc,
        "exc_probs": None if p_clean is None else {"None": p_clean, "KeyError": 1 - p_clean},
        "p_max": p_max,
        "p_clean": p_clean,
        "uncertainty": None if p_max is None else 1 - p_max,
        "term_out": term_out,
        "metric": metric,
        "submission": submission,
    }


class Step:
    """A StepContext over scripted programs and fixed predictions, recording what was asked."""

    def __init__(
        self,
        task: Task,
        pool: list[tuple[str, dict[str, Any] | None]],
        *,
        stage: str = "draft",
        journal: Journal | None = None,
        parent: Node | None = None,
        code_model: Any = None,
        beta: float = 0.5,
        extra: list[tuple[str, dict[str, Any] | None]] | None = None,
    ) -> None:
        self.programs = [code for code, _ in pool] + [code for code, _ in extra or []]
        self.predictions = {code: p for code, p in pool} | {code: p for code, p in extra or []}
        self.requests: list[CodeRequest] = []
        self.batches: list[list[str]] = []
        self.ran: list[str] = []
        self.outcomes: dict[str, dict[str, Any]] = {}
        journal = journal if journal is not None else Journal(task.is_lower_better)
        self.ctx = StepContext(
            step=len(journal),
            action=Action(stage, parent),
            journal=journal,
            task=task,
            request=CodeRequest(
                stage,
                "the step's prompt\n\n# Data overview\n\ntrain.csv: 20 rows",
                task=task,
                seed=11,
                parent_code=parent.code if parent else None,
            ),
            rng=random.Random(0),
            generate=self.generate,
            num_candidates=len(pool),
            predict_many=self.predict_many,
            run=self.run,
            code_model=code_model,
            search=SearchConfig(beta=beta),
        )

    def generate(self, request: CodeRequest) -> Candidate:
        self.requests.append(request)
        code = self.programs[len(self.requests) - 1]
        if code.startswith("ERROR"):
            return Candidate(plan="", code="", error="ModelResponseError: no code block")
        return Candidate(plan=f"plan {len(self.requests)}", code=code)

    def predict_many(self, candidates: list[Candidate]) -> list[dict[str, Any] | None]:
        self.batches.append([c.code for c in candidates])
        return [None if c.error else self.predictions[c.code] for c in candidates]

    def run(self, candidate: Candidate) -> dict[str, Any] | None:
        self.ran.append(candidate.code)
        candidate.outcome = self.outcomes[candidate.code]
        return candidate.outcome

    def propose(self, name: str) -> Any:
        return get_policy(name).propose(self.ctx)


@pytest.fixture(scope="module")
def task(tmp_path_factory: pytest.TempPathFactory) -> Task:
    return make_task(tmp_path_factory.mktemp("toy") / "task")


@pytest.fixture(scope="module")
def rmse_task(task: Task) -> Task:
    """The same files, scored by a metric where lower is better."""
    return Task(task.path, "toy_rmse", "rmse", "id", ("y",), name="toy_rmse")


def codes(n: int) -> list[str]:
    return [program(10 + i, 0.5 + i / 100) for i in range(n)]


def verified(node_id: str, metric: float, step: int = 0) -> Node:
    return Node(
        id=node_id, step=step, stage="draft", code="x", executed=True, is_buggy=False, metric=metric
    )


class Raising:
    name = "raising"

    def complete(self, system: str, user: str) -> str:
        raise MleWorldError("the judge endpoint is down")

    def generate(self, request: CodeRequest) -> Any:
        raise MleWorldError("the judge endpoint is down")


class Answering:
    """A code model whose free-text answers are scripted; records the prompts."""

    name = "answering"

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.prompts: list[tuple[str, str]] = []

    def complete(self, system: str, user: str) -> str:
        self.prompts.append((system, user))
        return self.answers.pop(0) if self.answers else "no idea"

    def generate(self, request: CodeRequest) -> Any:
        raise MleWorldError("not a writer")


# --- registration and the pool --------------------------------------------------------


def test_every_policy_is_registered_and_loads() -> None:
    for name in (*WM_POLICIES, "bon-real"):
        assert name in POLICIES
        assert get_policy(name).name == name
    assert get_policy("bon-real").needs_world_model is False
    assert all(get_policy(n).needs_world_model for n in WM_POLICIES)


def test_draws_vary_the_seed_and_the_pool_is_predicted_in_one_batch(task: Task) -> None:
    c = codes(4)
    step = Step(task, [(code, pred(0.7)) for code in c])
    step.propose("bon")
    seeds = [r.seed for r in step.requests]
    assert seeds[0] == 11 and len(set(seeds)) == 4  # draw 0 is what policy none writes
    assert seeds == [draw_seed(11, i) for i in range(4)]
    assert step.batches == [c]


@pytest.mark.parametrize("name", WM_POLICIES)
def test_a_policy_without_a_world_model_says_how_to_get_one(task: Task, name: str) -> None:
    step = Step(task, [(code, pred()) for code in codes(2)])
    step.ctx.predict_many = None
    with pytest.raises(ConfigError, match="--world-model"):
        step.propose(name)


# --- bon ------------------------------------------------------------------------------


def test_bon_keeps_the_best_predicted_metric(task: Task) -> None:
    c = codes(4)
    step = Step(
        task,
        [
            (c[0], pred(0.7)),
            (c[1], pred(0.9)),
            (c[2], pred(0.95, exc="KeyError")),
            (c[3], pred(0.8)),
        ],
    )
    selection = step.propose("bon")
    assert selection.chosen_index == 1  # the crash's higher metric does not count
    assert selection.chosen.meta["reason"] == "best predicted metric 0.9"
    assert [c.prediction is not None for c in selection.candidates] == [True] * 4


def test_bon_minimises_a_lower_is_better_metric(rmse_task: Task) -> None:
    c = codes(3)
    step = Step(rmse_task, [(c[0], pred(0.7)), (c[1], pred(0.9)), (c[2], pred(0.4))])
    assert step.propose("bon").chosen_index == 2


def test_bon_ties_keep_generation_order(task: Task) -> None:
    c = codes(3)
    step = Step(task, [(c[0], pred(0.6)), (c[1], pred(0.9)), (c[2], pred(0.9))])
    assert step.propose("bon").chosen_index == 1


def test_bon_without_a_predicted_metric_takes_the_first_usable(task: Task) -> None:
    c = codes(3)
    step = Step(
        task,
        [
            (c[0], pred(None, exc="ValueError")),
            (c[1], pred(0.9, submission=False)),
            (c[2], pred(None)),
        ],
    )
    selection = step.propose("bon")
    assert selection.chosen_index == 2
    assert "first predicted-usable" in selection.chosen.meta["reason"]


def test_bon_nothing_usable_asks_the_builtin_failed_pool_judge(task: Task) -> None:
    c = codes(3)
    model = BuiltinCodeModel()
    step = Step(
        task,
        [
            (c[0], pred(None, exc="KeyError", p_clean=0.2)),
            (c[1], pred(None, exc="ValueError", p_clean=0.45)),
            (c[2], pred(None, exc="KeyError", p_clean=0.3)),
        ],
        code_model=model,
    )
    selection = step.propose("bon")
    assert selection.chosen_index == 1  # the highest chance of a clean run
    assert "least buggy" in selection.chosen.meta["reason"]


@pytest.mark.parametrize(
    "model, why",
    [
        (Raising(), "judge failed"),
        (Answering("I cannot decide, they all look broken."), "unreadable"),
        (Answering('{"least_buggy": 7}'), "unreadable"),  # out of range
        (None, "no judge"),
    ],
)
def test_bon_failed_pool_judge_failure_falls_back_to_the_first(
    task: Task, model: Any, why: str
) -> None:
    c = codes(3)
    failing = [
        (code, pred(None, exc="KeyError", p_clean=0.1 * (i + 1))) for i, code in enumerate(c)
    ]
    selection = Step(task, failing, code_model=model).propose("bon")
    assert selection.chosen_index == 0
    assert why in selection.chosen.meta["reason"]


def test_failed_pool_judge_sees_programs_with_code_only_and_its_pick_maps_back(task: Task) -> None:
    c = codes(3)
    judge = Answering('Thinking... {"least_buggy": 2, "reason": "an easy KeyError"}')
    pool = [
        ("ERROR", None),
        (c[1], pred(None, exc="KeyError")),
        (c[2], pred(None, exc="TypeError")),
    ]
    selection = Step(task, pool, code_model=judge).propose("bon")
    assert selection.chosen_index == 2  # program 2 of the two shown is candidate 2
    system, user = judge.prompts[0]
    assert system == FAILED_POOL_SYSTEM
    assert user.count("## Program ") == 2 and "TypeError: boom" in user
    assert "accuracy (higher is better)" in user


def test_an_all_error_pool_chooses_the_first_without_asking(task: Task) -> None:
    judge = Answering('{"least_buggy": 1}')
    selection = Step(task, [("ERROR", None), ("ERROR2", None)], code_model=judge).propose("bon")
    assert selection.chosen_index == 0 and judge.prompts == []
    assert selection.chosen.error is not None


# --- ucb ------------------------------------------------------------------------------


def _ucb_pool(task: Task, p_clean: list[float | None], **kw: Any) -> Step:
    c = codes(3)
    metrics = [0.80, 0.78, 0.70]
    return Step(task, [(c[i], pred(metrics[i], p_clean=p_clean[i])) for i in range(3)], **kw)


def test_ucb_numbers_by_hand_with_a_verified_reference(task: Task) -> None:
    journal = Journal(False, [verified("a", 0.75)])
    step = _ucb_pool(task, [0.95, 0.60, 0.99], journal=journal, beta=0.5)
    selection = step.propose("ucb")
    # m_ref = 0.75, alpha = 0.75; v = (0.05, 0.03, -0.05) / 0.75; bonus = 0.5 * (1 - p_clean)
    expected = [(0.05 / 0.75, 0.025), (0.03 / 0.75, 0.2), (-0.05 / 0.75, 0.005)]
    for candidate, (v, bonus) in zip(selection.candidates, expected, strict=True):
        scores = candidate.meta["ucb"]
        assert scores["v"] == pytest.approx(v) and scores["bonus"] == pytest.approx(bonus)
        assert scores["score"] == pytest.approx(v + bonus)
        assert scores["m_ref"] == 0.75 and scores["alpha"] == 0.75
    assert selection.chosen_index == 1  # 0.04 + 0.2 beats 0.0667 + 0.025: BoN would take 0
    assert "best ucb score 0.24" in selection.chosen.meta["reason"]


def test_ucb_beta_zero_is_bon(task: Task) -> None:
    journal = Journal(False, [verified("a", 0.75)])
    assert (
        _ucb_pool(task, [0.95, 0.6, 0.99], journal=journal, beta=0.0).propose("ucb").chosen_index
        == 0
    )


def test_ucb_one_missing_confidence_turns_the_bonus_off_for_the_pool(task: Task) -> None:
    journal = Journal(False, [verified("a", 0.75)])
    selection = _ucb_pool(task, [0.95, 0.60, None], journal=journal).propose("ucb")
    assert selection.chosen_index == 0
    assert all(c.meta["ucb"]["bonus"] is None for c in selection.candidates)
    assert "confidence is missing" in selection.chosen.meta["reason"]


def test_ucb_without_a_reference_scales_by_the_median_predicted_metric(task: Task) -> None:
    selection = _ucb_pool(task, [0.95, 0.60, 0.99], beta=0.5).propose("ucb")
    # m_ref = 0, alpha = median(0.80, 0.78, 0.70) = 0.78
    v = [0.80 / 0.78, 1.0, 0.70 / 0.78]
    assert [c.meta["ucb"]["v"] for c in selection.candidates] == pytest.approx(v)
    assert all(c.meta["ucb"]["m_ref"] is None for c in selection.candidates)
    assert selection.chosen_index == 1  # 1 + 0.2 > 1.0256 + 0.025


def test_ucb_falls_back_to_the_parents_real_metric_then_scales_by_it(task: Task) -> None:
    parent = verified("p", 2.0)
    selection = _ucb_pool(task, [0.9, 0.9, 0.9], parent=parent, stage="improve").propose("ucb")
    assert selection.candidates[0].meta["ucb"]["m_ref"] == 2.0
    assert selection.candidates[0].meta["ucb"]["v"] == pytest.approx((0.80 - 2.0) / 2.0)


def test_ucb_minimises_and_keeps_bon_fallbacks(rmse_task: Task) -> None:
    journal = Journal(True, [verified("a", 0.75)])
    c = codes(3)
    step = Step(
        rmse_task,
        [
            (c[0], pred(0.80, p_clean=0.9)),
            (c[1], pred(0.70, p_clean=0.9)),
            (c[2], pred(0.72, p_clean=0.9)),
        ],
        journal=journal,
    )
    selection = step.propose("ucb")
    assert selection.chosen_index == 1
    assert selection.candidates[1].meta["ucb"]["v"] == pytest.approx(0.05 / 0.75)
    nothing = Step(rmse_task, [(c[0], pred(None)), (c[1], pred(0.5, exc="KeyError"))])
    selection = nothing.propose("ucb")
    assert (
        selection.chosen_index == 0 and "first predicted-usable" in selection.chosen.meta["reason"]
    )


# --- sequential -----------------------------------------------------------------------


def test_sequential_revises_each_draw_from_its_predicted_output(task: Task) -> None:
    c = codes(3)
    crash = pred(
        None, exc="KeyError", term_out="Traceback (most recent call last):\nKeyError: 'x_col'\n"
    )
    step = Step(
        task,
        [
            (c[0], pred(0.7, term_out="Validation accuracy: 0.7\n")),
            (c[1], crash),
            (c[2], pred(0.9)),
        ],
    )
    selection = step.propose("sequential")
    first, second, third = step.requests
    assert first is step.ctx.request
    assert second.stage == "improve" and second.parent_code == c[0]
    assert second.parent_output == "Validation accuracy: 0.7\n" and second.parent_exc_type == "None"
    assert "# Previous solution" in second.prompt and "Validation accuracy: 0.7" in second.prompt
    assert "train.csv: 20 rows" in second.prompt  # the step's data overview is kept
    assert (
        third.stage == "debug" and third.parent_code == c[1] and third.parent_exc_type == "KeyError"
    )
    assert "# Buggy solution" in third.prompt and "KeyError: 'x_col'" in third.prompt
    assert len({r.seed for r in step.requests}) == 3
    assert step.batches == [[c[0]], [c[1]], [c[2]]]  # one at a time: each feeds the next draw
    assert [x.meta.get("revise_stage") for x in selection.candidates] == [None, "improve", "debug"]
    assert (
        selection.chosen_index == 2
        and selection.chosen.meta["reason"] == "best predicted metric 0.9"
    )


def test_sequential_redraws_after_a_model_error(task: Task) -> None:
    c = codes(2)
    step = Step(task, [("ERROR", None), (c[0], pred(0.6)), (c[1], pred(0.5))])
    selection = step.propose("sequential")
    assert step.requests[1].stage == "draft" and step.requests[1].seed != step.requests[0].seed
    assert step.requests[2].stage == "improve" and step.requests[2].parent_code == c[0]
    assert selection.chosen_index == 1


def test_sequential_with_the_builtin_writer_improves_the_previous_program(task: Task) -> None:
    from mleworld.codegen.builtin.examples import make_example_task
    from mleworld.codegen.builtin.spec import extract_spec, spec_diff

    binary = make_example_task("binary", task.path.parent / "binary", rows=120)
    model = BuiltinCodeModel(seed=0)
    step = Step(binary, [])
    step.ctx.num_candidates = 3

    def generate(request: CodeRequest) -> Candidate:
        step.requests.append(request)
        g = model.generate(request)
        return Candidate(plan=g.plan, code=g.code, meta=dict(g.meta))

    step.ctx.generate = generate
    step.ctx.predict_many = lambda cands: [
        pred(0.8, term_out="Validation AUC: 0.8\n") for _ in cands
    ]
    selection = step.propose("sequential")
    specs = [extract_spec(x.code) for x in selection.candidates]
    assert all(specs)
    for before, after in zip(specs, specs[1:], strict=False):
        assert spec_diff(before, after)  # type: ignore[arg-type]  # each draw changed something
    assert [x.meta["change"] for x in selection.candidates][0] == "draft"
    assert all(x.meta["stage"] == "improve" for x in selection.candidates[1:])


def test_sequential_predicts_each_revision_against_the_candidate_it_revises(task: Task) -> None:
    c = codes(3)
    crash = pred(
        None, exc="KeyError", term_out="Traceback (most recent call last):\nKeyError: 'x'\n"
    )
    parent = verified("root", 0.6)
    parent.code = c[0]
    step = Step(
        task,
        [
            (c[0], pred(0.7, term_out="Validation accuracy: 0.7\n")),
            (c[1], crash),
            (c[2], pred(0.9)),
        ],
        stage="improve",
        parent=parent,
    )
    against: list[tuple[str, Node, str]] = []

    def predict_against(cands: list[Candidate], node: Node, stage: str) -> list[Any]:
        against.extend((x.code, node, stage) for x in cands)
        return [step.predictions[x.code] for x in cands]

    step.ctx.predict_against = predict_against
    selection = step.propose("sequential")
    assert step.batches == [[c[0]]]  # only the first draw is a child of the step's parent
    assert [(code, stage) for code, _, stage in against] == [(c[1], "improve"), (c[2], "debug")]
    improve, debug = (node for _, node, _ in against)
    # The revised candidate stands in with its prediction: code, metric, class and output.
    assert improve.code == c[0] and improve.metric == 0.7 and improve.exc_type == "None"
    assert improve.term_out == "Validation accuracy: 0.7\n" and not improve.is_buggy
    assert improve.parent_id == "root" and not improve.executed
    assert debug.code == c[1] and debug.metric is None and debug.exc_type == "KeyError"
    assert debug.is_buggy and "KeyError: 'x'" in debug.term_out
    assert [x.prediction for x in selection.candidates] == [step.predictions[x] for x in c]
    assert selection.chosen_index == 2


def test_a_revision_query_carries_the_revised_candidate_as_its_parent(task: Task) -> None:
    from mleworld.agent.policies.sequential import stand_in
    from mleworld.agent.world_model import RunWorldModel

    c = codes(2)
    step = Step(task, [(c[0], None)], stage="improve", parent=verified("root", 0.6))
    revised = Candidate(plan="p", code=c[0], meta={"revise_stage": "improve"})
    revised.prediction = pred(0.7) | {"runtime_s": 4.5}
    world = RunWorldModel(object(), task, "train.csv: 20 rows", {}, "run")
    query = world.query(c[1], "improve", stand_in(step.ctx, revised), 60.0)
    assert query.stage == "improve" and query.x.program == c[1]
    assert query.parent is not None and query.parent.program == c[0]
    assert query.parent.metric == 0.7 and query.parent.exc_type == "None"
    assert query.parent.runtime_s == 4.5 and "Validation accuracy: 0.7" in query.parent.term_out


def test_sequential_without_predict_against_predicts_revisions_as_the_steps_children(
    task: Task,
) -> None:
    c = codes(2)
    step = Step(task, [(c[0], pred(0.7)), (c[1], pred(0.8))])
    assert step.ctx.predict_against is None
    selection = step.propose("sequential")
    assert step.batches == [[c[0]], [c[1]]] and selection.chosen_index == 1


# --- pairwise -------------------------------------------------------------------------


def test_pairwise_with_the_builtin_judge_eliminates_in_n_minus_1_comparisons(task: Task) -> None:
    c = codes(4)
    pool = [
        (c[0], pred(0.7)),
        (c[1], pred(0.9, exc="KeyError")),
        (c[2], pred(0.75)),
        (c[3], pred(0.85)),
    ]
    selection = Step(task, pool, code_model=BuiltinCodeModel()).propose("pairwise")
    bracket = selection.chosen.meta["pairwise"]
    assert [(m["left"], m["right"], m["winner"]) for m in bracket] == [
        (0, 1, 0),
        (2, 3, 3),
        (0, 3, 3),
    ]
    assert selection.chosen_index == 3
    assert selection.chosen.meta["reason"] == "won 2 of 3 pairwise comparisons"


def test_pairwise_builtin_judge_minimises_then_uses_p_clean(rmse_task: Task) -> None:
    c = codes(3)
    pool = [
        (c[0], pred(0.5, p_clean=0.6)),
        (c[1], pred(0.4, p_clean=0.6)),
        (c[2], pred(0.4, p_clean=0.9)),
    ]
    selection = Step(rmse_task, pool, code_model=BuiltinCodeModel()).propose("pairwise")
    # (0 vs 1) -> 1 (lower rmse); 2 is carried; (1 vs 2): same rmse, 2 has the higher p_clean
    assert [(m["left"], m["right"], m["winner"]) for m in selection.chosen.meta["pairwise"]] == [
        (0, 1, 1),
        (1, 2, 2),
    ]
    assert selection.chosen_index == 2


def test_pairwise_reads_scripted_verdicts_and_left_wins_garbage(task: Task) -> None:
    c = codes(4)
    judge = Answering(
        '{"winner": "B"}', "hmm, both are fine", '```json\n{"winner": "b", "reason": "x"}\n```'
    )
    selection = Step(task, [(code, pred(0.8)) for code in c], code_model=judge).propose("pairwise")
    assert [m["winner"] for m in selection.chosen.meta["pairwise"]] == [1, 2, 2]
    assert [m["verdict"] for m in selection.chosen.meta["pairwise"]] == [
        "B",
        "unreadable verdict: left",
        "B",
    ]
    assert selection.chosen_index == 2
    system, user = judge.prompts[0]
    assert system == PAIRWISE_SYSTEM and "## Program A" in user and "## Program B" in user
    assert "predicted terminal output" in user and c[0].strip() in user


def test_pairwise_judge_failure_and_error_candidates(task: Task) -> None:
    c = codes(3)
    selection = Step(task, [(code, pred(0.8)) for code in c], code_model=Raising()).propose(
        "pairwise"
    )
    assert selection.chosen_index == 0
    assert all("judge failed" in m["verdict"] for m in selection.chosen.meta["pairwise"])
    judge = Answering('{"winner": "A"}')
    selection = Step(
        task, [("ERROR", None), (c[0], pred(0.5)), (c[1], pred(0.6))], code_model=judge
    ).propose("pairwise")
    # the error candidate loses without a call; then one judged comparison
    assert selection.chosen_index == 1 and len(judge.prompts) == 1


# --- fusion ---------------------------------------------------------------------------


def test_fusion_predicts_and_returns_the_synthesised_program(task: Task) -> None:
    c = codes(3)
    fused = program(20, 0.99)
    step = Step(
        task,
        [(c[0], pred(0.6)), (c[1], pred(0.7)), (c[2], pred(None, exc="KeyError"))],
        extra=[(fused, pred(0.95))],
    )
    selection = step.propose("fusion")
    assert selection.chosen_index == 3 and selection.chosen.code == fused
    assert selection.chosen.prediction == pred(0.95)
    assert step.batches == [c, [fused]]
    request = step.requests[-1]
    assert request.stage == "fuse" and len(request.extra["candidates"]) == 3
    assert request.extra["lower_is_better"] is False
    assert "# Candidates" in request.prompt and "the step's prompt" in request.prompt
    assert "KeyError: boom" in request.prompt  # the predicted outputs are shown
    assert selection.chosen.meta["fusion_of"] == [0, 1, 2]


@pytest.mark.parametrize("failure", ["ERROR", ""])
def test_fusion_that_gives_no_program_falls_back(task: Task, failure: str) -> None:
    c = codes(3)
    pool = [(c[0], pred(None, exc="KeyError")), (c[1], pred(0.7)), (c[2], pred(0.9))]
    step = Step(task, pool, extra=[(failure, None)])
    selection = step.propose("fusion")
    assert selection.chosen_index == 1  # the first usable, not the best
    assert "no fusion" in selection.chosen.meta["reason"] and len(selection.candidates) == 4
    crashing = [(code, pred(None, exc="KeyError")) for code in c]
    selection = Step(task, crashing, extra=[(failure, None)]).propose("fusion")
    assert selection.chosen_index == 0 and "nothing usable" in selection.chosen.meta["reason"]


def test_fusion_with_the_builtin_model_ensembles_the_pool(tmp_path: Path) -> None:
    from mleworld.codegen.builtin.examples import make_example_task
    from mleworld.codegen.builtin.spec import extract_spec

    binary = make_example_task("binary", tmp_path / "binary", rows=120)
    model = BuiltinCodeModel(seed=0)
    step = Step(binary, [])
    step.ctx.num_candidates = 4
    step.ctx.code_model = model

    def generate(request: CodeRequest) -> Candidate:
        try:
            g = model.generate(request)
        except MleWorldError as exc:
            return Candidate(plan="", code="", error=str(exc))
        return Candidate(plan=g.plan, code=g.code, meta=dict(g.meta))

    scores = iter([0.70, 0.80, 0.75, 0.72, 0.9])
    step.ctx.generate = generate
    step.ctx.predict_many = lambda cands: [pred(next(scores)) for _ in cands]
    selection = step.propose("fusion")
    assert selection.chosen_index == 4, selection.chosen.meta.get("reason")
    pool = [extract_spec(x.code) for x in selection.candidates[:4]]
    fused = extract_spec(selection.chosen.code)
    assert fused is not None and fused.family == pool[1].family  # type: ignore[union-attr]
    assert selection.chosen.meta["change"] == "fuse" and 1 in selection.chosen.meta["fused_from"]
    assert selection.chosen.prediction == pred(0.9)


# --- bon-real -------------------------------------------------------------------------


def outcome(
    metric: float | None, exc: str = "None", submission: bool = True, valid: bool | None = True
) -> dict[str, Any]:
    out = f"Validation accuracy: {metric}\n" if metric is not None else f"{exc}: boom\n"
    return {
        "exc_type": exc,
        "term_out": out,
        "metric": metric,
        "submission": submission,
        "submission_valid": valid,
        "runtime_s": 0.1,
        "timed_out": False,
    }


def test_bon_real_runs_every_candidate_and_keeps_the_best_observed(rmse_task: Task) -> None:
    c = codes(3)
    step = Step(rmse_task, [(code, pred(0.1)) for code in c])
    step.outcomes = {c[0]: outcome(0.5), c[1]: outcome(0.2, valid=False), c[2]: outcome(0.3)}
    selection = step.propose("bon-real")
    assert step.ran == c
    assert all(x.outcome is not None for x in selection.candidates)
    assert selection.chosen_index == 2  # 0.2 wrote an invalid submission
    assert selection.chosen.meta["reason"] == "best observed metric 0.3"


def test_bon_real_without_a_world_model_and_nothing_usable(task: Task) -> None:
    c = codes(3)
    step = Step(task, [(code, None) for code in c], code_model=BuiltinCodeModel())
    step.ctx.predict_many = None
    step.outcomes = {
        c[0]: outcome(None, "KeyError"),
        c[1]: outcome(0.7, submission=False),
        c[2]: outcome(None, "ValueError"),
    }
    selection = step.propose("bon-real")
    assert step.batches == [] and all(x.prediction is None for x in selection.candidates)
    assert selection.chosen_index == 1  # the judge: no usable run, but one printed a score
    step.ctx.run = None
    with pytest.raises(ConfigError, match="bon-real"):
        step.propose("bon-real")


@pytest.mark.parametrize("stage", ["draft", "improve"])
def test_builtin_draws_of_one_step_differ_so_choice_matters(tmp_path: Path, stage: str) -> None:
    from mleworld.agent.policies.pool import draw
    from mleworld.codegen.builtin.examples import make_example_task
    from mleworld.codegen.builtin.spec import extract_spec

    binary = make_example_task("binary", tmp_path / "binary", rows=120)
    model = BuiltinCodeModel(seed=0)
    parent = model.generate(CodeRequest("draft", "", task=binary, seed=1)).code
    distinct = []
    for seed in range(5):
        step = Step(binary, [])
        step.ctx.num_candidates = 4
        step.ctx.request = CodeRequest(
            stage, "", task=binary, seed=seed, parent_code=parent if stage == "improve" else None
        )
        step.ctx.generate = lambda r: Candidate(plan="", code=model.generate(r).code)
        specs = []
        for candidate in draw(step.ctx):
            spec = extract_spec(candidate.code)
            assert spec is not None
            data = spec.to_dict()
            data.pop("style")  # what the program does, not how it is written
            specs.append(repr(sorted(data.items())))
        distinct.append(len(set(specs)))
    assert sum(distinct) / len(distinct) >= 3, distinct  # of 4 draws, on average
