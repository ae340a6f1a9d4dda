"""BuiltinCodeModel without running programs: protocol, determinism, stages, defects, complete()."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from mleworld.codegen.base import CodeModel, CodeRequest
from mleworld.codegen.builtin import BuiltinCodeModel
from mleworld.codegen.builtin.defects import WEIGHTS
from mleworld.codegen.builtin.examples import make_example_task
from mleworld.codegen.builtin.improve import propose_change
from mleworld.codegen.builtin.profile import profile_task
from mleworld.codegen.builtin.spec import SPEC_PREFIX, extract_spec, spec_diff
from mleworld.errors import ConfigError, MleWorldError
from mleworld.tasks.task import Task


@pytest.fixture(scope="module")
def task(tmp_path_factory: pytest.TempPathFactory) -> Task:
    return make_example_task("binary", tmp_path_factory.mktemp("binary"), rows=120, seed=4)


def draft(model: BuiltinCodeModel, task: Task, seed: int) -> str:
    return model.generate(CodeRequest("draft", "", task=task, seed=seed)).code


def test_implements_the_code_model_protocol() -> None:
    model = BuiltinCodeModel()
    assert isinstance(model, CodeModel)
    assert model.name == "builtin"


def test_same_request_gives_the_same_program_and_seeds_differ(task: Task) -> None:
    a, b = BuiltinCodeModel(seed=1), BuiltinCodeModel(seed=1)
    first = a.generate(CodeRequest("draft", "", task=task, seed=7))
    again = b.generate(CodeRequest("draft", "", task=task, seed=7))
    assert (first.plan, first.code) == (again.plan, again.code)
    assert draft(a, task, 8) != first.code
    assert draft(BuiltinCodeModel(seed=2), task, 7) != first.code
    child = a.generate(CodeRequest("improve", "", task=task, parent_code=first.code, seed=3))
    assert (
        child.code
        == b.generate(CodeRequest("improve", "", task=task, parent_code=first.code, seed=3)).code
    )


def test_programs_compile_and_carry_their_spec(task: Task) -> None:
    model = BuiltinCodeModel(seed=0)
    for seed in range(12):
        code = draft(model, task, seed)
        ast.parse(code)
        assert code.startswith(SPEC_PREFIX)
        assert extract_spec(code) is not None
        assert "./input" in code or 'Path("./input")' in code or '"./input' in code
        assert "submission" in code


def test_bad_arguments_get_clear_errors(task: Task) -> None:
    with pytest.raises(ConfigError, match="defect_rate"):
        BuiltinCodeModel(defect_rate=1.5)
    with pytest.raises(MleWorldError, match="task"):
        BuiltinCodeModel().generate(CodeRequest("draft", ""))
    with pytest.raises(MleWorldError, match="stage"):
        BuiltinCodeModel().generate(CodeRequest("polish", "", task=task))


def test_defect_rate_one_marks_every_program_and_the_plan_stays_silent(task: Task) -> None:
    model = BuiltinCodeModel(seed=0, defect_rate=1.0)
    kinds = set()
    for seed in range(30):
        gen = model.generate(CodeRequest("draft", "", task=task, seed=seed))
        defect = gen.meta["defect"]
        assert defect is not None and defect["kind"] in WEIGHTS
        kinds.add(defect["kind"])
        assert defect["detail"] not in gen.plan
        for word in ("defect", "bug", "typo", "wrong", "missing import", "time out"):
            assert word not in gen.plan.lower()
        compiles = True
        try:
            ast.parse(gen.code)
        except SyntaxError:
            compiles = False
        assert compiles == (defect["kind"] != "syntax")
    assert len(kinds) >= 6
    clean = BuiltinCodeModel(seed=0, defect_rate=0.0)
    assert all(
        clean.generate(CodeRequest("draft", "", task=task, seed=s)).meta["defect"] is None
        for s in range(10)
    )


def test_defect_kinds_limit_what_is_injected_and_unknown_kinds_are_refused(task: Task) -> None:
    asked = ["missing_folder", "bad_param"]
    model = BuiltinCodeModel(seed=0, defect_rate=1.0, defect_kinds=asked)
    kinds = {
        (model.generate(CodeRequest("draft", "", task=task, seed=s)).meta["defect"] or {}).get(
            "kind"
        )
        for s in range(12)
    }
    assert kinds <= {*asked, None} and kinds & set(asked)
    with pytest.raises(ConfigError, match="unknown defect kind.*wrong_colum.*choose among"):
        BuiltinCodeModel(defect_kinds=["wrong_colum"])
    with pytest.raises(ConfigError, match="unknown defect kind"):
        BuiltinCodeModel(defect_kinds=[])


def test_defect_rate_is_roughly_respected(task: Task) -> None:
    model = BuiltinCodeModel(seed=9, defect_rate=0.3)
    marked = sum(
        model.generate(CodeRequest("draft", "", task=task, seed=s)).meta["defect"] is not None
        for s in range(60)
    )
    assert 8 <= marked <= 30


def test_improvement_changes_exactly_one_field_for_hyperparameters(task: Task) -> None:
    profile = profile_task(task)
    model = BuiltinCodeModel(seed=0)
    kinds = set()
    allowed = {
        "hyperparameter": {"params", "text"},
        "feature": {
            "features",
            "date_features",
            "high_card",
            "num_impute",
            "cat_encoding",
            "log_target",
            "scale",
        },
        "model": {"family", "params", "cat_encoding", "scale"},
        "ensemble": {"ensemble", "cat_encoding", "scale"},
        "validation": {"validation", "n_splits", "final_fit"},
    }
    for seed in range(40):
        parent = extract_spec(draft(model, task, seed))
        assert parent is not None
        change = propose_change(parent, profile, random.Random(seed))
        kinds.add(change.kind)
        changed = spec_diff(parent, change.spec)
        assert changed, change.plan
        assert not any(p.startswith("style") for p in changed)
        assert {p.split(".")[0] for p in changed} <= allowed[change.kind], (change.kind, changed)
        if change.kind == "hyperparameter":
            assert len(changed) == 1, changed
        assert change.plan.endswith(".") and change.plan.count(". ") == 0
    assert kinds == set(allowed)


def test_improve_edits_one_literal_of_a_program_without_a_spec(task: Task) -> None:
    foreign = (
        "import pandas as pd\n"
        "from sklearn.ensemble import RandomForestClassifier\n"
        "model = RandomForestClassifier(n_estimators=100, max_depth=6)\n"
    )
    gen = BuiltinCodeModel().generate(CodeRequest("improve", "", task=task, parent_code=foreign))
    old_lines, new_lines = foreign.splitlines(), gen.code.splitlines()
    assert len(old_lines) == len(new_lines)
    changed = [(a, b) for a, b in zip(old_lines, new_lines, strict=True) if a != b]
    assert len(changed) == 1 and "RandomForestClassifier(" in changed[0][1]
    assert gen.plan.startswith("Change ")


def test_debug_of_an_unrepairable_foreign_program_rewrites_it(task: Task) -> None:
    foreign = "import torch\nprint('hello')\n"
    out = "Traceback (most recent call last):\n  File \"runfile.py\", line 1, in <module>\nModuleNotFoundError: No module named 'torch'\n"
    gen = BuiltinCodeModel().generate(
        CodeRequest(
            "debug",
            "",
            task=task,
            parent_code=foreign,
            parent_output=out,
            parent_exc_type="ModuleNotFoundError",
        )
    )
    assert gen.meta["repair"] == "rewrite"
    assert "torch" not in gen.code and extract_spec(gen.code) is not None


def test_debug_swaps_a_missing_boosting_library_for_lightgbm(task: Task) -> None:
    foreign = "from xgboost import XGBClassifier\nmodel = XGBClassifier(n_estimators=10)\n"
    out = "Traceback (most recent call last):\n  File \"runfile.py\", line 1, in <module>\nModuleNotFoundError: No module named 'xgboost'\n"
    gen = BuiltinCodeModel().generate(
        CodeRequest(
            "debug",
            "",
            task=task,
            parent_code=foreign,
            parent_output=out,
            parent_exc_type="ModuleNotFoundError",
        )
    )
    assert gen.code.startswith("from lightgbm import LGBMClassifier as XGBClassifier")
    assert gen.meta["precise"] is True


def test_fuse_blends_the_parent_with_another_programs_model(task: Task) -> None:
    model = BuiltinCodeModel(seed=0)
    programs = [draft(model, task, s) for s in range(20)]
    specs = [extract_spec(p) for p in programs]
    a = next(i for i, s in enumerate(specs) if s and s.family != "nb" and not s.ensemble)
    b = next(i for i, s in enumerate(specs) if s and s.family not in (specs[a].family, "nb"))  # type: ignore[union-attr]
    gen = model.generate(
        CodeRequest(
            "fuse", "", task=task, parent_code=programs[a], extra={"programs": [programs[b]]}
        )
    )
    fused = extract_spec(gen.code)
    assert fused is not None and fused.ensemble is not None
    assert fused.family == specs[a].family and fused.ensemble["family"] == specs[b].family  # type: ignore[union-attr]


def test_complete_reports_what_it_can_parse_and_no_verdicts() -> None:
    model = BuiltinCodeModel()
    crash = (
        "Train shape: (10, 3)\nTraceback (most recent call last):\n"
        '  File "runfile.py", line 9, in <module>\n    y = train["targt"]\n'
        "KeyError: 'targt'\n"
    )
    answer = json.loads(
        model.complete("Review the run. Respond with is_bug, summary, metric.", crash)
    )
    assert answer["is_bug"] is True and answer["exception"] == "KeyError"
    assert answer["metric"] is None and "KeyError" in answer["summary"]
    ok = "Fold 1: AUC = 0.90\nCV AUC: 0.9123\nSaved submission with shape (100, 2)\n"
    answer = json.loads(model.complete('Metric is auc. Return {"match": bool}', ok))
    assert answer["is_bug"] is False and answer["metric"] == pytest.approx(0.9123)
    assert answer["lower_is_better"] is False and answer["has_csv_submission"] is True
    assert "match" in answer and answer["match"] is None
    assert "cannot judge" in answer["note"]
    assert model.complete("a", ok) == model.complete("a", ok)


def test_revise_routes_to_debug_or_improve(task: Task, tmp_path: Path) -> None:
    model = BuiltinCodeModel(seed=0)
    parent = draft(model, task, 1)
    improved = model.generate(
        CodeRequest("revise", "", task=task, parent_code=parent, parent_exc_type="None")
    )
    assert "change" in improved.meta
    broken = parent.replace("import pandas as pd\n", "")
    out = "Traceback (most recent call last):\n  File \"runfile.py\", line 20, in <module>\nNameError: name 'pd' is not defined\n"
    fixed = model.generate(
        CodeRequest(
            "revise",
            "",
            task=task,
            parent_code=broken,
            parent_output=out,
            parent_exc_type="NameError",
        )
    )
    assert fixed.meta["repair"] == "import" and "import pandas as pd" in fixed.code


def test_debug_adds_the_missing_write_to_a_foreign_program(task: Task) -> None:
    foreign = (
        "import pandas as pd\n"
        "test = pd.read_csv('./input/test.csv')\n"
        "submission = pd.DataFrame({'row_id': test['row_id'], 'churn': 0.5})\n"
        "print('done')\n"
    )
    gen = BuiltinCodeModel().generate(
        CodeRequest(
            "debug",
            "",
            task=task,
            parent_code=foreign,
            parent_output="done\n",
            parent_exc_type="None",
        )
    )
    assert gen.meta["repair"] == "submission" and gen.meta["precise"] is True
    lines = gen.code.splitlines()
    write = lines.index('submission.to_csv("./submission/submission.csv", index=False)')
    assert lines[write - 1] == 'os.makedirs("./submission", exist_ok=True)'
    assert "import os" in lines and lines[write + 1] == "print('done')"
