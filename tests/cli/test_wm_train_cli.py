"""`mleworld wm train`: trains the fast model from a corpus directory; bad input exits 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mleworld.cli import main
from mleworld.corpus.store import Corpus, read_jsonl

FIXTURE = Path(__file__).parents[1] / "world" / "fast" / "fixtures" / "dev_records.jsonl.gz"


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    records = [r for r in read_jsonl(FIXTURE) if r.run_id in ("hpc-jobs-0.5", "credit-risk-0.5")]
    corpus = Corpus.create(tmp_path_factory.mktemp("cli") / "corpus")
    corpus.append(records)
    return corpus.path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = 0
    try:
        main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_wm_train_writes_a_model_the_registry_loads(
    corpus_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "model"
    argv = ["wm", "train", "--backend", "fast", "--corpus", str(corpus_dir), "--out", str(out)]
    code, stdout, stderr = _run([*argv, "--no-task-data", "--json"], capsys)
    assert code == 0, stderr
    report = json.loads(stdout)
    assert report["out"] == str(out) and report["records"] == 40
    assert (out / "model.json").is_file()

    from mleworld.world.inputs import query_for_program
    from mleworld.world.registry import get_world_model

    model = get_world_model(f"fast:{out}")
    prediction = model.predict_batch([query_for_program("x = (\n", time_limit_s=60)])[0]
    assert prediction.exc_type == "SyntaxError"

    code, stdout, _ = _run([*argv, "--no-task-data"], capsys)
    assert code == 0
    assert stdout.startswith("trained fast world model on 40 records of 2 tasks")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--corpus", "/no/such/corpus"], "corpus /no/such/corpus does not exist"),
        (["--backend", "gpt"], "--backend 'gpt' cannot be trained"),
        (["--split", "dev"], "--split 'dev' is not train or all"),
    ],
)
def test_wm_train_rejects_bad_input_with_one_line_and_exit_2(
    corpus_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    message: str,
) -> None:
    argv = [
        "wm",
        "train",
        "--corpus",
        str(corpus_dir),
        "--out",
        str(tmp_path / "m"),
        "--no-task-data",
        *extra,
    ]
    code, stdout, stderr = _run(argv, capsys)
    assert code == 2
    assert stderr.startswith("error: ") and message in stderr
    assert stderr.count("\n") == 1 and "Traceback" not in stderr
    assert not (tmp_path / "m").exists()
