"""Stage prompts, the memory summary, and the installed-packages facts they carry."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from mleworld.codegen.packages import (
    failing_imports,
    format_packages,
    imported_modules,
    installed_packages,
    modules_in,
)
from mleworld.codegen.prompts import (
    MEMORY_SEPARATOR,
    build_memory,
    build_prompt,
    human_duration,
    trim_output,
)
from mleworld.errors import ConfigError, MleWorldError, TaskError
from mleworld.tasks.task import Task, load_task

DESCRIPTION = "Predict whether a passenger survived. Rows are passengers; the target is `Survived`."
OVERVIEW = "input/\n  train.csv (891 rows, 12 columns)\n  test.csv (418 rows)"
PACKAGES = {"numpy": "1.26.4", "scikit-learn": "1.5.0"}


@pytest.fixture
def task(tmp_path: Path) -> Task:
    root = tmp_path / "titanic"
    Task(
        path=root,
        id="titanic",
        metric="accuracy",
        id_column="PassengerId",
        target_columns=("Survived",),
        time_limit_s=5400,
    ).save()
    (root / "description.md").write_text(DESCRIPTION + "\n", encoding="utf-8")
    return load_task(root)


@dataclass
class Node:
    plan: str
    metric: float | None
    is_buggy: bool
    stage: str
    exc_type: str | None = None


def test_draft_prompt_has_every_section_in_order(task: Task) -> None:
    prompt = build_prompt("draft", task, OVERVIEW, memory="", packages=PACKAGES)
    headings = [line for line in prompt.splitlines() if line.startswith("#")]
    assert headings == [
        "# Introduction",
        "# Task description",
        "# Instructions",
        "## Response format",
        "## Implementation guideline",
        "## Installed packages",
        "# Data overview",
    ]
    assert "Kaggle grandmaster" in prompt
    assert DESCRIPTION in prompt
    assert OVERVIEW in prompt
    assert "numpy==1.26.4\nscikit-learn==1.5.0" in prompt
    assert "`Validation accuracy: <value>`" in prompt
    assert "higher is better" in prompt
    assert "./submission/submission.csv" in prompt and "sample_submission.csv" in prompt
    assert "columns: PassengerId, Survived" in prompt
    assert "1 hour 30 minutes" in prompt  # the task's 5400 s, in human terms
    assert "./input/" in prompt and "progress bar" in prompt
    assert "ONE ```python block" in prompt


def test_prompts_are_deterministic(task: Task) -> None:
    first = build_prompt("draft", task, OVERVIEW, memory="m", packages=PACKAGES)
    assert first == build_prompt("draft", task, OVERVIEW, memory="m", packages=PACKAGES)


def test_time_limit_override_and_default_packages(task: Task) -> None:
    prompt = build_prompt("draft", task, OVERVIEW, memory="", time_limit_s=600)
    assert "10 minutes" in prompt and "1 hour" not in prompt
    # Default packages are the ones really installed in this environment.
    versions = installed_packages()
    assert "numpy" in versions and "pandas" in versions
    assert f"numpy=={versions['numpy']}" in prompt


def test_improve_prompt_carries_parent_and_asks_for_one_change(task: Task) -> None:
    code = "import pandas as pd\nprint('Validation accuracy: 0.81')"
    prompt = build_prompt(
        "improve",
        task,
        OVERVIEW,
        memory="Design: logistic regression\nResult: validation accuracy = 0.81",
        parent_code=code,
        parent_output="Validation accuracy: 0.81\n",
        packages=PACKAGES,
    )
    assert "# Previous solution" in prompt and "# Memory" in prompt
    assert code in prompt and "Validation accuracy: 0.81" in prompt
    assert "ONE atomic change" in prompt
    assert prompt.index("# Memory") < prompt.index("# Previous solution")


def test_debug_prompt_keeps_the_traceback_tail(task: Task) -> None:
    log = "".join(f"epoch {i} loss {1 / (i + 1):.4f}\n" for i in range(3000))
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "runfile.py", line 12, in <module>\n'
        "KeyError: 'Survived_x'\n"
    )
    prompt = build_prompt(
        "debug",
        task,
        OVERVIEW,
        memory="",
        parent_code="import pandas as pd\nprint(pd.DataFrame()['Survived_x'])",
        parent_output=log + traceback,
        packages=PACKAGES,
        output_budget_chars=2000,
    )
    assert "# Buggy solution" in prompt and "# Introduction" in prompt
    assert traceback.rstrip() in prompt
    assert "epoch 0 loss" in prompt  # a little of the head stays
    assert "epoch 1500 loss" not in prompt  # the middle is cut
    assert "characters cut" in prompt
    output_section = prompt.split("## Its terminal output")[1].split("# Instructions")[0]
    assert len(output_section) < 2200


def test_stage_and_parent_checks(task: Task) -> None:
    with pytest.raises(ConfigError, match="draft, improve, debug"):
        build_prompt("polish", task, OVERVIEW, memory="")
    with pytest.raises(MleWorldError, match="parent_code"):
        build_prompt("debug", task, OVERVIEW, memory="", packages=PACKAGES)


def test_missing_description_is_a_task_error(task: Task) -> None:
    task.description_path.unlink()
    with pytest.raises(TaskError, match="description.md"):
        build_prompt("draft", task, OVERVIEW, memory="", packages=PACKAGES)


def test_parent_code_with_fences_stays_inside_its_block(task: Task) -> None:
    code = 'DOC = """\n```\n"""\nprint(DOC)'
    prompt = build_prompt(
        "improve", task, "", memory="", parent_code=code, parent_output="", packages=PACKAGES
    )
    assert "````python\n" + code + "\n````" in prompt
    assert "(the program printed nothing)" in prompt
    assert "# Data overview" not in prompt  # empty overview: no section


def test_build_memory_lists_metric_or_bug_in_order() -> None:
    nodes = [
        Node("Logistic regression on numeric columns.", 0.78, False, "draft"),
        {
            "plan": "Add one-hot encoded Sex.",
            "metric": None,
            "is_buggy": True,
            "stage": "improve",
            "exc_type": "KeyError",
        },
        Node("LightGBM with default parameters.", 0.83123456, False, "draft"),
    ]
    memory = build_memory(nodes, metric_name="accuracy")
    entries = memory.split(MEMORY_SEPARATOR)
    assert len(entries) == 3
    assert entries[0].startswith("Design (draft): Logistic regression")
    assert "Result: validation accuracy = 0.78" in entries[0]
    assert "Result: buggy (KeyError)" in entries[1]
    assert "0.831235" in entries[2]


def test_build_memory_respects_budget_dropping_oldest_first() -> None:
    nodes = [
        Node(f"Idea number {i}: " + "x" * 150, 0.5 + i / 100, False, "improve") for i in range(40)
    ]
    memory = build_memory(nodes, budget_chars=1500)
    assert len(memory) <= 1500
    assert "Idea number 39" in memory  # newest kept
    assert "Idea number 0:" not in memory  # oldest dropped
    assert "earlier entries omitted" in memory.splitlines()[0]
    kept = [i for i in range(40) if f"Idea number {i}:" in memory]
    assert kept == list(range(kept[0], 40))  # a contiguous newest run


def test_build_prompt_clips_an_oversized_memory_string(task: Task) -> None:
    nodes = [Node(f"Idea {i} " + "y" * 300, 0.1, False, "draft") for i in range(50)]
    memory = build_memory(nodes, budget_chars=100_000)
    prompt = build_prompt(
        "draft", task, OVERVIEW, memory=memory, packages=PACKAGES, memory_budget_chars=2000
    )
    section = prompt.split("# Memory")[1].split("# Instructions")[0]
    assert len(section) < 2300
    assert "Idea 49" in section and "Idea 0 " not in section


def test_build_memory_tiny_budget_keeps_the_newest_result() -> None:
    memory = build_memory([Node("a" * 500, 0.9, False, "draft")], budget_chars=60)
    assert len(memory) == 60
    assert memory.endswith("Result: validation metric = 0.9")


def test_human_duration_and_trim_output() -> None:
    assert human_duration(45) == "45 seconds"
    assert human_duration(60) == "1 minute"
    assert human_duration(3600) == "1 hour"
    assert human_duration(3725) == "1 hour 2 minutes 5 seconds"
    assert trim_output("short", 100) == "short"
    trimmed = trim_output("a" * 500 + "THE END", 200)
    assert trimmed.endswith("THE END") and len(trimmed) <= 200


def test_packages_reports_installed_only_with_versions() -> None:
    found = installed_packages(["numpy", "surely-not-a-real-package-xyz", "pandas"])
    assert list(found) == ["numpy", "pandas"]
    import numpy

    assert found["numpy"] == numpy.__version__
    assert format_packages({"a": "1", "b": "2"}) == "a==1\nb==2"


def test_failing_imports_names_top_level_modules_that_cannot_be_found() -> None:
    code = (
        "from __future__ import annotations\n"
        "import os, numpy as np\n"
        "import definitely_missing_mod.sub\n"
        "from sklearn.linear_model import Ridge\n"
        "from . import local\n"
        "def f():\n    import another_missing_pkg\n"
    )
    assert imported_modules(code) == [
        "os",
        "numpy",
        "definitely_missing_mod",
        "sklearn",
        "another_missing_pkg",
    ]
    assert failing_imports(code) == ["definitely_missing_mod", "another_missing_pkg"]


def test_failing_imports_still_scans_a_program_that_does_not_parse() -> None:
    code = "import pandas as pd\nfrom nonexistent_lib_q import x\nprint(\n"
    assert failing_imports(code) == ["nonexistent_lib_q"]


def test_modules_in_finds_imports_under_every_statement_in_ast_walk_order() -> None:
    code = (
        "def f():\n    import in_function\n"
        "class C:\n    import in_class\n"
        "try:\n    import in_try\nexcept ImportError:\n    import in_except\n"
        "else:\n    import in_else\nfinally:\n    import in_finally\n"
        "with open('x') as fh:\n    from in_with import y\n"
        "match 1:\n    case 1:\n        import in_case\n"
        "import top.level\n"
    )
    walked = [
        n.names[0].name if isinstance(n, ast.Import) else n.module
        for n in ast.walk(ast.parse(code))
        if isinstance(n, ast.Import | ast.ImportFrom)
    ]
    assert modules_in(ast.parse(code)) == [name.split(".")[0] for name in walked]
    assert len(walked) == 9 and walked[0] == "top.level"
