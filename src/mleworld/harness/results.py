"""What a harness run leaves behind: the AIDE run's results, with the model's submission.

`finalize` (agent/report.py) writes best_solution.py, submission.csv,
grade.json, run.json and report.html from the journal, choosing the best
verified node. A harness run submits what the model chose instead (the last
node it submitted that it did not invalidate; else the best verified node it
did not invalidate), so when that differs the files are rewritten for it and
regraded. run.json gains `scaffold: harness`, the submission, and the
conversation's counts (turns, calls per tool, tool errors, compactions).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from mleworld.agent.loop import CONTEXT_FILE
from mleworld.agent.report import (
    BEST_SOLUTION_FILE,
    GRADE_FILE,
    REPORT_FILE,
    SUBMISSION_FILE,
    SUMMARY_FILE,
    finalize,
    write_report,
)
from mleworld.errors import MleWorldError
from mleworld.files import atomic_copy, atomic_write_text

if TYPE_CHECKING:
    from mleworld.harness.session import Session


def _write_context(session: Session) -> None:
    """context.json, as AIDE runs write it, so `corpus ingest` reads harness runs too."""
    path = session.run_dir / CONTEXT_FILE
    if not path.is_file():
        from mleworld.codegen.packages import installed_packages

        context = {"overview": session.overview(), "packages": installed_packages()}
        atomic_write_text(path, json.dumps(context, indent=2) + "\n")


def conversation_counts(session: Session) -> dict[str, Any]:
    calls: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    for message in session.messages:
        for call in message.get("tool_calls") or []:
            calls[(call.get("function") or {}).get("name") or "?"] += 1
    traj_events = [e for e in _events(session) if e["event"] == "message"]
    for event in traj_events:
        meta = event.get("meta") or {}
        if event["message"].get("role") == "tool" and meta.get("ok") is False:
            errors[meta.get("tool") or "?"] += 1
    compactions = sum(e["event"] == "compaction" for e in _events(session))
    return {
        "turns": session.turns,
        "max_turns": session.harness.max_turns,
        "messages": len(session.messages),
        "tool_calls": dict(calls),
        "tool_errors": dict(errors),
        "compactions": compactions,
        "invalidated": dict(session.bench.tree.invalidated),
        "world_model": session.harness.world_model,
        "model_error": session.model_error,
    }


def _events(session: Session) -> list[dict[str, Any]]:
    from mleworld.harness.trajectory import read_events

    return read_events(session.path)


def finish(session: Session, stop_reason: str) -> dict[str, Any]:
    run_dir, task = session.run_dir, session.task
    journal = session.bench.tree.journal
    _write_context(session)
    summary = finalize(run_dir, session.config, task, journal, session.budget, stop_reason)
    tree = session.bench.tree
    chosen = tree.chosen()
    best = journal.best_node()
    if (chosen.id if chosen else None) != (best.id if best else None):
        _submit_files(session, chosen, summary)
    summary["scaffold"] = "harness"
    summary["submission"] = (
        None
        if chosen is None
        else {
            "node_id": chosen.id,
            "step": chosen.step,
            "metric": chosen.metric,
            "chosen_by": "model" if tree.submitted == chosen.id else "default",
        }
    )
    summary["harness"] = conversation_counts(session)
    atomic_write_text(run_dir / SUMMARY_FILE, json.dumps(summary, indent=2) + "\n")
    write_report(run_dir / REPORT_FILE, journal, task, session.config, summary)
    return summary


def _submit_files(session: Session, chosen: Any, summary: dict[str, Any]) -> None:
    """best_solution.py, submission.csv and the grade for the node the model chose."""
    run_dir, task = session.run_dir, session.task
    if chosen is None:
        for name in (BEST_SOLUTION_FILE, SUBMISSION_FILE, GRADE_FILE):
            (run_dir / name).unlink(missing_ok=True)
        summary["grade"] = None
        return
    atomic_write_text(run_dir / BEST_SOLUTION_FILE, chosen.code)
    atomic_copy(run_dir / chosen.submission_file, run_dir / SUBMISSION_FILE)
    if task.has_private:
        from mleworld.tasks.grading import grade_file

        try:
            summary["grade"] = grade_file(task, run_dir / SUBMISSION_FILE).to_dict()
        except MleWorldError as exc:
            summary["grade"], summary["grade_error"] = None, str(exc)
        else:
            atomic_write_text(run_dir / GRADE_FILE, json.dumps(summary["grade"], indent=2) + "\n")
