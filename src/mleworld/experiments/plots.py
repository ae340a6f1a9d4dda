"""PNG plots of an experiment's results dict (matplotlib Agg, into files only).

- percentile.png: mean percentile +- SE across seed means per arm (invalid = 0)
- valid_rate.png: share of trials with a valid submission per arm
- real_exec.png: real execution seconds per trial per arm, split by outcome
- fig1c.png: the paper's figure 1c view, mean percentile against real execution
  per trial, an arrow from each ungated arm to its gated twin
- over_time.png: mean percentile after each step (carried forward, 0 until valid)

Figure and file handling are evaluation/plots.py's; this module only draws.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mleworld.evaluation.plots import _figure, _save

PLOT_FILES = ("percentile.png", "valid_rate.png", "real_exec.png", "fig1c.png", "over_time.png")
_GATE_COLOURS = {"always": "#4c72b0", "confidence": "#dd8452", "random": "#55a868"}


def _rows(results: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in results["rows"] if r["trials"]]


def _num(value: float | None) -> float:
    return float("nan") if value is None else float(value)


def _bars(results: dict[str, Any], path: Path, field: str, label: str, err: str | None) -> Path:
    rows = _rows(results)
    fig, (ax,) = _figure(max(6.0, 0.55 * len(rows) + 2), 4.4, bottom=0.34)
    xs = list(range(len(rows)))
    ys = [_num(r[field]) for r in rows]
    errors = [_num(r.get(err)) if err and r.get(err) is not None else 0.0 for r in rows]
    colours = [_GATE_COLOURS.get(r["gate"], "#8172b3") for r in rows]
    ax.bar(xs, ys, yerr=errors if err else None, color=colours, capsize=3)
    ax.set_xticks(xs, [r["arm"] for r in rows], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel(label)
    done, planned = results["trials_done"], results["trials_planned"]
    ax.set_title(f"{label} ({done}/{planned} trials)", fontsize=10)
    return _save(fig, path)


def plot_real_exec(results: dict[str, Any], path: Path) -> Path:
    rows = _rows(results)
    fig, (ax,) = _figure(max(6.0, 0.55 * len(rows) + 2), 4.4, bottom=0.34)
    xs = list(range(len(rows)))
    bottom = [0.0] * len(rows)
    for kind, colour in (("clean", "#55a868"), ("buggy", "#c44e52"), ("timeout", "#8c8c8c")):
        ys = [_num((r["real_exec_s_by_outcome_per_trial"] or {}).get(kind)) for r in rows]
        ax.bar(xs, ys, bottom=bottom, color=colour, label=kind)
        bottom = [b + y for b, y in zip(bottom, ys, strict=True)]
    ax.set_xticks(xs, [r["arm"] for r in rows], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("real execution per trial (s)")
    ax.legend(fontsize=8)
    return _save(fig, path)


def plot_fig1c(results: dict[str, Any], path: Path) -> Path:
    rows = {r["arm"]: r for r in _rows(results)}
    fig, (ax,) = _figure(7.0, 5.0, bottom=0.12)
    for row in rows.values():
        x, y = _num(row["real_exec_s_per_trial"]), _num(row["mean_percentile"])
        ax.errorbar(
            [x], [y], yerr=[_num(row["se"]) if row["se"] is not None else 0.0],
            fmt="o", color=_GATE_COLOURS.get(row["gate"], "#8172b3"), capsize=3,
        )  # fmt: skip
        ax.annotate(row["arm"], (x, y), fontsize=7, xytext=(4, 3), textcoords="offset points")
    for gated, entry in results["comparisons"]["gate"].items():
        a, b = rows.get(entry["ungated"]), rows.get(gated)
        if a is None or b is None:
            continue
        ax.annotate(
            "",
            xy=(_num(b["real_exec_s_per_trial"]), _num(b["mean_percentile"])),
            xytext=(_num(a["real_exec_s_per_trial"]), _num(a["mean_percentile"])),
            arrowprops={"arrowstyle": "->", "color": "#555555", "lw": 1},
        )
    ax.margins(x=0.18, y=0.12)  # room for the arm labels
    ax.set_xlabel("real execution per trial (s)")
    ax.set_ylabel("mean percentile (invalid = 0)")
    ax.set_title("quality against real execution (arrows: ungated -> gated)", fontsize=10)
    return _save(fig, path)


def plot_over_time(results: dict[str, Any], path: Path) -> Path:
    fig, (ax,) = _figure(7.5, 4.6, bottom=0.12)
    for row in _rows(results):
        line = results["over_time"].get(row["arm"]) or []
        style = {"always": "-", "confidence": "--", "random": ":"}.get(row["gate"], "-.")
        ax.plot(range(1, len(line) + 1), line, style, label=row["arm"], lw=1.3)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("step")
    ax.set_ylabel("mean percentile of the best verified node")
    ax.legend(fontsize=7, ncol=2)
    return _save(fig, path)


def write_plots(results: dict[str, Any], root: Path) -> list[Path]:
    if not _rows(results):
        return []
    percentile, valid, real_exec, fig1c, over_time = (root / name for name in PLOT_FILES)
    return [
        _bars(results, percentile, "mean_percentile", "mean percentile", "se"),
        _bars(results, valid, "valid_rate", "valid rate", None),
        plot_real_exec(results, real_exec),
        plot_fig1c(results, fig1c),
        plot_over_time(results, over_time),
    ]
