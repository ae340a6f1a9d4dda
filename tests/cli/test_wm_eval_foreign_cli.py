"""`mleworld wm eval --holdout PATH` on a program set: one half scored, its own tasks' data read."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from cli_runner import run_cli
from mleworld.cli import wm_eval_cmd
from mleworld.corpus.foreign import open_program_set, stratified_halves, write_program_set
from mleworld.world.prediction import Prediction, Query

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
from test_foreign import by_class, tiny_records, tiny_task  # noqa: E402


class InputReader:
    """Reads the CSV each query's ./input/ holds and predicts a clean run for a readable one."""

    name = "reader"

    def __init__(self) -> None:
        self.folders: list[Path | None] = []

    def predict_batch(self, queries: Sequence[Query]) -> list[Prediction]:
        out = []
        for query in queries:
            self.folders.append(query.data_dir)
            readable = query.data_dir is not None and (query.data_dir / "train.csv").is_file()
            out.append(
                Prediction(
                    exc_type="None" if readable else "FileNotFoundError",
                    exc_probs={"None": 0.7, "KeyError": 0.3},
                    term_out="Validation accuracy: 0.750\n" if readable else "",
                    submission=False,
                )
            )
        return out

    def observe(self, record: object) -> None:
        raise AssertionError("evaluation must not show a model the programs it scores")


@pytest.fixture
def tiny_set(tmp_path: Path) -> Path:
    records = [r for r in tiny_records() if r.task_id == "tiny-task"]
    out = tmp_path / "set"
    write_program_set(
        records,
        stratified_halves(records, seed=1, key=by_class),
        out,
        tasks={"tiny-task": tiny_task(tmp_path / "tasks")},
    )
    return out


@pytest.mark.parametrize("half", ["dev", "test", "all"])
def test_one_half_of_a_program_set_is_scored_on_its_own_data(
    half: str, tiny_set: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    model = InputReader()
    monkeypatch.setattr(wm_eval_cmd, "load_model", lambda name, corpus, tasks=None: model)
    out = tmp_path / "out"
    args = ["wm", "eval", "--world-model", "reader", "--holdout", str(tiny_set), "--out", str(out)]
    args += ["--resamples", "50", "--json"]
    if half != "test":
        args += ["--split", half]
    code, stdout, err = run_cli(args, capsys)
    assert code == 0, err
    data = json.loads(stdout)
    programs = open_program_set(tiny_set)
    scored = programs.half(half)
    assert data["holdout"]["programs"] == len(scored)
    assert f"{half} half" in data["holdout"]["source"]
    # Every query read the shipped task's real public/ folder.
    assert model.folders and all(
        f == programs.task_dirs()["tiny-task"] / "public" for f in model.folders
    )
    clean = sum(r.y.exc_type == "None" for r in scored)
    assert data["models"]["reader"]["exception_class"]["accuracy"] == pytest.approx(
        clean / len(scored)
    )
    assert (out / "report.md").is_file()


def test_split_on_a_corpus_and_an_unknown_half_are_clear_errors(
    tiny_set: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    monkeypatch.setattr(wm_eval_cmd, "load_model", lambda name, corpus, tasks=None: InputReader())
    base = ["wm", "eval", "--world-model", "reader", "--out", str(tmp_path / "o")]
    code, _, err = run_cli([*base, "--holdout", str(tiny_set), "--split", "holdout"], capsys)
    assert code == 2 and "no half 'holdout'" in err and "Traceback" not in err
    corpus_dir = tmp_path / "corpus"
    from mleworld.corpus.store import Corpus

    Corpus.create(corpus_dir)
    code, _, err = run_cli([*base, "--holdout", str(corpus_dir), "--split", "dev"], capsys)
    assert code == 2 and "applies to a program set" in err
