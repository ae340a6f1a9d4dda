"""One trial: a full agent run in its own run directory, and the summary the grid keeps.

`run_trial` runs in a worker process (local or Ray). A run directory with a
config.yaml is a half-done trial and continues through `loop.resume` (what
`mleworld run --resume` calls), so the step in flight when the experiment was
killed is redone and nothing else; a directory without one is cleared and the
trial starts over. When the run ends, `summarize_trial` reads its journal and
run.json into `trial.json`, the only file the experiment's results are built
from: a trial is finished exactly when its trial.json exists.

What a trial counts comes from agent/accounting.py (real runs and their seconds by
outcome, trusted programs, predictions, code-model draws, world-model time), the
same numbers run.json reports; this module adds the grade and the percentile over
steps: the best verified node so far, graded, carried forward, 0 until there is a
valid submission.

Not here: which trials exist (grid.py), running many (runner.py).
"""

from __future__ import annotations

import fcntl
import json
import shutil
from pathlib import Path
from typing import Any

from mleworld.agent.accounting import tally
from mleworld.agent.config import CONFIG_FILE
from mleworld.agent.journal import JOURNAL_FILE, Journal, load_journal
from mleworld.agent.node import Node
from mleworld.agent.report import SUMMARY_FILE
from mleworld.errors import MleWorldError
from mleworld.files import atomic_write_text

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
    atomic_write_text(path / TRIAL_FILE, json.dumps(summary, indent=1) + "\n")
    return summary


def read_trial(run_dir: Path) -> dict[str, Any] | None:
    """A finished trial's summary; None when it has not finished (or its file is damaged)."""
    try:
        data = json.loads((run_dir / TRIAL_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("schema_version") == TRIAL_SCHEMA else None


# --- what a trial counts ---------------------------------------------------------------


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
    counts = tally(journal)
    runs = {k: int(counts["runs_by_outcome"].get(k, 0)) for k in OUTCOME_KINDS}
    seconds = {k: float(counts["exec_time_s_by_outcome"].get(k, 0.0)) for k in OUTCOME_KINDS}
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
        "real_runs": int(counts["real_runs"]),
        "clean_runs": runs["clean"],
        "real_runs_by_outcome": runs,
        "real_exec_s": round(sum(seconds.values()), 3),
        "real_exec_s_by_outcome": {k: round(v, 3) for k, v in seconds.items()},
        "trusted": int(counts["trusted"]),
        "predictions": int(counts["predictions"]),
        "generations": int(counts["generations"]),
        "wm_time_s": float(counts["wm_time_s"]),
        "wall_s": float(used.get("wall_time_s") or 0.0),
        "timeline": timeline(task, run_dir, journal),
        "run": {k: run.get(k) for k in run if k not in ("grade",)},
    }
