"""One trial: a full agent run in its own run directory, and the summary the grid keeps.

`run_trial` runs in a worker process (local or Ray). A run directory with a
config.yaml is a half-done trial and continues through `loop.resume` (what
`mleworld run --resume` calls), so the step in flight when the experiment was
killed is redone and nothing else; a directory without one is cleared and the
trial starts over. When the run ends, `summarize_trial` reads its journal and
run.json into `trial.json`, the only file the experiment's results are built
from: a trial is finished exactly when its trial.json exists.

What a trial counts (from the journal, so it holds for any policy):
- real runs: every execution of a step (the candidates a policy ran itself, as
  `bon-real` does, and the chosen program when the gate ran it); real execution
  time is the journal's own count (node.exec_time_s, what the budgets use);
- clean runs: real runs that finished without an exception or timeout;
- predictions and generations: the nodes' own tallies (world-model predictions,
  code-model draws), else candidates with a prediction and candidates;
- trusted: nodes whose prediction the gate kept instead of a real run;
- the percentile over steps: the best verified node so far, graded, carried
  forward, 0 until there is a valid submission.

Not here: which trials exist (grid.py), running many (runner.py).
"""

from __future__ import annotations

import fcntl
import json
import shutil
from pathlib import Path
from typing import Any

from mleworld.agent.config import CONFIG_FILE
from mleworld.agent.journal import JOURNAL_FILE, Journal, load_journal
from mleworld.agent.node import GATE_TRUSTED, Node
from mleworld.agent.report import SUMMARY_FILE, atomic_write
from mleworld.errors import MleWorldError

TRIAL_FILE = "trial.json"
TRIAL_SCHEMA = 1
OUTCOME_KINDS = ("clean", "buggy", "timeout")


