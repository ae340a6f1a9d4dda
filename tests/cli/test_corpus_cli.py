"""`mleworld corpus ...` through the real entry point: exit codes, output, --json shapes.

The agent run the commands read is real (a suite task, a scripted code model,
the real sandbox) with three small distinct programs, so it takes seconds.
"""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest

from mleworld.agent import loop
from mleworld.agent.config import build_config
from mleworld.cli import app, corpus_cmd, main
from mleworld.codegen.scripted import ScriptedCodeModel
from mleworld.corpus import default as default_mod
from mleworld.corpus.default import ship_default
from mleworld.corpus.filters import REASONS
from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus
from mleworld.world.format import WorldInput, WorldTarget

TASK = "penguins"
STATS_KEYS = {"total", "by_outcome", "by_exception", "by_task", "by_stage", "holdout_total"}

PROGRAMS = [
    """\
    import csv
    rows = list(csv.DictReader(open("input/train.csv")))
    print("rows:", len(rows))
    print("Validation accuracy: 0.5")
    """,
    """\
    import pandas as pd
    frame = pd.read_csv("input/train.csv")
    print(frame.describe())
    print(frame["no_such_column"].mean())
    """,
    """\
    import json, statistics
    with open("input/train.csv") as handle:
        header = handle.readline().strip().split(",")
        width = [len(line.split(",")) for line in handle]
    print(json.dumps({"columns": header, "median_width": statistics.median(width)}))
    """,
]


def record(program: str, exc: str, out: str, metric: float | None, stage: str) -> Record:
    x = WorldInput(program, {"pandas": "2.2.2"}, [], "3.11.7", "input/train.csv", 20.0)
    return Record(
        TASK,
        x,
        WorldTarget(exc, out, metric, exc == "None"),
        stage=stage,
        run_id="r",
        node_id=program[:8],
        runtime_s=20.0 if exc == "TimeoutError" else 1.0,
        timed_out=exc == "TimeoutError",
    )


def cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    corpus_cmd.register(app)
    with pytest.raises(SystemExit) as info:
        main(argv)
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


def ok_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    code, out, err = cli([*argv, "--json"], capsys)
    assert code == 0, err
    return json.loads(out)


def fails(argv: list[str], capsys: pytest.CaptureFixture[str], *needles: str) -> str:
    code, out, err = cli(argv, capsys)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for needle in needles:
        assert needle in lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    answers = [f"Plan.\n\n```python\n{textwrap.dedent(p)}```\n" for p in PROGRAMS]
    config = build_config(
        {"task": TASK, "seed": 5, "agent": {"steps": 3}, "search": {"num_drafts": 3}}
    )
    path = tmp_path_factory.mktemp("cli") / "runs" / "penguins-scripted"
    loop.start(config, path, code_model=ScriptedCodeModel(answers))
    return path


