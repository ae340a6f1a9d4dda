"""`mleworld wm eval` end to end through the real entry point, on a real corpus with a holdout."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cli_runner import run_cli
from mleworld.cli import wm_eval_cmd
from mleworld.corpus.store import Corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evaluation"))
from evalkit import ConstantModel, OracleModel, build_holdout  # noqa: E402


@pytest.fixture
def corpus_dir(tmp_path: Path) -> tuple[Path, list]:
    held, parents = build_holdout(30)
    # Training records: more executions of the same tasks, so baselines have something to copy.
    train, _ = build_holdout(90)
    train = [r for r in train if r.x.program not in {h.x.program for h in held}]
    for r in train:
        r.run_id = "train-" + r.run_id
    path = tmp_path / "corpus"
    corpus = Corpus.create(path)
    corpus.append([*train, *parents, *held])
    holdout: dict[str, list[str]] = {}
    for r in held:
        holdout.setdefault(r.task_id, []).append(r.id)
    corpus.set_holdout(holdout)
    return path, held


def test_eval_writes_report_results_and_plots(corpus_dir, tmp_path, capsys, monkeypatch) -> None:
    path, held = corpus_dir
    models = {"oracle": OracleModel(held), "constant": ConstantModel()}
    monkeypatch.setattr(wm_eval_cmd, "load_model", lambda name, corpus, tasks=None: models[name])
    out = tmp_path / "out"
    code, stdout, err = run_cli(
        [
            "wm",
            "eval",
            "--world-model",
            "oracle",
            "--holdout",
            str(path),
            "--out",
            str(out),
            "--resamples",
            "200",
        ],
        capsys,
    )
    assert code == 0, err
    assert "30 held-out programs" in stdout
    oracle_line = next(line for line in stdout.splitlines() if line.startswith("oracle"))
    assert "100.0±0.0" in oracle_line
    assert (out / "report.md").is_file() and (out / "results.json").is_file()
    assert len(list((out / "plots").glob("*.png"))) >= 3
    data = json.loads((out / "results.json").read_text())
    assert data["holdout"]["programs"] == 30
    assert data["holdout"]["source"] == str(path)
    assert data["holdout"]["parents_found"] == data["holdout"]["with_parent_id"] > 0
    # The p_max quintile table is printed for each model with a class distribution.
    assert "oracle: accuracy % by p_max quintile (ECE" in stdout
    quintile_rows = [line for line in stdout.splitlines() if line.startswith(("Q1 ", "Q5 "))]
    assert quintile_rows and all("100.0" in line for line in quintile_rows[:2])


def test_eval_json_and_limit(corpus_dir, tmp_path, capsys, monkeypatch) -> None:
    path, held = corpus_dir
    monkeypatch.setattr(
        wm_eval_cmd, "load_model", lambda name, corpus, tasks=None: OracleModel(held)
    )
    code, stdout, err = run_cli(
        [
            "wm",
            "eval",
            "--world-model",
            "oracle",
            "--holdout",
            str(path),
            "--out",
            str(tmp_path / "o"),
            "--limit",
            "12",
            "--json",
            "--resamples",
            "50",
        ],
        capsys,
    )
    assert code == 0, err
    data = json.loads(stdout)
    assert data["holdout"]["programs"] == 12
    assert data["models"]["oracle"]["exception_class"] == {"accuracy": 1.0, "se": 0.0, "n": 12}


def test_eval_with_the_registered_corpus_baselines(corpus_dir, tmp_path, capsys) -> None:
    pytest.importorskip("mleworld.world.registry")
    path, _ = corpus_dir
    out = tmp_path / "out"
    code, stdout, err = run_cli(
        [
            "wm",
            "eval",
            "--world-model",
            "baseline:nearest",
            "--baselines",
            "all",
            "--holdout",
            str(path),
            "--out",
            str(out),
            "--resamples",
            "100",
            "--json",
        ],
        capsys,
    )
    assert code == 0, err
    data = json.loads(stdout)
    assert set(data["models"]) == {
        "baseline:majority",
        "baseline:nearest",
        "baseline:parent",
        "baseline:random",
    }
    majority = data["models"]["baseline:majority"]
    assert majority["terminal_output"]["accuracy"] == 0.0  # it writes no output
    for entry in data["models"].values():
        assert 0.0 <= entry["exception_class"]["accuracy"] <= 1.0
        assert entry["latency_ms_p50"] is not None


def test_a_corpus_without_holdout_is_a_clear_error(tmp_path, capsys) -> None:
    held, _ = build_holdout(6)
    corpus = Corpus.create(tmp_path / "c")
    corpus.append(held)
    code, _, err = run_cli(
        [
            "wm",
            "eval",
            "--world-model",
            "fast",
            "--holdout",
            str(tmp_path / "c"),
            "--out",
            str(tmp_path / "o"),
        ],
        capsys,
    )
    assert code == 2
    assert err.startswith("error: ") and "no holdout records" in err
    assert len(err.strip().splitlines()) == 1


def test_a_missing_corpus_is_a_clear_error(tmp_path, capsys) -> None:
    code, _, err = run_cli(
        ["wm", "eval", "--holdout", str(tmp_path / "nope"), "--out", str(tmp_path / "o")], capsys
    )
    assert code == 2 and err.startswith("error: ")
    assert "nope" in err and "Traceback" not in err


def test_an_unknown_baseline_is_a_clear_error(corpus_dir, tmp_path, capsys) -> None:
    path, _ = corpus_dir
    code, _, err = run_cli(
        [
            "wm",
            "eval",
            "--holdout",
            str(path),
            "--out",
            str(tmp_path / "o"),
            "--baselines",
            "majority,oracle",
        ],
        capsys,
    )
    assert code == 2 and "unknown baseline 'oracle'" in err


def test_baseline_names() -> None:
    assert wm_eval_cmd.baseline_names("all") == list(wm_eval_cmd.BASELINES)
    assert wm_eval_cmd.baseline_names(None) == []
    assert wm_eval_cmd.baseline_names("none") == []
    assert wm_eval_cmd.baseline_names("parent, baseline:majority,parent") == [
        "baseline:parent",
        "baseline:majority",
    ]


def test_leave_task_out_refuses_baselines_and_other_models(corpus_dir, tmp_path, capsys) -> None:
    path, _ = corpus_dir
    for extra in (["--baselines", "majority"], ["--world-model", "baseline:nearest"]):
        code, out, err = run_cli(
            ["wm", "eval", "--leave-task-out", "--holdout", str(path), "--out", str(tmp_path)]
            + extra,
            capsys,
        )
        assert code == 2 and err.startswith("error: --leave-task-out"), err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err + out
