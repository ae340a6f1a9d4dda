"""Agent runs into corpus records: every node a run executed for real becomes one record.

A run directory (agent/) holds `journal.jsonl` (the nodes), `context.json` (the
data overview and packages every program of the run saw), `config.yaml` and,
once finished, `run.json`. Each executed node gives x (its program, those
packages, the imports its program names that do not resolve, the overview, the
time limit it ran under) and y (the observed outcome). Nodes that never ran (a
code-model error, a prediction the gate trusted) are counted and skipped: their
outcome was not observed. A policy that runs candidates it does not keep
(`bon-real`) leaves their real outcomes in the node's `candidates`: each such
run becomes a record too, a sibling of the node (same parent and stage) under
the id it ran with (`<node id>-c<k>`).

Ingesting is idempotent: a node already in the corpus (same task, run and
node) is not added twice, so re-ingesting a growing run adds only its new nodes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mleworld.agent.journal import JOURNAL_FILE as JOURNAL
from mleworld.agent.loop import CONTEXT_FILE as CONTEXT
from mleworld.agent.node import Node
from mleworld.agent.report import SUMMARY_FILE as SUMMARY
from mleworld.codegen.packages import failing_imports, python_version
from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError
from mleworld.execution.outcome import Outcome
from mleworld.world.format import WorldInput


@dataclass
class IngestReport:
    runs: int = 0
    nodes: int = 0
    added: int = 0
    already_present: int = 0
    candidate_runs: int = 0  # real runs of candidates a policy did not keep, among `added`
    skipped: Counter[str] = field(default_factory=Counter)  # reason -> nodes not ingested

    def to_dict(self) -> dict[str, Any]:
        return {
            "runs": self.runs,
            "nodes": self.nodes,
            "added": self.added,
            "already_present": self.already_present,
            "candidate_runs": self.candidate_runs,
            "skipped": dict(sorted(self.skipped.items())),
        }


def find_runs(paths: Iterable[Path]) -> list[Path]:
    """Run directories among `paths`: each path is a run, or a folder holding runs (any depth)."""
    runs: list[Path] = []
    for path in paths:
        if not path.is_dir():
            raise MleWorldError(f"run directory {path} does not exist; pass a run made by mleworld")
        if (path / JOURNAL).is_file():
            runs.append(path)
            continue
        found = sorted(p.parent for p in path.rglob(JOURNAL))
        if not found:
            raise MleWorldError(f"{path} holds no agent run (no {JOURNAL}); pass a run directory")
        runs.extend(found)
    return list(dict.fromkeys(runs))


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise MleWorldError(f"{path} is missing or not valid JSON; the run is incomplete") from None
    if not isinstance(data, dict):
        raise MleWorldError(f"{path} is not a JSON object; the run is incomplete")
    return data


def _run_facts(run_dir: Path) -> dict[str, Any]:
    """Task id, generator, seed, defect rate and time limit of a run, from its config (and summary)."""
    from mleworld.agent.config import load_config
    from mleworld.agent.report import read_summary

    config = load_config(run_dir)
    summary = read_summary(run_dir) if (run_dir / SUMMARY).is_file() else {}
    task = str(summary.get("task") or config.task)
    task_dir = summary.get("task_dir") or (task if Path(task).is_dir() else None)
    if task_dir and (Path(task_dir) / "task.yaml").is_file():
        from mleworld.tasks.task import load_task

        task = load_task(Path(task_dir)).id
    return {
        "task_id": Path(task).name if Path(task).is_absolute() else task,
        "generator": config.codegen.model,
        "seed": config.seed,
        "defect_rate": config.codegen.defect_rate,
        "time_limit_s": config.exec.time_limit_s,
    }


def run_records(run_dir: Path, report: IngestReport | None = None) -> Iterator[Record]:
    """The records of one run's executed nodes, in journal order."""
    from mleworld.agent.journal import read_nodes

    report = report if report is not None else IngestReport()
    facts = _run_facts(run_dir)
    context = _read_json(run_dir / CONTEXT)
    overview = str(context.get("overview") or "")
    packages = {str(k): str(v) for k, v in (context.get("packages") or {}).items()}
    nodes, _ = read_nodes(run_dir / JOURNAL)
    report.runs += 1
    pyver = python_version()
    for node in nodes:
        report.nodes += 1
        common = {
            "facts": facts,
            "stage": node.stage,
            "run_id": run_dir.name,
            "parent_id": node.parent_id,
            "step": node.step,
            "time_limit_s": node.time_limit_s,
            "overview": overview,
            "packages": packages,
            "created_at": node.created_at or None,
            "python": pyver,
        }
        yield from _candidate_records(node, common)
        if node.error is not None and node.outcome is None:
            report.skipped["code_model_error"] += 1
            continue
        if not node.executed or node.outcome is None:
            report.skipped["not_executed"] += 1
            continue
        yield execution_record(
            Outcome.from_dict(node.outcome), node.code, node_id=node.id, **common
        )