def _prepare(task: str) -> None:
    """Build a suite task once, even when several trials of it start at the same time."""
    from mleworld.paths import home
    from mleworld.tasks.suite import prepare_suite_task, suite_names

    if task not in suite_names():
        return
    locks = home() / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    with open(locks / f"suite-{task}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        prepare_suite_task(task)


def run_trial(run_config: dict[str, Any], run_dir: str, meta: dict[str, Any]) -> dict[str, Any]:
    """Run (or finish) one trial; returns its summary, also written to RUN_DIR/trial.json."""
    from mleworld.agent.config import build_config
    from mleworld.agent.loop import resume, start

    path = Path(run_dir)
    _prepare(str(run_config["task"]))
    if (path / CONFIG_FILE).is_file():
        resume(path)
    else:
        if path.exists():
            shutil.rmtree(path)  # killed before the run wrote its config: nothing to keep
        start(build_config(run_config, "experiment trial"), path)
    summary = summarize_trial(path, meta)
    atomic_write(path / TRIAL_FILE, json.dumps(summary, indent=1) + "\n")
    return summary


def read_trial(run_dir: Path) -> dict[str, Any] | None:
    """A finished trial's summary; None when it has not finished (or its file is damaged)."""
    try:
        data = json.loads((run_dir / TRIAL_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("schema_version") == TRIAL_SCHEMA else None


# --- what a trial counts ---------------------------------------------------------------


def _kind(outcome: dict[str, Any]) -> str:
    if outcome.get("timed_out") or outcome.get("exc_type") == "TimeoutError":
        return "timeout"
    return "clean" if outcome.get("exc_type") in ("None", None) else "buggy"


def _real_runs(journal: Journal) -> list[tuple[str, float]]:
    """(outcome kind, seconds) of every real execution the trial made."""
    runs: list[tuple[str, float]] = []
    for node in journal:
        listed = getattr(node, "real_run_list", None)
        if callable(
            listed
        ):  # the node knows its step's runs (candidates a policy ran, then its own)
            for _, _, outcome in listed():
                runs.append((_kind(outcome), float(outcome.get("runtime_s") or 0.0)))
            continue
        if node.executed and node.outcome is not None:
            runs.append((_kind(node.outcome), float(node.exec_time_s)))
    return runs


def _count(journal: Journal, field: str, fallback: int) -> int:
    """A per-node tally (generations, predictions) where the journal records one."""
    values = [int(getattr(node, field, 0) or 0) for node in journal]
    return sum(values) if any(values) else fallback


def _grade(task: Any, run_dir: Path, node: Node) -> tuple[bool, float]:
    """(valid, percentile with invalid = 0) of one node's kept submission."""
    from mleworld.tasks.grading import grade_file

    if not node.submission_file or not (run_dir / node.submission_file).is_file():
        return False, 0.0
    try:
        grade = grade_file(task, run_dir / node.submission_file)
    except MleWorldError:
        return False, 0.0
    if not grade.valid or grade.percentile is None:
        return False, 0.0
    return True, float(grade.percentile)


def timeline(task: Any, run_dir: Path, journal: Journal) -> list[dict[str, Any]]:
    """After each step: the percentile of the best verified node so far (0 until valid)."""
    points: list[dict[str, Any]] = []
    best: Node | None = None
    percentile = 0.0
    exec_s = 0.0
    for node in journal:
        exec_s += node.exec_time_s
        if node.verified and (best is None or journal.metric(node) > journal.metric(best)):
            best = node
            percentile = _grade(task, run_dir, node)[1]
        points.append(
            {
                "step": node.step + 1,
                "elapsed_s": round(node.run_elapsed_s, 2),
                "exec_s": round(exec_s, 2),
                "percentile": round(percentile, 4),
            }
        )
    return points


def summarize_trial(run_dir: Path, meta: dict[str, Any]) -> dict[str, Any]:
    """The trial's numbers from its run.json and journal (see the module docstring)."""
    from mleworld.tasks.suite import resolve_task

    run = json.loads((run_dir / SUMMARY_FILE).read_text(encoding="utf-8"))
    journal = load_journal(run_dir / JOURNAL_FILE, bool(run.get("lower_is_better")))
    task = resolve_task(run.get("task_dir") or run["task"])
    grade = run.get("grade") or {}
    valid = bool(grade.get("valid")) and grade.get("percentile") is not None
    runs = _real_runs(journal)
    exec_by_kind = {k: round(sum(s for kind, s in runs if kind == k), 3) for k in OUTCOME_KINDS}
    candidates = [c for node in journal for c in node.candidates]
    used = run.get("used") or {}
    return {
        "schema_version": TRIAL_SCHEMA,
        **meta,
        "status": run.get("status"),
        "stop_reason": run.get("stop_reason"),
        "steps": len(journal),
        "valid": valid,
        "percentile": float(grade["percentile"]) if valid else None,
        "score_percentile": float(grade["percentile"]) if valid else 0.0,
        "normalized_score": grade.get("normalized_score") if valid else None,
        "medal": grade.get("medal") if valid else None,
        "test_score": grade.get("score") if valid else None,
        "best_metric": run.get("best_metric"),
        "real_runs": len(runs),
        "clean_runs": sum(kind == "clean" for kind, _ in runs),
        "real_runs_by_outcome": {k: sum(kind == k for kind, _ in runs) for k in OUTCOME_KINDS},
        "real_exec_s": round(sum(node.exec_time_s for node in journal), 3),
        "real_exec_s_by_outcome": exec_by_kind,
        "trusted": sum(node.gate == GATE_TRUSTED for node in journal),
        "predictions": _count(
            journal, "predictions", sum(c.get("prediction") is not None for c in candidates)
        ),
        "generations": _count(journal, "generations", len(candidates)),
        "wm_time_s": round(sum(float(getattr(n, "wm_time_s", 0.0) or 0.0) for n in journal), 3),
        "wall_s": float(used.get("wall_time_s") or 0.0),
        "timeline": timeline(task, run_dir, journal),
        "run": {k: run.get(k) for k in run if k not in ("grade",)},
    }
