"""`mleworld corpus synthesize --executor ray` end to end on a real local Ray, with the
Ray worker of the agent run SIGKILLed mid-run: Ray starts the run again, it resumes
from its journal, and the corpus gets each executed node once and nothing else."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mleworld.agent.journal import read_nodes
from mleworld.cli import app, corpus_cmd, main
from mleworld.corpus.store import Corpus
from ray_local import local_ray

pytestmark = [pytest.mark.ray, pytest.mark.slow]

TASK = "penguins"
RUN = f"{TASK}-s0-d50-t10"


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Any]:
    with local_ray() as ray:
        yield ray


def _agent_workers() -> list[int]:
    """The Ray workers running `_agent_run`: processes so titled whose parent is not one.

    A process the worker forks (the sandbox's child before its exec, a pool worker)
    carries the same title for a moment, so only the topmost ones count."""
    titled: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "cmdline").read_bytes().startswith(
                b"ray::_agent_run"
            ):
                stat = (entry / "stat").read_text()
                titled[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return [pid for pid, parent in titled.items() if parent not in titled]


def test_synthesize_on_ray_survives_a_killed_worker(
    ray_cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "corpus"
    args = ["corpus", "synthesize", "--executor", "ray", "--tasks", TASK, "--runs", "1",
            "--steps", "2", "--defect-rate", "0.5", "--time-limits", "10", "--out", str(out),
            "--json"]  # fmt: skip
    corpus_cmd.register(app)
    exit_code: list[int] = []

    def synthesize() -> None:
        try:
            main(args)
        except SystemExit as done:
            exit_code.append(int(done.code or 0))

    thread = threading.Thread(target=synthesize, daemon=True)
    thread.start()
    journal = out / "runs" / RUN / "journal.jsonl"
    deadline = time.monotonic() + 300
    while not (journal.is_file() and read_nodes(journal)[0]):
        assert thread.is_alive() and time.monotonic() < deadline, "no step was ever journaled"
        time.sleep(0.1)
    [first] = read_nodes(journal)[0][:1]
    [worker] = _agent_workers()
    os.kill(worker, signal.SIGKILL)
    thread.join(timeout=600)
    assert not thread.is_alive()
    captured = capsys.readouterr()
    assert exit_code == [0], captured.err
    report = json.loads(captured.out)
    assert report["runs_done"] == 1 and report["runs_failed"] == {}

    nodes = read_nodes(journal)[0]
    assert len(nodes) == 2
    assert (nodes[0].id, nodes[0].code, nodes[0].created_at) == (
        first.id,
        first.code,
        first.created_at,
    )  # resumed after the kill, not started over
    records = list(Corpus.open(out).iter_records())
    assert sorted(r.node_id for r in records) == sorted(n.id for n in nodes if n.executed)
    assert report["records"] == len(records) and all(not r.harness_error for r in records)
    by_node = {n.id: n for n in nodes}
    for record in records:  # each record is its node's real outcome
        assert record.y.exc_type == by_node[record.node_id].outcome["exc_type"]
    assert json.loads((journal.parent / "run.json").read_text())["status"] == "complete"
