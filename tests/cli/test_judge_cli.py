"""`mleworld judge` end to end through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_runner import run_cli


@pytest.fixture
def outputs(tmp_path: Path) -> tuple[Path, Path, Path]:
    predicted = tmp_path / "predicted.txt"
    predicted.write_text("Loading data...\nValidation AUC: 0.900\nSubmission saved\n")
    observed = tmp_path / "observed.txt"
    observed.write_text("Loading data...\nValidation AUC: 0.890\nSubmission saved\n")
    crashed = tmp_path / "crashed.txt"
    crashed.write_text(
        "Traceback (most recent call last):\n"
        '  File "/tmp/tmpq1/runfile.py", line 3, in <module>\n'
        "    y = train['target']\n"
        "KeyError: 'target'\n"
    )
    return predicted, observed, crashed


def test_judge_prints_match_and_reason(outputs, capsys) -> None:
    predicted, observed, _ = outputs
    code, out, err = run_cli(
        ["judge", "--predicted", str(predicted), "--observed", str(observed)], capsys
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "match: yes"
    assert lines[1].startswith("branch 4b: headline auc 0.9 vs 0.89, gap 1.11%")


def test_judge_json_for_a_mismatch_still_exits_zero(outputs, capsys) -> None:
    predicted, _, crashed = outputs
    code, out, err = run_cli(
        ["judge", "--predicted", str(predicted), "--observed", str(crashed), "--json"], capsys
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["match"] is False
    assert data["branch"] == "1"
    assert data["classes"] == "none vs KeyError"
    assert data["states"] == "clean vs fatal"


def test_missing_file_is_a_one_line_error(outputs, tmp_path, capsys) -> None:
    _, observed, _ = outputs
    absent = tmp_path / "nope.txt"
    code, out, err = run_cli(
        ["judge", "--predicted", str(absent), "--observed", str(observed)], capsys
    )
    assert code == 2
    assert out == ""
    assert err == f"error: --predicted {absent}: no such file; pass the path of a text file\n"


def test_directory_is_rejected(outputs, tmp_path, capsys) -> None:
    predicted, _, _ = outputs
    code, _, err = run_cli(
        ["judge", "--predicted", str(predicted), "--observed", str(tmp_path)], capsys
    )
    assert code == 2
    assert err.count("\n") == 1 and "is not a file" in err


def test_judge_with_a_scripted_model(outputs, tmp_path, capsys) -> None:
    predicted, observed, _ = outputs
    answer = {
        "kinds": "log vs log",
        "predicted_error": "none",
        "ground_truth_error": "none",
        "classes": "none vs none",
        "predicted_result": "Validation AUC: 0.900",
        "ground_truth_result": "Validation AUC: 0.890",
        "states": "clean vs clean",
        "size_pairs": [],
        "predicted_core": "none",
        "ground_truth_core": "none",
        "debug_match": None,
        "missing_critical": [],
        "contradictions": [],
        "reason": "rule 4b: AUC gap 1.1%",
        "match": True,
    }
    responses = tmp_path / "answers.json"
    responses.write_text(json.dumps([json.dumps(answer)]))
    code, out, err = run_cli(
        [
            "judge",
            "--predicted",
            str(predicted),
            "--observed",
            str(observed),
            "--model",
            f"scripted:{responses}",
            "--json",
        ],
        capsys,
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["branch"] == "llm"
    assert data["reason"] == "rule 4b: AUC gap 1.1%"
    assert data["match"] is True


def test_unknown_model_spec_is_a_one_line_error(outputs, capsys) -> None:
    predicted, observed, _ = outputs
    code, _, err = run_cli(
        ["judge", "--predicted", str(predicted), "--observed", str(observed), "--model", "nope"],
        capsys,
    )
    assert code == 2
    assert err.startswith("error: unknown code model 'nope'") and err.count("\n") == 1
