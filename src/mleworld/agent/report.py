"""What a run leaves behind, beside its journal: the report and the results.

- report.html: one self-contained page (no network: inline CSS, JS and SVG) with
  the search tree coloured by outcome, the metric over steps, and for every node
  its plan, code, real output and metric beside a column for the world model's
  predicted output (empty until a run has predictions);
- best_solution.py and submission.csv of the best verified node, grade.json, and
  run.json (the summary: steps, best metric, every budget and what it used).

The numbers come from the journal; running the search is loop.py's job.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING, Any

from mleworld.agent.accounting import tally as search_tally
from mleworld.agent.journal import Journal
from mleworld.agent.node import GATE_TRUSTED, Node
from mleworld.agent.report_nodes import STATUS_LABELS, node_section, predicted_status
from mleworld.agent.report_nodes import esc as _e
from mleworld.agent.report_nodes import num as _num
from mleworld.errors import ConfigError, MleWorldError
from mleworld.files import atomic_copy, atomic_write_text

if TYPE_CHECKING:
    from mleworld.agent.config import RunConfig
    from mleworld.agent.loop import Budget

SUBMISSIONS_DIR = "submissions"
SUMMARY_FILE = "run.json"
BEST_SOLUTION_FILE = "best_solution.py"
SUBMISSION_FILE = "submission.csv"
GRADE_FILE = "grade.json"
REPORT_FILE = "report.html"

# --- the tree ----------------------------------------------------------------------


def _layout(journal: Journal) -> dict[str, tuple[float, int]]:
    """(x slot, depth) per node: leaves take consecutive slots, parents sit over their children."""
    slots: dict[str, tuple[float, int]] = {}
    next_slot = 0.0

    def place(node: Node, depth: int) -> float:
        nonlocal next_slot
        if not node.children:
            x = next_slot
            next_slot += 1
        else:
            xs = [place(child, depth + 1) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        slots[node.id] = (x, depth)
        return x

    for root in journal.draft_nodes:
        place(root, 0)
    return slots


def tree_svg(journal: Journal, best_id: str | None) -> str:
    if not len(journal):
        return '<p class="placeholder">No nodes yet.</p>'
    slots = _layout(journal)
    dx, dy, pad, r = 34, 56, 24, 11
    width = int(max(x for x, _ in slots.values()) * dx + 2 * pad + dx)
    height = int(max(d for _, d in slots.values()) * dy + 2 * pad + 10)

    def at(node: Node) -> tuple[float, float]:
        x, depth = slots[node.id]
        return pad + dx / 2 + x * dx, pad + depth * dy

    parts = [
        f'<svg id="tree" width="{width}" height="{height}" role="img" aria-label="search tree">'
    ]
    for node in journal:
        if node.parent is not None:
            (x1, y1), (x2, y2) = at(node.parent), at(node)
            mid = (y1 + y2) / 2
            parts.append(
                f'<path class="edge" d="M{x1:.1f},{y1:.1f} C{x1:.1f},{mid:.1f} '
                f'{x2:.1f},{mid:.1f} {x2:.1f},{y2:.1f}"/>'
            )
    for node in journal:
        x, y = at(node)
        ring = ' stroke="#1d2330" stroke-width="3"' if node.id == best_id else ""
        tip = f"step {node.step} · {node.stage} · {STATUS_LABELS[node.status]}"
        if node.metric is not None:
            tip += f" · metric {_num(node.metric)}"
        # A predicted-only node is hollow and dashed, outlined in the outcome it was
        # predicted to have: the tree shows what ran and what was only predicted.
        circle, ink = f"st-{node.status}", "#fff"
        if node.predicted_only:
            circle, ink = f"predicted pr-{predicted_status(node)}", "#1d2330"
            tip += f" ({predicted_status(node)}, predicted; {node.gate_reason or 'trusted'})"
        parts.append(
            f'<a href="#node-{_e(node.id)}"><g class="tree-node" data-node-id="{_e(node.id)}">'
            f"<title>{_e(tip)}</title>"
            f'<circle class="{circle}" cx="{x:.1f}" cy="{y:.1f}" r="{r}"{ring}/>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" fill="{ink}" '
            f'style="fill:{ink};font-size:10px">{node.step}</text></g></a>'
        )
    parts.append("</svg>")
    return "".join(parts)


# --- the metric chart --------------------------------------------------------------


def metric_svg(journal: Journal) -> str:
    points = [(n.step, n.metric, n.status) for n in journal if n.metric is not None]
    best = journal.best_so_far()
    if not points:
        return '<p class="placeholder">No node printed a validation metric yet.</p>'
    width, height, left, right, top, bottom = 760, 260, 64, 16, 14, 34
    values = [m for _, m, _ in points]
    lo, hi = min(values), max(values)
    if hi == lo:
        lo, hi = lo - 0.5 * (abs(lo) or 1), hi + 0.5 * (abs(hi) or 1)
    steps = max(len(journal) - 1, 1)

    def sx(step: float) -> float:
        return left + step / steps * (width - left - right)

    def sy(value: float) -> float:
        return top + (hi - value) / (hi - lo) * (height - top - bottom)

    parts = [
        f'<svg id="metric-chart" width="{width}" height="{height}" role="img" aria-label="metric over steps">'
    ]
    for i in range(5):
        value = lo + (hi - lo) * i / 4
        y = sy(value)
        parts.append(
            f'<line class="grid" x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}"/>'
        )
        parts.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{_num(value, 4)}</text>'
        )
    base = height - bottom
    parts.append(f'<line class="axis" x1="{left}" y1="{base}" x2="{width - right}" y2="{base}"/>')
    parts.append(f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{base}"/>')
    tick_every = max(1, round(len(journal) / 10))
    for step in range(0, len(journal), tick_every):
        parts.append(f'<text x="{sx(step):.1f}" y="{base + 16}" text-anchor="middle">{step}</text>')
    parts.append(
        f'<text x="{(left + width - right) / 2:.0f}" y="{height - 2}" text-anchor="middle">step</text>'
    )
    line: list[tuple[float, float]] = []
    for step, value in enumerate(best):  # a staircase: the best so far holds until beaten
        if value is None:
            continue
        if line and sy(value) != line[-1][1]:
            line.append((sx(step), line[-1][1]))
        line.append((sx(step), sy(value)))
    if line:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in line)
        parts.append(f'<polyline class="best" points="{path}"/>')
    for step, value, status in points:
        parts.append(
            f'<circle class="st-{status} metric-point" cx="{sx(step):.1f}" cy="{sy(value):.1f}" r="4">'
            f"<title>step {step}: {_num(value)} ({status})</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)


# --- the page ----------------------------------------------------------------------


def _cards(summary: dict[str, Any]) -> str:
    used, budgets = summary.get("used", {}), summary.get("budgets", {})
    cards = [
        ("best verified metric", _num(summary.get("best_metric"))),
        ("steps", f"{summary.get('steps', 0)} / {budgets.get('steps', '—')}"),
        (
            "executed",
            f"{used.get('executed', 0)} ({summary.get('nodes', {}).get('buggy', 0)} buggy)",
        ),
        ("execution time", f"{used.get('exec_time_s', 0):.1f}s"),
        *_search_cards(summary.get("search") or {}),
        ("wall time", f"{used.get('wall_time_s', 0):.1f}s"),
        ("stopped by", summary.get("stop_reason", "—")),
    ]
    grade = summary.get("grade")
    if grade:
        pct = grade.get("percentile")
        cards += [
            ("test score", _num(grade.get("score"))),
            ("percentile", "—" if pct is None else f"{pct:.1f}"),
            ("medal", grade.get("medal") or "none"),
        ]
    return "".join(f'<div class="card"><b>{_e(k)}</b>{_e(v)}</div>' for k, v in cards)


def _search_cards(search: dict[str, Any]) -> list[tuple[str, str]]:
    """Real runs and what stood in for them; nothing for base AIDE, which predicts nothing."""
    if not search.get("predictions") and not search.get("trusted"):
        return []
    by_stage = search.get("exec_time_s_by_stage") or {}
    by_outcome = search.get("exec_time_s_by_outcome") or {}
    return [
        ("real runs", f"{search.get('real_runs', 0)} ({search.get('trusted', 0)} trusted)"),
        (
            "predictions",
            f"{search.get('predictions', 0)} in {search.get('wm_time_s', 0):.1f}s "
            f"({search.get('world_model') or '—'})",
        ),
        ("exec by stage", " ".join(f"{k} {v:.0f}s" for k, v in by_stage.items()) or "—"),
        ("exec by outcome", " ".join(f"{k} {v:.0f}s" for k, v in by_outcome.items()) or "—"),
    ]


def render_report(journal: Journal, task: Any, config: Any, summary: dict[str, Any]) -> str:
    best = journal.best_node()
    best_id = best.id if best else None
    direction = "lower is better" if journal.lower_is_better else "higher is better"
    legend = "".join(
        f'<span><i class="bg-{key}"></i>{_e(label)}</span>' for key, label in STATUS_LABELS.items()
    )
    subtitle = (
        f"metric {_e(task.metric)} ({direction}) · code model {_e(config.codegen.model)} · "
        f"policy {_e(config.search.policy)} · gate {_e(config.search.gate)} · "
        f"seed {config.seed} · task dir {_e(task.path)}"
    )
    template = Template(
        resources.files("mleworld.agent").joinpath("report_template.html").read_text("utf-8")
    )
    return template.substitute(
        title=_e(f"mleworld run · {task.name or task.id}"),
        subtitle=subtitle,
        cards=_cards(summary),
        legend=legend,
        tree_svg=tree_svg(journal, best_id),
        metric_svg=metric_svg(journal),
        direction=direction,
        node_count=len(journal),
        nodes="\n".join(node_section(node, best_id) for node in journal),
    )


def write_report(
    path: Path, journal: Journal, task: Any, config: Any, summary: dict[str, Any]
) -> Path:
    return atomic_write_text(path, render_report(journal, task, config, summary))


# --- the other results of a run ---------------------------------------------------


def write_best(run_dir: Path, journal: Journal) -> Node | None:
    """best_solution.py and submission.csv of the best verified node (when there is one)."""
    best = journal.best_node()
    if best is None:
        return None
    atomic_write_text(run_dir / BEST_SOLUTION_FILE, best.code)
    if best.submission_file and (run_dir / best.submission_file).is_file():
        atomic_copy(run_dir / best.submission_file, run_dir / SUBMISSION_FILE)
    else:  # never leave an earlier best's submission beside this node's program
        (run_dir / SUBMISSION_FILE).unlink(missing_ok=True)
    return best


def summarize(
    config: RunConfig, task: Any, journal: Journal, budget: Budget, stop_reason: str
) -> dict[str, Any]:
    """run.json: what ran, what is best, and every budget with what it used."""
    nodes = journal.nodes
    executed = [n for n in nodes if n.executed]
    best = journal.best_node()
    by_stage = {s: sum(n.stage == s for n in nodes) for s in ("draft", "improve", "debug")}
    return {
        "schema_version": 1,
        "status": "interrupted" if stop_reason == "interrupted" else "complete",
        "stop_reason": stop_reason,
        "task": task.id,
        "task_dir": str(task.path),
        "metric": task.metric,
        "lower_is_better": journal.lower_is_better,
        "seed": config.seed,
        "code_model": config.codegen.model,
        "policy": config.search.policy,
        "steps": len(nodes),
        "nodes": {
            "executed": len(executed),
            "verified": sum(n.verified for n in nodes),
            "buggy": sum(n.is_buggy for n in executed),
            "timeouts": sum(n.status == "timeout" for n in nodes),
            "model_errors": sum(n.error is not None for n in nodes),
            "trusted": sum(n.gate == GATE_TRUSTED for n in nodes),
            "by_stage": by_stage,
        },
        "best": None
        if best is None
        else {"node_id": best.id, "step": best.step, "stage": best.stage, "metric": best.metric},
        "best_metric": best.metric if best else None,
        "budgets": {
            "steps": budget.steps,
            "time_budget_s": budget.time_budget_s,
            "exec_budget_s": budget.exec_budget_s,
        },
        "used": {
            "steps": len(nodes),
            "wall_time_s": round(budget.wall_time_s(), 3),
            "exec_time_s": round(budget.exec_time_s(journal), 3),
            "gen_time_s": round(sum(n.gen_time_s for n in nodes), 3),
            "executed": len(executed),
        },
        "search": {
            "policy": config.search.policy,
            "num_candidates": config.search.num_candidates,
            "gate": config.search.gate,
            "world_model": config.search.world_model,
            "observe": config.search.observe,
            **search_tally(nodes),
        },
        "grade": None,
    }


def finalize(
    run_dir: Path,
    config: RunConfig,
    task: Any,
    journal: Journal,
    budget: Budget,
    stop_reason: str,
) -> dict[str, Any]:
    """Write the best solution, the grade, the summary and the report; return the summary."""
    write_best(run_dir, journal)
    summary = summarize(config, task, journal, budget, stop_reason)
    if task.has_private:
        from mleworld.tasks.grading import grade_file

        try:
            summary["grade"] = grade_file(task, run_dir / SUBMISSION_FILE).to_dict()
        except MleWorldError as exc:
            summary["grade_error"] = str(exc)
        else:
            atomic_write_text(run_dir / GRADE_FILE, json.dumps(summary["grade"], indent=2) + "\n")
    atomic_write_text(run_dir / SUMMARY_FILE, json.dumps(summary, indent=2) + "\n")
    write_report(run_dir / REPORT_FILE, journal, task, config, summary)
    return summary


def read_summary(run_dir: Path) -> dict[str, Any]:
    path = run_dir / SUMMARY_FILE
    if not path.is_file():
        raise ConfigError(f"{run_dir} has no {SUMMARY_FILE}; it is not a finished mleworld run")
    return json.loads(path.read_text(encoding="utf-8"))
