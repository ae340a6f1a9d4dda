"""One node of report.html: its plan and code, the real output beside the predicted one,
the gate's decision, and the step's candidates with their predictions and the policy's reason.

A node whose prediction the gate trusted has no real output: its column says so
and the predicted column carries the outcome the search used. The page around
these sections (cards, tree, metric plot) is report.py's.
"""

from __future__ import annotations

import html
from typing import Any

from mleworld.agent.node import Node

STATUS_LABELS = {
    "clean": "clean",
    "buggy": "buggy",
    "timeout": "timeout",
    "error": "model error",
    "trusted": "trusted prediction",
}
_MAX_OUTPUT_CHARS = 20_000


def esc(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def num(value: Any, digits: int = 6) -> str:
    if value is None or isinstance(value, bool):
        return "—"
    try:
        return f"{float(value):.{digits}g}"
    except (TypeError, ValueError):
        return esc(value)


def short(text: str, limit: int = _MAX_OUTPUT_CHARS) -> str:
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]}\n… [{len(text) - limit} characters cut] …\n{text[-half:]}"


def predicted_status(node: Node) -> str:
    """clean, buggy or timeout as the prediction has it (a trusted node's drawn outcome)."""
    pred = node.prediction or {}
    if pred.get("exc_type") == "TimeoutError":
        return "timeout"
    return "buggy" if node.is_buggy else "clean"


def _prediction_head(pred: dict[str, Any]) -> str:
    return (
        f"exception {esc(pred.get('exc_type'))} · metric {num(pred.get('metric'))} · "
        f"submission {esc(pred.get('submission'))} · confidence {num(pred.get('p_max'), 3)}"
    )


def prediction_block(node: Node) -> str:
    pred = node.prediction
    if not pred:
        return (
            '<div class="placeholder prediction" data-filled="false">No prediction: '
            f"policy {esc(node.policy)} with gate {esc(node.gate or '—')} asked no world model."
            "</div>"
        )
    stands = " · <b>stands in as the outcome</b>" if node.predicted_only else ""
    return (
        f'<div class="prediction" data-filled="true"><div class="meta">'
        f"{_prediction_head(pred)}{stands}</div>"
        f"<pre>{esc(short(str(pred.get('term_out') or '')))}</pre></div>"
    )


def real_block(node: Node) -> str:
    if node.executed and node.outcome is not None:
        out = node.outcome
        submitted = (
            "valid"
            if out.get("submission_valid")
            else "written"
            if out.get("submission")
            else "none"
        )
        head = (
            f"exception {esc(out.get('exc_type'))} · exit {esc(out.get('exit_code'))} · "
            f"{float(out.get('runtime_s') or 0):.1f}s · submission {submitted}"
        )
        if out.get("submission_error"):
            head += f" · {esc(out['submission_error'])}"
        text = short(str(out.get("term_out", "")))
        return f'<div class="meta">{head}</div><pre>{esc(text)}</pre>'
    if node.error is not None:
        return f'<div class="meta">the code model gave no program</div><pre>{esc(node.error)}</pre>'
    return '<div class="placeholder">Not run: the gate trusted the prediction.</div>'


def _candidate_real(cand: dict[str, Any]) -> str:
    out = cand.get("outcome")
    if not out:
        return "—"
    return f"{esc(out.get('exc_type'))} · {num(out.get('metric'))}"


def candidates_table(node: Node) -> str:
    """Every candidate of the step: its prediction, its real run when a policy made one."""
    if len(node.candidates) <= 1 and not node.policy_reason:
        return ""
    rows = []
    for i, cand in enumerate(node.candidates):
        pred = cand.get("prediction") or {}
        chosen = i == node.chosen_index
        reason = (cand.get("meta") or {}).get("reason") if chosen else ""
        rows.append(
            f'<tr class="{"chosen" if chosen else ""}"><td>{i}{" ✔" if chosen else ""}</td>'
            f"<td>{esc(pred.get('exc_type'))}</td><td>{num(pred.get('metric'))}</td>"
            f"<td>{num(pred.get('p_max'), 3)}</td><td>{num(pred.get('p_clean'), 3)}</td>"
            f"<td>{_candidate_real(cand)}</td><td>{esc(cand.get('error') or reason or '')}</td>"
            "</tr>"
        )
    return (
        '<table class="cands"><tr><th>candidate</th><th>pred. exception</th>'
        "<th>pred. metric</th><th>p_max</th><th>p_clean</th><th>real run</th>"
        "<th>policy's reason / error</th></tr>" + "".join(rows) + "</table>"
    )


def node_section(node: Node, best_id: str | None) -> str:
    status = node.status
    parent = (
        f'parent <a href="#node-{esc(node.parent_id)}">'
        f"{esc(node.parent.step if node.parent else node.parent_id)}</a>"
        if node.parent_id
        else "root"
    )
    best = " best-node" if node.id == best_id else ""
    gate = f"gate {esc(node.gate or '—')}"
    if node.gate_reason:
        gate += f" ({esc(node.gate_reason)})"
    meta = " · ".join(
        [
            parent,
            f"metric {num(node.metric)}{' (predicted)' if node.predicted_only else ''}",
            f"debug depth {node.debug_depth}",
            f"generation {node.gen_time_s:.1f}s",
            f"execution {node.exec_time_s:.1f}s ({node.real_runs} real runs)",
            f"{node.predictions} predictions {node.wm_time_s:.2f}s",
            f"policy {esc(node.policy)}",
            gate,
            f"id {esc(node.id)}",
        ]
    )
    best_tag = '<span class="tag" style="background:#1d2330">best</span>' if best else ""
    predicted = " predicted-only" if node.predicted_only else ""
    return (
        f'<section class="node status-{status}{best}{predicted}" id="node-{esc(node.id)}" '
        f'data-node-id="{esc(node.id)}" data-step="{node.step}" data-status="{status}">'
        f"<h3>Step {node.step} · {esc(node.stage)}"
        f'<span class="tag bg-{status}">{esc(STATUS_LABELS[status])}</span>{best_tag}</h3>'
        f'<div class="meta">{meta}</div>'
        f'<div class="plan">{esc(node.plan) or "<i>no plan</i>"}</div>'
        f"<details><summary>code ({len(node.code.splitlines())} lines)</summary>"
        f"<pre>{esc(node.code)}</pre></details>"
        '<div class="io"><div><h4>real output</h4>'
        f"{real_block(node)}</div><div><h4>predicted output</h4>{prediction_block(node)}</div>"
        f"</div>{candidates_table(node)}</section>"
    )