def test_ingest_then_build_split_stats_and_export(
    run_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = tmp_path / "raw"
    first = ok_json(["corpus", "ingest", str(run_dir), "--out", str(raw)], capsys)
    assert first["added"] == 3 and first["records"] == 3 and first["runs"] == 1
    assert {"nodes", "already_present", "skipped", "corpus"} <= set(first)
    code, out, _ = cli(["corpus", "ingest", str(run_dir.parent), "--out", str(raw)], capsys)
    assert code == 0 and "+0 record(s), 3 already present" in out

    built = tmp_path / "built"
    args = ["corpus", "build", str(run_dir), "--out", str(built), "--per-task", "1"]
    code, out, err = cli(args, capsys)
    assert code == 0, err
    assert "ingested: 3 records" in out and "holdout" in out and "check passed" in out
    assert (built / "stats.md").is_file() and (built / "stats.json").is_file()

    table = ok_json(["corpus", "stats", str(built)], capsys)
    assert set(table) >= STATS_KEYS
    assert table["total"] == 3 and table["holdout_total"] == 1
    assert table["by_outcome"] == {"clean": 2, "crash": 1, "timeout": 0}
    assert table["by_exception"] == {"KeyError": 1} and table["by_task"] == {TASK: 3}
    holdout_only = ok_json(["corpus", "stats", str(built), "--split", "holdout"], capsys)
    assert holdout_only["total"] == 1

    md = tmp_path / "table.md"
    code, out, _ = cli(["corpus", "stats", str(built), "--markdown", str(md)], capsys)
    assert code == 0 and "| All programs | 3 | 100.0 |" in out and md.read_text() == out

    filtered = ok_json(["corpus", "filter", str(raw), "--out", str(tmp_path / "f")], capsys)
    assert filtered["input"] == 3 and set(filtered["dropped"]) == set(REASONS)
    deduped = ok_json(["corpus", "dedup", str(raw), "--out", str(tmp_path / "d")], capsys)
    assert deduped["input"] == 3 and deduped["kept"] == 3 and deduped["level"] == "exact"

    drawn = ok_json(["corpus", "split", str(tmp_path / "d"), "--per-task", "2"], capsys)
    assert drawn["total"] == 2 and drawn["holdout_records"] == 2
    assert drawn["check"] == {"passed": True, "violations": []}
    code, out, _ = cli(["corpus", "split", str(tmp_path / "d"), "--per-task", "1"], capsys)
    assert code == 0 and "holdout check passed" in out
    assert len(Corpus.open(tmp_path / "d").holdout()[TASK]) == 1

    sft = tmp_path / "sft"
    exported = ok_json(["corpus", "export", str(built), "--out", str(sft)], capsys)
    assert exported["records"] == 2  # the training split
    assert {p.name for p in sft.iterdir()} >= {"dataset_info.json", "added_tokens.json"}
    assert len(Path(exported["files"]["data"]).read_text().splitlines()) == 2


def test_user_errors_are_one_line_and_exit_2(
    run_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fails(["corpus", "stats", str(tmp_path / "missing")], capsys, "does not exist")
    fails(["corpus", "split", "default"], capsys, "read-only")
    fails(["corpus", "ingest", str(run_dir), "--out", "default"], capsys, "--out default")
    fails(["corpus", "ingest", str(tmp_path / "nope"), "--out", str(tmp_path / "c")], capsys,
          "does not exist")  # fmt: skip
    broken = shutil.copytree(run_dir, tmp_path / "broken")
    (broken / "context.json").unlink()
    fails(["corpus", "build", str(broken), "--out", str(tmp_path / "b")], capsys, "context.json")
    assert not (tmp_path / "b").exists()
    fails(["corpus", "synthesize", "--tasks", "nope", "--out", str(tmp_path / "s")], capsys,
          "unknown suite task")  # fmt: skip
    fails(["corpus", "synthesize", "--time-limits", "10,x", "--out", str(tmp_path / "s")], capsys,
          "--time-limits")  # fmt: skip
    fails(["corpus", "synthesize", "--executor", "slurm", "--tasks", TASK, "--out",
           str(tmp_path / "s")], capsys, "unknown executor")  # fmt: skip
    fails(["corpus", "synthesize", "--defect-kinds", "bad_param,typo", "--tasks", TASK, "--out",
           str(tmp_path / "s")], capsys, "unknown defect kind(s) typo")  # fmt: skip
    assert not (tmp_path / "s").exists()  # nothing is created for a refused synthesis

    ok_json(["corpus", "ingest", str(run_dir), "--out", str(tmp_path / "c")], capsys)
    fails(["corpus", "stats", str(tmp_path / "c"), "--split", "dev"], capsys, "--split")
    fails(["corpus", "dedup", str(tmp_path / "c"), "--out", str(tmp_path / "d"), "--level", "x"],
          capsys, "--level")  # fmt: skip
    fails(["corpus", "filter", str(tmp_path / "c"), "--out", str(tmp_path / "c")], capsys,
          "already exists")  # fmt: skip
    fails(["corpus", "build", str(run_dir), "--out", str(tmp_path / "c")], capsys, "is a corpus")


def test_default_corpus_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MLEWORLD_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(default_mod, "shipped_dir", lambda: tmp_path / "data")
    fails(["corpus", "stats", "default", "--json"], capsys, "not part of this installation")

    raw = Corpus.create(tmp_path / "source")
    raw.append(
        [
            record("print('a')\n", "None", "Validation accuracy: 0.9\n", 0.9, "draft"),
            record("import x\n", "ModuleNotFoundError", "ModuleNotFoundError: x\n", None, "debug"),
            record("while True: pass\n", "TimeoutError", "", None, "improve"),
        ]
    )
    raw.set_holdout({TASK: [next(raw.iter_records()).id]})
    ship_default(raw, tmp_path / "data")

    table = ok_json(["corpus", "stats", "default"], capsys)
    assert set(table) >= STATS_KEYS
    assert table["total"] == 3 and table["holdout_total"] == 1
    assert table["by_outcome"] == {"clean": 1, "crash": 1, "timeout": 1}
    assert table["by_exception"] == {"ModuleNotFoundError": 1}
    assert table["by_stage"] == {"draft": 1, "debug": 1, "improve": 1}
    copy = ok_json(["corpus", "filter", "default", "--out", str(tmp_path / "mine")], capsys)
    assert copy["input"] == 3


@pytest.mark.slow
def test_synthesize_prints_a_line_per_run_and_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "synth"
    args = ["corpus", "synthesize", "--tasks", TASK, "--runs", "1", "--steps", "1",
            "--defect-rate", "0.5", "--time-limits", "10", "--out", str(out)]  # fmt: skip
    code, stdout, err = cli(args, capsys)
    assert code == 0, err
    lines = stdout.strip().splitlines()
    assert lines[0].startswith(f"[1/1] {TASK}-s0-d50-t10 done: +1 record(s) of 1 node(s)")
    assert "1 records; runs 1/1 done, 0 failed; wall time" in lines[-1]
    assert "core(s)" in lines[-1]
    report = ok_json(args, capsys)  # again: the finished run is only re-ingested
    assert report["records"] == 1 and report["runs_done"] == 1 and report["runs_failed"] == {}
    assert report["ingest"]["added"] == 0 and report["ingest"]["already_present"] == 1
    assert {"wall_s", "workers", "cores", "corpus"} <= set(report)
