"""SFT export from real executions: every assistant turn parses back to the record's fields."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mleworld.codegen.packages import failing_imports, installed_packages, python_version
from mleworld.corpus.export import ADDED_TOKENS, DATASET_INFO, VOCAB_FILE, corpus_vocab, export_sft
from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError
from mleworld.execution.limits import Limits
from mleworld.execution.sandbox import execute
from mleworld.tasks.overview import data_overview
from mleworld.world.format import parse_prediction_text, render_messages, trim_output
from mleworld.world.vocab import Vocab

CLEAN = """\
import csv, os
rows = list(csv.DictReader(open("./input/train.csv")))
correct = sum(1 for r in rows if (float(r["x"]) > 0.5) == (r["label"] == "1"))
print(f"Loaded {len(rows)} rows")
print(f"Validation accuracy: {correct / len(rows):.4f}")
os.makedirs("./submission", exist_ok=True)
with open("./submission/submission.csv", "w") as f:
    f.write("id,label\\n" + "".join(f"{r['id']},1\\n" for r in rows))
"""
KEY_ERROR = """\
import csv
rows = list(csv.DictReader(open("./input/train.csv")))
print("columns:", list(rows[0]))
y = [r["target"] for r in rows]
"""
LONG_THEN_CRASH = """\
for i in range(800):
    print(f"step {i:04d} loss {1 / (i + 1):.6f}")
raise ValueError("loss diverged at step 800")
"""
TIMEOUT = """\
import time
print("training...", flush=True)
time.sleep(30)
"""
SYNTAX = "def broken(:\n    pass\n"


@pytest.fixture(scope="module")
def real_records(tmp_path_factory: pytest.TempPathFactory) -> list[Record]:
    data = tmp_path_factory.mktemp("input")
    (data / "train.csv").write_text(
        "id,x,label\n" + "".join(f"{i},{(i * 37 % 100) / 100},{i % 2}\n" for i in range(16))
    )
    overview = data_overview(data)
    packages = installed_packages()
    records = []
    for i, (stage, program) in enumerate(
        [
            ("draft", CLEAN),
            ("debug", KEY_ERROR),
            ("improve", LONG_THEN_CRASH),
            ("draft", TIMEOUT),
            ("debug", SYNTAX),
        ]
    ):
        outcome = execute(program, data_dir=data, limits=Limits(time_limit_s=3, grace_s=1))
        records.append(
            Record.from_outcome(
                outcome,
                _x(program, packages, overview),
                task_id="toy",
                stage=stage,
                generator="scripted",
                run_id="run-0",
                node_id=f"n{i}",
            )
        )
    return records


def _x(program, packages, overview):  # type: ignore[no-untyped-def]
    from mleworld.world.format import WorldInput

    return WorldInput(
        program=program,
        packages=packages,
        failing_imports=failing_imports(program),
        python_version=python_version(),
        data_overview=overview,
        time_limit_s=3,
    )


def test_real_runs_make_the_expected_records(real_records: list[Record]) -> None:
    classes = [r.y.exc_type for r in real_records]
    assert classes == ["None", "KeyError", "ValueError", "TimeoutError", "SyntaxError"]
    clean = real_records[0]
    assert clean.y.submission and clean.y.metric is not None and 0.0 <= clean.y.metric <= 1.0
    assert len(real_records[2].y.term_out) > 5000  # kept whole in the record
    assert real_records[3].timed_out and real_records[3].outcome == "timeout"


def test_export_round_trips_every_assistant_turn(
    tmp_path: Path, real_records: list[Record]
) -> None:
    corpus = Corpus.create(tmp_path / "c")
    corpus.append(real_records)
    corpus.set_holdout({"toy": [real_records[4].id]})
    out = tmp_path / "sft"
    report = export_sft(corpus, out, name="world_toy")
    assert report.records == 4  # the holdout program is not exported
    lines = (out / "world_toy.jsonl").read_text().splitlines()
    assert len(lines) == 4
    vocab = Vocab.load(out / VOCAB_FILE)
    by_id = {r.node_id: r for r in real_records}
    for line, record in zip(lines, (by_id[f"n{i}"] for i in range(4)), strict=True):
        example = json.loads(line)
        messages = example["messages"]
        assert [m["role"] for m in messages] == ["system", "user", "assistant"]
        assert messages[:2] == render_messages(record.x)
        assistant = messages[2]["content"]
        assert assistant.startswith(f"EXC_{record.y.exc_type}\n")
        parsed = parse_prediction_text(assistant, vocab)
        assert parsed.complete
        assert parsed.exc_type == record.y.exc_type
        assert parsed.term_out == trim_output(record.y.term_out)
        assert parsed.metric == record.y.metric
        assert parsed.submission == record.y.submission
        assert example["id"] == record.id and example["task_id"] == "toy"
    assert "[... " in json.loads(lines[2])["messages"][2]["content"]  # the long log was trimmed

    info = json.loads((out / DATASET_INFO).read_text())
    assert info["world_toy"] == {
        "file_name": "world_toy.jsonl",
        "formatting": "sharegpt",
        "columns": {"messages": "messages"},
        "tags": {
            "role_tag": "role",
            "content_tag": "content",
            "user_tag": "user",
            "assistant_tag": "assistant",
            "system_tag": "system",
        },
    }
    tokens = json.loads((out / ADDED_TOKENS).read_text())
    assert tokens == list(vocab.tokens) and tokens[0] == "EXC_None" and tokens[-1] == "EXC_Other"
    assert len(tokens) == len(set(tokens))

    export_sft(corpus, out, split="holdout", name="world_toy_holdout", vocab=vocab)
    merged = json.loads((out / DATASET_INFO).read_text())
    assert set(merged) == {"world_toy", "world_toy_holdout"}  # entries are merged, not replaced


def test_vocab_from_corpus_adds_new_classes(tmp_path: Path, real_records: list[Record]) -> None:
    corpus = Corpus.create(tmp_path / "c")
    odd = Record.from_dict(
        {
            **real_records[1].to_dict(),
            "y": {**real_records[1].y.to_dict(), "exc_type": "ShardCorruptError"},
        }
    )
    corpus.append([*real_records, odd])
    vocab = corpus_vocab(corpus)
    assert "ShardCorruptError" in vocab and vocab.classes[-1] == "Other"


def test_export_rejects_bad_destinations(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    (tmp_path / "file").write_text("x")
    with pytest.raises(MleWorldError, match="is a file"):
        export_sft(corpus, tmp_path / "file")
    with pytest.raises(MleWorldError, match="dataset name"):
        export_sft(corpus, tmp_path / "out", name="a/b")
    (tmp_path / "out2").mkdir()
    (tmp_path / "out2" / DATASET_INFO).write_text("[1, 2]")
    with pytest.raises(MleWorldError, match="not a JSON object"):
        export_sft(corpus, tmp_path / "out2")
