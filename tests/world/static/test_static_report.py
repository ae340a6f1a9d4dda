"""The public API: findings, ordering by execution, first_fatal, to_dict, signals, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mleworld.errors import MleWorldError
from mleworld.world.static import DETECTORS, Finding, StaticReport, analyze


def test_a_clean_program_has_no_findings_and_writes_its_submission(data_dir: Path) -> None:
    program = (
        "import pandas as pd\nsub = pd.read_csv('./input/sample_submission.csv')\n"
        "sub.to_csv('./submission/submission.csv', index=False)\n"
    )
    report = analyze(program, data_dir)
    assert isinstance(report, StaticReport)
    assert report.findings == [] and report.first_fatal is None
    assert report.writes_submission is True


def test_findings_are_sorted_by_line_but_first_fatal_follows_execution(data_dir: Path) -> None:
    program = (
        "import pandas as pd\n"  # 1
        "\n"
        "def features(df):\n"  # 3
        "    return df['pricez']\n"  # 4: runs only when called, on line 9
        "\n"
        "train = pd.read_csv('./input/train.csv')\n"  # 6
        "x = undefined_first\n"  # 7: runs before the call
        "\n"
        "features(train)\n"  # 9
    )
    report = analyze(program, data_dir)
    assert [f.line for f in report.findings if f.fatal] == [4, 7]
    first = report.first_fatal
    assert first is not None and first.exc_type == "NameError" and first.line == 7
    key_error = report.findings[0]
    assert key_error.exc_type == "KeyError" and key_error.reached_at == 9


def test_a_function_called_early_fails_before_later_module_code(data_dir: Path) -> None:
    program = (
        "import pandas as pd\n\ndef load():\n    return pd.read_csv('./input/trian.csv')\n\n"
        "df = load()\nprint(not_defined)\n"
    )
    first = analyze(program, data_dir).first_fatal
    assert first is not None and first.exc_type == "FileNotFoundError" and first.line == 4


def test_hints_below_the_fatal_threshold_are_never_first_fatal() -> None:
    program = "def never_used():\n    return helper_that_does_not_exist()\n\nprint('ok')\n"
    report = analyze(program)
    assert len(report.findings) == 2  # the dead function's name, and the missing submission
    hint = next(f for f in report.findings if f.detector == "names")
    assert hint.confidence < 0.5 and hint.reached_at is None
    assert report.first_fatal is None


def test_to_dict_is_plain_json(data_dir: Path) -> None:
    report = analyze("import pandas as pd\ndf = pd.read_csv('./input/x.csv')\n", data_dir)
    data = json.loads(json.dumps(report.to_dict()))
    assert set(data) == {"findings", "writes_submission", "signals", "first_fatal", "failure"}
    assert data["failure"] is None
    assert data["first_fatal"]["exc_type"] == "FileNotFoundError"
    finding = data["findings"][0]
    assert set(finding) >= {
        "exc_type",
        "message",
        "line",
        "detector",
        "evidence",
        "confidence",
        "fatal",
    }
    assert Finding(**finding) == report.findings[0]


def test_signals_have_one_count_and_max_confidence_per_detector(data_dir: Path) -> None:
    report = analyze("import numpy as np\nx = np.arrray([1])\ny = np.zerros(2)\n", data_dir)
    signals = report.signals
    for detector in DETECTORS:
        assert isinstance(signals[f"{detector}_count"], float)
        assert 0.0 <= signals[f"{detector}_max_conf"] <= 1.0
    assert signals["module_attrs_count"] == 2.0
    assert signals["n_lines"] == 3.0 and signals["n_imports"] == 1.0 and signals["syntax_ok"] == 1.0
    assert signals["writes_submission"] == 0.0


def test_a_syntax_error_skips_every_other_detector() -> None:
    program = "print(undefined_name)\nimport not_a_module_anywhere\ndef broken(:\n    pass\n"
    report = analyze(program)
    assert [f.detector for f in report.findings] == ["syntax"]
    finding = report.findings[0]
    assert finding.exc_type == "SyntaxError" and finding.line == 3 and finding.confidence == 1.0
    assert report.writes_submission is False
    assert report.signals["syntax_ok"] == 0.0 and report.signals["names_count"] == 0.0


def test_bad_input_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(MleWorldError, match="is not a directory"):
        analyze("print(1)", tmp_path / "missing")
    with pytest.raises(MleWorldError, match="must be text"):
        analyze(b"print(1)")  # type: ignore[arg-type]


SUBMIT = "sub = pd.read_csv('./input/sample_submission.csv')\nsub.to_csv('./submission/submission.csv', index=False)\n"
LATE_CRASH = "open('./reports/summary.json', 'w').write('{}')\n"  # a folder never created


@pytest.mark.parametrize(
    ("body", "leaves"),
    [
        (SUBMIT + LATE_CRASH, True),  # written, then the crash: the file stays
        (LATE_CRASH + SUBMIT, False),  # the crash comes first: nothing is written
        (
            "import random\nif random.random() > 2:\n    pass\nelse:\n"
            + "".join("    " + line + "\n" for line in SUBMIT.splitlines())
            + LATE_CRASH,
            False,
        ),  # a write in a branch analysis cannot decide: not sure
    ],
)
def test_a_crash_after_the_submission_is_written_leaves_it(
    data_dir: Path, tmp_path: Path, body: str, leaves: bool
) -> None:
    import subprocess
    import sys

    program = "import pandas as pd\n" + body
    report = analyze(program, data_dir)
    first = report.first_fatal
    assert first is not None and first.exc_type == "FileNotFoundError"
    assert report.leaves_submission(first) is leaves
    if leaves or "random" not in program:  # the real run agrees
        (tmp_path / "input").symlink_to(data_dir)
        (tmp_path / "submission").mkdir()
        (tmp_path / "runfile.py").write_text(program)
        run = subprocess.run(
            [sys.executable, "runfile.py"], cwd=tmp_path, capture_output=True, text=True
        )
        assert "FileNotFoundError" in run.stderr
        assert (tmp_path / "submission" / "submission.csv").exists() is leaves


def test_a_failing_step_of_the_analysis_keeps_what_was_found_and_says_so(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A prediction must not fail on any program: a defect of the analysis itself stops the
    walk where it happens, the findings before it stay, and the report names the error."""
    from mleworld.world.static import walker

    program = (
        "import pandas as pd\n"
        "df = pd.read_csv('./input/train.csv')\n"
        "print(df['no_such_column'])\n"
        "for i in range(3):\n"
        "    print(i)\n"
    )
    assert analyze(program, data_dir).failure is None

    def broken(self: object, node: object) -> None:
        raise ValueError("a bug in the analysis")

    monkeypatch.setattr(walker.Walker, "stmt_For", broken)
    monkeypatch.setattr(walker, "_STMT_HANDLERS", {})
    report = analyze(program, data_dir)
    assert report.failure == "ValueError: a bug in the analysis"
    assert report.first_fatal is not None and report.first_fatal.exc_type == "KeyError"
