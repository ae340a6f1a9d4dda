"""PNG plots of an evaluation: per-field accuracy with SE bars (Table 1), accuracy by
p_max quintile (figure 7), the gate trade-off (figure 9) and latency vs real runtime.

Drawn with matplotlib's Agg backend into files; nothing is shown on screen and
the global backend is left alone. Every plot reads only the results dict.

Not here: computing the numbers (holdout_eval.py), the Markdown (report.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = [
    "plot_cost",
    "plot_field_accuracy",
    "plot_gate_tradeoff",
    "plot_quintiles",
    "write_plots",
]

_FIELDS = (
    ("exception_class", "Exception class"),
    ("terminal_output", "Terminal output"),
    ("crash_class", "Crash class"),
    ("metric_within_5pct", "Metric (±5%)"),
    ("metric_recall", "Metric recall"),
    ("submission", "Submission"),
)
_QUINTILE_FIELDS = (
    ("metric_within_5pct", "(a) metric within 5%"),
    ("exception_class", "(b) exception class"),
    ("terminal_output", "(c) terminal output"),
)


def _figure(width: float, height: float, ncols: int = 1, bottom: float = 0.14) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=110)
    axes = fig.subplots(1, ncols, squeeze=False)[0]
    left = 0.75 / width  # room for the y label, in inches
    fig.subplots_adjust(left=left, right=0.98, top=0.9, bottom=bottom, wspace=0.25)
    return fig, axes


def _save(fig: Any, path: Path) -> Path:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    path.parent.mkdir(parents=True, exist_ok=True)
    FigureCanvasAgg(fig)
    # Fixed margins (set in _figure) instead of tight_layout: the same look for
    # these few layouts at a fraction of the drawing time.
    fig.savefig(path, format="png")
    return path


def _pct(value: float | None) -> float:
    return float("nan") if value is None else 100.0 * value


def plot_field_accuracy(results: Mapping[str, Any], path: Path) -> Path:
    """Grouped bars: one group per field, one bar per model, ± program-bootstrap SE."""
    models = list(results["models"])
    fig, (ax,) = _figure(
        min(14.0, max(8.0, 0.45 * len(_FIELDS) * max(1, len(models)))), 4.2, bottom=0.18
    )
    width = 0.8 / max(1, len(models))
    for k, name in enumerate(models):
        entry = results["models"][name]
        xs = [i + (k - (len(models) - 1) / 2) * width for i in range(len(_FIELDS))]
        ys = [_pct((entry.get(f) or {}).get("accuracy")) for f, _ in _FIELDS]
        errs = [
            _pct((entry.get(f) or {}).get("se"))
            if (entry.get(f) or {}).get("se") is not None
            else 0.0
            for f, _ in _FIELDS
        ]
        ax.bar(xs, ys, width=width, yerr=errs, capsize=2, label=name, color=f"C{k % 10}")
    ax.set_xticks(range(len(_FIELDS)))
    ax.set_xticklabels([title for _, title in _FIELDS], rotation=15)
    ax.set_ylabel("accuracy (%)")
    ax.set_ylim(0, 105)
    n = results["holdout"]["programs"]
    ax.set_title(f"Per-field accuracy on {n} held-out programs (± bootstrap SE)")
    ax.legend(fontsize=8, loc="upper right")
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def plot_quintiles(results: Mapping[str, Any], path: Path) -> Path:
    """Accuracy by p_max quintile, one panel per field, one line per model with a p_max."""
    fig, axes = _figure(13.0, 4.0, ncols=len(_QUINTILE_FIELDS))
    quintiles = results.get("quintiles") or {}
    colours = {name: f"C{i % 10}" for i, name in enumerate(results["models"])}
    drawn = False
    for ax, (field, title) in zip(axes, _QUINTILE_FIELDS, strict=True):
        for name, calib in quintiles.items():
            if not calib:
                continue
            qs = [q for q in calib["quintiles"] if q["n"]]
            xs = [q["quintile"] for q in qs]
            ys = [_pct(q["fields"][field]["accuracy"]) for q in qs]
            errs = [
                _pct(q["fields"][field]["se"]) if q["fields"][field]["se"] is not None else 0.0
                for q in qs
            ]
            ax.errorbar(
                xs, ys, yerr=errs, marker="o", capsize=3, label=name, color=colours.get(name)
            )
            drawn = True
        ax.set_title(title)
        ax.set_xlabel("p_max quintile (1 = least confident)")
        ax.set_xticks(range(1, 6))
        ax.set_ylim(0, 105)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("accuracy (%)")
    if drawn:
        axes[-1].legend(fontsize=8, loc="lower right")
    else:
        axes[1].text(
            0.5,
            0.5,
            "no model gives a class distribution",
            ha="center",
            transform=axes[1].transAxes,
        )
    return _save(fig, path)


def plot_gate_tradeoff(results: Mapping[str, Any], path: Path) -> Path:
    """Error vs share of runtime skipped as γ sweeps 0..1, predicted successes and failures apart."""
    from matplotlib.lines import Line2D

    fig, axes = _figure(11.0, 4.3, ncols=2)
    gates = results.get("gate_tradeoff") or {}
    colours = {name: f"C{i % 10}" for i, name in enumerate(results["models"])}
    shown: list[str] = []
    for ax, kind, title in zip(
        axes, ("success", "failure"), ("predicted successes", "predicted failures"), strict=True
    ):
        for name, gate in gates.items():
            if not gate or not gate[kind]["n"]:
                continue
            curve = [p for p in gate[kind]["curve"] if p["error"] is not None]
            if not curve:
                continue
            colour = colours[name]
            xs = [100 * p["skipped_runtime_share"] for p in curve]
            ys = [100 * p["error"] for p in curve]
            ax.plot(xs, ys, color=colour, marker=".", ms=3, lw=1.2, alpha=0.9)
            if name not in shown:
                shown.append(name)
            c = gate[kind]["configured"]
            if c["error"] is not None:
                point = (100 * c["skipped_runtime_share"], 100 * c["error"])
                ax.plot(*point, marker="o", ms=8, mfc="none", mew=1.8, color=colour)
                ax.annotate(
                    f"γ={gate[kind]['gamma']:.2f}",
                    point,
                    textcoords="offset points",
                    xytext=(-30, 6),
                    fontsize=7,
                    color=colour,
                )
            s = gate[kind]["suggested"]
            if s is not None:
                point = (100 * s["skipped_runtime_share"], 100 * s["error"])
                ax.plot(*point, marker="*", ms=11, color=colour)
        target = results["settings"]["target_error"]
        ax.axhline(100 * target, color="grey", ls=":", lw=1)
        ax.set_title(f"{title}: o configured γ, * suggested (≤{100 * target:.0f}%)", fontsize=10)
        ax.set_xlabel("runtime skipped (%)")
        ax.set_xlim(-2, 105)
        ax.set_ylim(-3, 103)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("error among skipped (%)")
    if shown:
        handles = [Line2D([], [], color=colours[n], lw=2) for n in shown]
        axes[1].legend(handles, shown, fontsize=8, loc="upper left")
    else:
        axes[0].text(
            0.5,
            0.5,
            "no model gives a class distribution",
            ha="center",
            transform=axes[0].transAxes,
        )
    return _save(fig, path)


def plot_cost(results: Mapping[str, Any], path: Path) -> Path:
    """Total prediction time per model next to the real runtime of the same programs (log scale)."""
    models = list(results["models"])
    fig, (ax,) = _figure(max(6.0, 1.2 * (len(models) + 1)), 4.0, bottom=0.2)
    values = [max(results["models"][m]["prediction_s_total"], 1e-6) for m in models]
    real = max(results["holdout"]["runtime_s_total"], 1e-6)
    ax.bar(range(len(models) + 1), [real, *values], color=["grey"] + ["C0"] * len(models))
    ax.set_xticks(range(len(models) + 1))
    ax.set_xticklabels(["real runs", *models], rotation=15)
    ax.set_yscale("log")
    ax.set_ylabel("seconds (log scale)")
    ax.set_title("Prediction time vs real execution time, same programs")
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def write_plots(results: Mapping[str, Any], out_dir: str | Path) -> list[Path]:
    """Every plot as PNG under `out_dir`; returns their paths."""
    out = Path(out_dir)
    return [
        plot_field_accuracy(results, out / "field_accuracy.png"),
        plot_quintiles(results, out / "accuracy_by_quintile.png"),
        plot_gate_tradeoff(results, out / "gate_tradeoff.png"),
        plot_cost(results, out / "cost.png"),
    ]
