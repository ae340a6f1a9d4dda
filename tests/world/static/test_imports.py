"""Imports: what cannot be resolved, and which modules analysis may load to look inside."""

from __future__ import annotations

import sys
import uuid
from pathlib import Path

import pytest

from mleworld.world.static import analyze


@pytest.mark.parametrize(
    "program",
    [
        "import numpy\nimport os.path\nfrom os import path\n",
        "from sklearn import metrics, model_selection\nprint(metrics.accuracy_score)\n",
        "try:\n    import xgboostt\nexcept ImportError:\n    xgboostt = None\n",
        "try:\n    from sklearn.ensemble import NotAThing\nexcept ImportError:\n    NotAThing = None\n",
        "import importlib\nif False:\n    import nowhere_module\n",
        "from __future__ import annotations\nimport json\n",
    ],
)
def test_resolvable_or_guarded_imports_are_not_reported(program: str) -> None:
    assert [f for f in analyze(program).findings if f.fatal] == []


def test_an_import_inside_a_called_function_is_reported_where_it_runs() -> None:
    program = "def load():\n    import catboostt\n    return catboostt\n\nload()\n"
    finding = analyze(program).first_fatal
    assert finding is not None
    assert finding.message == "ModuleNotFoundError: No module named 'catboostt'"
    assert finding.line == 2 and finding.reached_at == 5


def test_modules_with_import_effects_are_never_imported() -> None:
    sys.modules.pop("antigravity", None)
    assert analyze("import antigravity\n").findings[0].detector == "submission"
    assert "antigravity" not in sys.modules


@pytest.fixture
def probe_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    """An installed package analysis must not import: importing it writes a marker file."""
    name = f"mlw_probe_{uuid.uuid4().hex[:8]}"
    package = tmp_path / "site" / name
    package.mkdir(parents=True)
    marker = tmp_path / "imported"
    (package / "__init__.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    (package / "real_sub.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    return name, marker


def test_other_packages_are_checked_for_existence_only(probe_package: tuple[str, Path]) -> None:
    name, marker = probe_package
    program = (
        f"import {name}\nimport {name}.real_sub\nfrom {name} import anything\n"
        f"print({name}.no_such_attribute)\n"
    )
    assert [f for f in analyze(program).findings if f.fatal] == []
    missing = analyze(f"import {name}.missing_sub\n").first_fatal
    assert missing is not None
    assert missing.message == f"ModuleNotFoundError: No module named '{name}.missing_sub'"
    assert not marker.exists()


def test_a_module_the_program_writes_itself_is_not_reported() -> None:
    program = "with open('helpers_mlw.py', 'w') as fh:\n    fh.write('X = 1')\nimport helpers_mlw\n"
    assert [f for f in analyze(program).findings if f.detector == "imports"] == []


def test_a_program_that_extends_sys_path_gets_only_a_hint() -> None:
    program = "import sys\nsys.path.append('./input/lib')\nimport helpers_mlw_elsewhere\n"
    finding = next(f for f in analyze(program).findings if f.detector == "imports")
    assert finding.confidence < 0.5
