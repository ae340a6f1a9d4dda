"""The evaluation written down: results.json (read by other tools) and report.md
(tables in the paper's layouts).

report.md holds, in order: the holdout; Table 1 (per-field accuracy, % with
program-bootstrap SE); Table 10 (every model by stage, Draft/Improve/Debug per
cell); Table 11 (parse rates); Table 12 (accuracy by stage, observed outcome and
the ten most frequent crash classes, one column per field and model, the best
per field in bold); figure 7 as a table (accuracy by p_max quintile with task
bootstrap SE, and the ECE); figure 9's operating points (the configured gates
and the suggested thresholds); the cost of prediction against real runtime;
the plots.

Not here: computing any number (holdout_eval.py and the modules it calls).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mleworld.evaluation.calibration import ece_text
from mleworld.files import atomic_write_text

__all__ = ["FIELD_TITLES", "json_safe", "render_report", "write_json", "write_report"]

FIELD_TITLES: dict[str, str] = {
    "exception_class": "Exception class",
    "terminal_output": "Terminal output",
    "crash_class": "Crash class",
    "metric_within_5pct": "Metric (±5%)",
    "metric_recall": "Metric recall",
    "submission": "Submission",
}
TABLE1_FIELDS = tuple(FIELD_TITLES)
BREAKDOWN_FIELDS = ("exception_class", "terminal_output", "crash_class", "metric_within_5pct")
SHORT_TITLES: dict[str, str] = {
    "exception_class": "Exc",
    "terminal_output": "Term",
    "crash_class": "Crash",
    "metric_within_5pct": "Metric",
}
QUINTILE_FIELDS = ("metric_within_5pct", "exception_class", "terminal_output", "crash_class")
_DASH = "–"


def json_safe(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # "inf", "nan": JSON has no such numbers
    if isinstance(value, Mapping):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def write_json(results: Mapping[str, Any], path: str | os.PathLike[str]) -> Path:
    """results.json, written atomically (a reader never sees half a file)."""
    return atomic_write_text(path, json.dumps(json_safe(results), indent=2, allow_nan=False) + "\n")


def _pct(value: float | None, digits: int = 1) -> str:
    return _DASH if value is None else f"{100.0 * value:.{digits}f}"


def _cell(est: Mapping[str, Any] | None, *, with_n: bool = False) -> str:
    if not est or est.get("accuracy") is None:
        return _DASH
    text = _pct(est["accuracy"])
    if est.get("se") is not None:
        text += f" ± {_pct(est['se'])}"
    if with_n:
        text += f" (n={est['n']})"
    return text


def _short_model(name: str) -> str:
    return name.removeprefix("baseline:")


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str = "r") -> list[str]:
    lines = ["| " + " | ".join(header) + " |"]
    lines.append(
        "|" + "|".join([":---"] + ["---:" if align == "r" else ":---"] * (len(header) - 1)) + "|"
    )
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def _seconds(value: float | None) -> str:
    if value is None:
        return _DASH
    if value >= 3600:
        return f"{value / 3600:.2f} h"
    if value >= 60:
        return f"{value / 60:.1f} min"
    return f"{value:.2f} s"


def _holdout(results: Mapping[str, Any]) -> list[str]:
    h = results["holdout"]
    n = h["programs"]
    outcomes = ", ".join(f"{k} {v}" for k, v in h["outcomes"].items())
    stages = ", ".join(f"{k} {v}" for k, v in h["stages"].items())
    lines = [
        "## Holdout",
        "",
        f"- source: {h.get('source') or 'records given in Python'}",
        f"- programs: {n} on {len(h['tasks'])} tasks ({', '.join(f'{t} {c}' for t, c in h['tasks'].items())})",
        f"- stages: {stages}",
        f"- observed outcomes: {outcomes}",
        f"- with a numeric observed metric: {h['with_metric']}",
        f"- with a parent: {h['with_parent_id']} (parent record found for {h['parents_found']})",
        f"- real runtime of these programs: {_seconds(h['runtime_s_total'])}",
        "",
    ]
    return lines


def _table1(results: Mapping[str, Any]) -> list[str]:
    s = results["settings"]
    n = results["holdout"]["programs"]
    header = ["Model", *(FIELD_TITLES[f] for f in TABLE1_FIELDS)]
    rows = []
    for name, entry in results["models"].items():
        rows.append(
            [f"`{name}`"]
            + [
                _cell(entry.get(f), with_n=f in ("crash_class", "metric_within_5pct"))
                for f in TABLE1_FIELDS
            ]
        )
    return [
        "## Table 1: accuracy per predicted field",
        "",
        f"Accuracy (%) on {n} held-out programs; ± SE from {s['resamples']:,} program bootstrap "
        "resamples. Exception class: exact match; terminal output: judged match; crash class: "
        "judged debugging equivalence on programs that crash and are predicted to crash; metric: "
        "within 5% relative error on programs with a numeric observed metric (no prediction "
        "counts as wrong); metric recall: share of those that got a metric; submission: exact flag.",
        "",
        *_table(header, rows),
        "",
    ]


def _table10(results: Mapping[str, Any]) -> list[str]:
    by_stage = results.get("by_stage") or {}
    stages = [st for st in ("draft", "improve", "debug") if st in by_stage] + [
        st for st in by_stage if st not in ("draft", "improve", "debug")
    ]
    if not stages:
        return []
    label = "/".join(st.capitalize() for st in stages)
    header = ["Model", *(f"{FIELD_TITLES[f]} ({label})" for f in BREAKDOWN_FIELDS)]
    rows = []
    for name in results["models"]:
        row = [f"`{name}`"]
        for f in BREAKDOWN_FIELDS:
            row.append(
                " / ".join(_pct(by_stage[st]["models"][name][f]["accuracy"]) for st in stages)
            )
        rows.append(row)
    counts = ", ".join(f"{st} {by_stage[st]['n']}" for st in stages)
    return [
        "## Table 10: every model by stage",
        "",
        f"Accuracy (%) per field; each cell gives {label} ({counts} programs).",
        "",
        *_table(header, rows),
        "",
    ]


def _table11(results: Mapping[str, Any]) -> list[str]:
    header = [
        "Model",
        "Exception class",
        "Terminal output",
        "Metric",
        "Submission",
        "All fields",
        "Reported by backend",
    ]
    rows = []
    for name, entry in results["models"].items():
        r = entry["parse_rates"]
        rows.append(
            [f"`{name}`"]
            + [_pct(r.get(k)) for k in ("exc_type", "term_out", "metric", "submission", "complete")]
            + [f"{r['reported']} of {r['n']}"]
        )
    return [
        "## Table 11: output parse rates",
        "",
        "Share (%) of predictions holding each field. Backends with structured output hold "
        "every field; a backend that parses free text reports what it read.",
        "",
        *_table(header, rows),
        "",
    ]


def _table12(results: Mapping[str, Any]) -> list[str]:
    models = list(results["models"])
    header = ["Slice", "n"] + [
        f"{SHORT_TITLES[f]}: {_short_model(m)}" for f in BREAKDOWN_FIELDS for m in models
    ]
    rows: list[list[str]] = []
    sections = (("by_stage", "Stage"), ("by_outcome", "Outcome"), ("by_crash_type", "Crash type"))
    for key, title in sections:
        for name, entry in (results.get(key) or {}).items():
            row = [f"{title}: {name}", str(entry["n"])]
            for f in BREAKDOWN_FIELDS:
                values = [entry["models"][m][f]["accuracy"] for m in models]
                present = [v for v in values if v is not None]
                # Bold marks a leader; when every model ties there is none.
                best = max(present) if len(set(present)) > 1 else None
                for v in values:
                    text = _pct(v)
                    if v is not None and v == best:
                        text = f"**{text}**"
                    row.append(text)
            rows.append(row)
    return [
        "## Table 12: accuracy by stage, outcome and crash type",
        "",
        "Accuracy (%) per field and model (Exc: exception class, Term: terminal output, Crash: "
        "crash class, Metric: within 5%; baselines without their `baseline:` prefix); n counts "
        "programs per row; the best value per field is bold. Crash type splits the crashing programs by their observed exception class "
        "(the ten most frequent). Crash class is scored only where both the program and the "
        "prediction crash and the metric only on programs with a numeric observed metric, so "
        f"some cells are empty ({_DASH}). Standard errors are in results.json.",
        "",
        *_table(header, rows),
        "",
    ]


def _calibration(results: Mapping[str, Any]) -> list[str]:
    lines = [
        "## Figure 7: accuracy by p_max quintile",
        "",
        "Programs ranked by p_max and split into five equal-count groups; accuracy (%) ± task "
        "bootstrap SE. ECE: expected calibration error of the exception class (10 equal-width "
        "bins of p_max); floor: the ECE a perfectly calibrated model would show on these "
        "p_max values by chance (mean and 90th percentile of draws).",
        "",
    ]
    for name, calib in (results.get("quintiles") or {}).items():
        if not calib:
            lines += [f"`{name}`: no class distribution (no p_max), so no calibration.", ""]
            continue
        header = ["Quintile", "p_max", "n", *(FIELD_TITLES[f] for f in QUINTILE_FIELDS)]
        rows = []
        for q in calib["quintiles"]:
            if not q["n"]:
                continue
            span = f"{q['p_max_min']:.2f}–{q['p_max_max']:.2f}"
            rows.append(
                [f"Q{q['quintile']}", span, str(q["n"])]
                + [_cell(q["fields"].get(f)) for f in QUINTILE_FIELDS]
            )
        lines += [
            f"### `{name}` ({ece_text(calib)})",
            "",
            *_table(header, rows),
            "",
        ]
    return lines


def _gate(results: Mapping[str, Any]) -> list[str]:
    s = results["settings"]
    stages = s.get("gate_stages")
    target = s["target_error"]
    lines = [
        "## Figure 9: gate trade-off",
        "",
        "The gate skips a real run when p_max ≥ γ. Runtime skipped is the share of the real "
        "runtime of the programs predicted that way; error is the share of skipped predictions "
        "that would mislead the agent (a success: the run is not clean or its metric is more "
        "than 5% off; a failure: a different class or cause). Predicted timeouts are never run. "
        f"Programs: {'/'.join(stages) if stages else 'all stages'}. Suggested: the γ skipping "
        f"the most runtime with error ≤ {100 * target:.0f}%.",
        "",
    ]
    header = [
        "Model",
        "Predicted",
        "n",
        "γ",
        "Runtime skipped",
        "Error",
        f"Suggested γ (≤{100 * target:.0f}%)",
        "Runtime skipped",
        "Error",
    ]
    rows = []
    for name, gate in (results.get("gate_tradeoff") or {}).items():
        if not gate:
            rows.append([f"`{name}`", _DASH, _DASH, _DASH, "no p_max", _DASH, _DASH, _DASH, _DASH])
            continue
        for kind in ("success", "failure"):
            g = gate[kind]
            c = g["configured"]
            sug = g["suggested"]
            rows.append(
                [
                    f"`{name}`",
                    kind,
                    str(g["n"]),
                    f"{g['gamma']:.2f}",
                    _pct(c["skipped_runtime_share"]) + "%",
                    _pct(c["error"]) + ("%" if c["error"] is not None else ""),
                    f"{sug['gamma']:.2f}" if sug else "none",
                    (_pct(sug["skipped_runtime_share"]) + "%") if sug else _DASH,
                    (_pct(sug["error"]) + "%") if sug else _DASH,
                ]
            )
    return lines + _table(header, rows) + [""]


def _cost(results: Mapping[str, Any]) -> list[str]:
    header = [
        "Model",
        "Latency p50",
        "Latency p95",
        "Prediction time (all)",
        "Real runtime (same programs)",
        "Real / predicted",
    ]
    rows = []
    for name, e in results["models"].items():
        ratio = e.get("runtime_ratio")
        rows.append(
            [
                f"`{name}`",
                _DASH if e["latency_ms_p50"] is None else f"{e['latency_ms_p50']:.2f} ms",
                _DASH if e["latency_ms_p95"] is None else f"{e['latency_ms_p95']:.2f} ms",
                _seconds(e["prediction_s_total"]),
                _seconds(e["real_runtime_s_total"]),
                _DASH if ratio is None else f"{ratio:,.0f}×",
            ]
        )
    return ["## Cost", "", *_table(header, rows), ""]


def render_report(results: Mapping[str, Any], images: Sequence[str | os.PathLike[str]] = ()) -> str:
    """The Markdown report; `images` are paths relative to the report's folder."""
    lines = ["# World-model evaluation", ""]
    lines += _holdout(results)
    lines += _table1(results)
    lines += _table10(results)
    lines += _table11(results)
    lines += _table12(results)
    lines += _calibration(results)
    lines += _gate(results)
    lines += _cost(results)
    if images:
        lines += ["## Plots", ""]
        for image in images:
            path = Path(image)
            lines += [f"![{path.stem.replace('_', ' ')}]({path.as_posix()})", ""]
    return "\n".join(lines).rstrip() + "\n"


def write_report(
    results: Mapping[str, Any],
    path: str | os.PathLike[str],
    images: Sequence[str | os.PathLike[str]] = (),
) -> Path:
    """report.md; image paths are written relative to the report's folder."""
    target = Path(path)
    relative = [os.path.relpath(Path(i), target.parent) for i in images]
    target.write_text(render_report(results, relative), encoding="utf-8")
    return target