def _candidate_records(node: Node, common: dict[str, Any]) -> Iterator[Record]:
    """Records of the candidates of `node` a policy ran for real and did not keep.

    The kept one is the node itself (its record comes from the node). A candidate
    that revises another one (`sequential`) has that candidate as its parent, which
    was never a node: such runs are left out rather than filed under the wrong parent.
    """
    for index, candidate in enumerate(node.candidates):
        outcome = candidate.get("outcome")
        meta = candidate.get("meta") or {}
        if index == node.chosen_index or not outcome or not candidate.get("code"):
            continue
        if "revises" in meta:
            continue
        try:
            parsed = Outcome.from_dict(outcome)
        except (KeyError, TypeError, ValueError):
            continue  # a damaged candidate entry must not stop the run's other records
        exec_id = str(meta.get("exec_id") or f"{node.id}-c{index}")
        record = execution_record(parsed, str(candidate["code"]), node_id=exec_id, **common)
        record.extra["candidate_of"] = node.id
        yield record


def execution_record(
    outcome: Outcome,
    code: str,
    *,
    facts: dict[str, Any],
    stage: str,
    run_id: str,
    node_id: str,
    parent_id: str | None,
    step: int,
    time_limit_s: float | None,
    overview: str,
    packages: dict[str, str],
    created_at: float | None = None,
    python: str | None = None,
) -> Record:
    """The record of one real execution of an agent run (ingest, and the agent's online learning).

    `facts` are the run's task_id, generator, seed, defect_rate and time_limit_s.
    """
    x = WorldInput(
        program=code,
        packages=packages,
        failing_imports=failing_imports(code),
        python_version=python or python_version(),
        data_overview=overview,
        time_limit_s=float(time_limit_s or facts["time_limit_s"] or 600.0),
    )
    return Record.from_outcome(
        outcome,
        x,
        task_id=facts["task_id"],
        stage=stage,
        generator=facts["generator"],
        run_id=run_id,
        node_id=node_id,
        parent_id=parent_id,
        created_at=created_at,
        extra={
            "step": step,
            "seed": facts["seed"],
            "defect_rate": facts["defect_rate"],
            "submission_error": outcome.submission_error,
            **outcome.machine_facts(),
        },
    )


def _present(corpus: Corpus, run_ids: list[str]) -> set[tuple[str, str, str]]:
    if not len(corpus) or not run_ids:
        return set()
    frame = corpus.query(
        "SELECT DISTINCT task_id, run_id, node_id FROM records_raw "
        "WHERE run_id IN (SELECT unnest(?::VARCHAR[]))",
        [run_ids],
    )
    return set(frame.itertuples(index=False, name=None))


def ingest_runs(run_dirs: Iterable[Path], corpus: Corpus) -> IngestReport:
    """Append the executed nodes of these runs to `corpus`; nodes already there are skipped."""
    report = IngestReport()
    runs = find_runs(run_dirs)
    present = _present(corpus, [run.name for run in runs])

    def fresh() -> Iterator[Record]:
        for run in runs:
            for record in run_records(run, report):
                if (record.task_id, record.run_id, record.node_id) in present:
                    report.already_present += 1
                    continue
                present.add((record.task_id, record.run_id, record.node_id))
                if "candidate_of" in record.extra:
                    report.candidate_runs += 1
                yield record

    report.added = corpus.append(fresh())
    return report
