"""The builtin model's fusion: the strongest predicted spec plus the pool's choices, run for real."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mleworld.codegen.base import CodeRequest
from mleworld.codegen.builtin import BuiltinCodeModel
from mleworld.codegen.builtin.drafts import normalize
from mleworld.codegen.builtin.examples import make_example_task
from mleworld.codegen.builtin.fusion import FusionError
from mleworld.codegen.builtin.profile import profile_task
from mleworld.codegen.builtin.render.layout import render
from mleworld.codegen.builtin.spec import ProgramSpec, extract_spec
from mleworld.codegen.selection_prompts import OutcomeFacts, Shown, fusion_request
from mleworld.errors import MleWorldError
from mleworld.tasks.task import Task


@pytest.fixture(scope="module")
def task(tmp_path_factory: pytest.TempPathFactory) -> Task:
    return make_example_task("binary", tmp_path_factory.mktemp("fusion") / "binary", rows=150)


def program(task: Task, **fields: Any) -> str:
    profile = profile_task(task)
    spec = normalize(ProgramSpec(**fields), profile, budget=True)
    return render(spec, profile).code


def facts(metric: float | None, exc: str = "None", p_clean: float = 0.9) -> OutcomeFacts:
    return OutcomeFacts(exc, exc == "None", metric, p_clean, max(p_clean, 1 - p_clean))


def request_for(
    task: Task, pool: list[tuple[str, OutcomeFacts]], lower: bool = False
) -> CodeRequest:
    shown = [Shown(f"plan {i}", code, "", f) for i, (code, f) in enumerate(pool)]
    base = CodeRequest("improve", "the step's prompt", task=task, seed=3)
    return fusion_request(base, shown, lower)


HGB = {"family": "hgb", "params": {"max_iter": 100, "learning_rate": 0.1}}
RF = {"family": "rf", "params": {"n_estimators": 50}}
LINEAR = {"family": "linear", "params": {"C": 1.0}}


def test_fusion_keeps_the_strongest_and_takes_the_others_features_and_model(task: Task) -> None:
    weak = program(task, **LINEAR, features=["missing_count"])
    strong = program(task, **HGB)
    middle = program(task, **RF, features=["log_skewed"], date_features=True)
    pool = [(weak, facts(0.70)), (strong, facts(0.90)), (middle, facts(0.80))]
    gen = BuiltinCodeModel(seed=0).generate(request_for(task, pool))
    fused = extract_spec(gen.code)
    assert fused is not None and fused.family == "hgb"  # the strongest predicted, not the first
    assert {"missing_count", "log_skewed"} <= set(fused.features)
    assert fused.ensemble is not None and fused.ensemble["family"] == "rf"  # the runner-up's model
    assert gen.meta["change"] == "fuse" and gen.meta["fused_from"][0] == 1
    assert "candidate 2's pipeline" in gen.plan


def test_fusion_follows_the_metric_direction(task: Task) -> None:
    a, b = program(task, **HGB), program(task, **RF)
    gen = BuiltinCodeModel().generate(
        request_for(task, [(a, facts(0.3)), (b, facts(0.5))], lower=True)
    )
    assert extract_spec(gen.code).family == "hgb"  # type: ignore[union-attr]
    gen = BuiltinCodeModel().generate(
        request_for(task, [(a, facts(0.3)), (b, facts(0.5))], lower=False)
    )
    assert extract_spec(gen.code).family == "rf"  # type: ignore[union-attr]


def test_a_predicted_crash_donates_nothing(task: Task) -> None:
    strong = program(task, **HGB)
    crashing = program(task, **RF, features=["missing_count"])
    pool = [(strong, facts(0.9)), (crashing, facts(None, exc="KeyError", p_clean=0.2))]
    with pytest.raises(FusionError, match="nothing to fuse"):
        BuiltinCodeModel().generate(request_for(task, pool))


@pytest.mark.parametrize("kind", ["one", "same", "foreign"])
def test_nothing_to_fuse_is_a_model_error(task: Task, kind: str) -> None:
    code = program(task, **HGB)
    pool = {
        "one": [(code, facts(0.9))],
        "same": [(code, facts(0.9)), (code, facts(0.8))],
        "foreign": [("print('hello')\n", facts(0.9)), ("print(2)\n", facts(0.8))],
    }[kind]
    with pytest.raises(MleWorldError, match="nothing to fuse"):
        BuiltinCodeModel().generate(request_for(task, pool))


def test_the_fused_program_runs_and_scores(task: Task, tmp_path: Path) -> None:
    from mleworld.execution.sandbox import execute

    pool = [
        (program(task, **HGB), facts(0.85)),
        (program(task, **LINEAR, features=["missing_count"]), facts(0.8)),
    ]
    gen = BuiltinCodeModel(seed=1).generate(request_for(task, pool))
    outcome = execute(gen.code, task)
    assert outcome.exc_type == "None", outcome.term_out[-2000:]
    assert outcome.submission and outcome.metric is not None and 0.5 < outcome.metric <= 1.0


def test_on_an_improve_step_the_candidates_changes_add_up(task: Task) -> None:
    parent = program(task, **HGB)
    profile = profile_task(task)
    base = extract_spec(parent)
    assert base is not None
    deeper = base.copy(params={**base.params, "max_iter": 200})
    kfold = base.copy(validation="kfold", n_splits=5)
    imputed = base.copy(num_impute="zero")
    pool = [
        (render(deeper, profile).code, facts(0.80)),
        (render(kfold, profile).code, facts(0.85)),
        (render(imputed, profile).code, facts(None, exc="ValueError")),  # predicted to fail
    ]
    request = request_for(task, pool)
    request.parent_code = parent
    gen = BuiltinCodeModel().generate(request)
    fused = extract_spec(gen.code)
    assert fused is not None and fused.validation == "kfold"  # the strongest: K-fold
    assert fused.params["max_iter"] == 200  # the other usable candidate's change on top
    assert fused.num_impute == base.num_impute  # a predicted failure's change is not taken
    assert "max_iter=200" in gen.plan
