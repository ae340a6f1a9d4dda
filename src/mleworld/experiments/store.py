"""An experiment directory: its grid, its trials, and the results built from them.

    experiment.json        the GridSpec (what --resume reads back)
    trials/<arm>/<task>/seed<k>/   one agent run per trial; trial.json once it finished
    results.json           rows (one per arm), comparisons, the percentile over steps
    results.md             the same as tables, with what the grid does and does not show
    *.png                  the plots (plots.py)
    .gitignore             keeps the trial summaries, not the runs' workspaces and reports

A finished trial is one with a trial.json; everything else is redone or resumed.
Results are rewritten (atomically) after every finished trial, so a killed
experiment still has its table.

Not here: running trials (runner.py), the numbers (aggregate.py).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from mleworld.errors import ConfigError
from mleworld.experiments import aggregate
from mleworld.experiments.grid import GridSpec, Trial
from mleworld.experiments.trial import read_trial
from mleworld.files import atomic_write_text

SPEC_FILE = "experiment.json"
RESULTS_JSON = "results.json"
RESULTS_MD = "results.md"
TRIALS_DIR = "trials"
# Inside trials/: keep each trial's summary; the run directories themselves are bulky.
GITIGNORE = "trials/*/*/*/*\n!trials/*/*/*/trial.json\n"


def trial_dir(root: Path, trial: Trial) -> Path:
    return root / TRIALS_DIR / trial.key


def open_experiment(root: Path, spec: GridSpec | None, resume: bool) -> GridSpec:
    """The grid to run in `root`: a new one, or the stored one (when resuming).

    On --resume a new grid may add or drop arms, tasks and seeds (finished trials
    are kept by their folder), but what every trial shares (budgets, defect rate)
    must stay: otherwise trials of one table would have run under different rules.
    """
    path = root / SPEC_FILE
    stored = None
    if path.is_file():
        try:
            stored = GridSpec.from_dict(json.loads(path.read_text(encoding="utf-8")))
        except (ValueError, KeyError, TypeError):
            raise ConfigError(
                f"{path} is damaged; start a new experiment with another --out"
            ) from None
    if not resume:
        if stored is not None or (root / TRIALS_DIR).exists():
            raise ConfigError(
                f"{root} already holds an experiment; continue it with --resume or pass a new --out"
            )
        if spec is None:
            raise ConfigError("no grid given")
        chosen = spec
    else:
        if stored is None:
            raise ConfigError(
                f"{root} has no {SPEC_FILE}; --resume continues an experiment started there"
            )
        chosen = stored if spec is None else spec
        if spec is not None and spec.shared() != stored.shared():
            diff = [k for k, v in spec.shared().items() if stored.shared()[k] != v]
            raise ConfigError(
                f"{root} ran with other {', '.join(diff)} than given now; drop those flags to "
                "resume it, or pass a new --out"
            )
    root.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(chosen.to_dict(), indent=1) + "\n")
    if not (root / ".gitignore").is_file():
        atomic_write_text(root / ".gitignore", GITIGNORE)
    return chosen


def finished(root: Path, spec: GridSpec) -> dict[str, dict[str, Any]]:
    """key -> trial summary, for the grid's trials that have finished."""
    out = {}
    for trial in spec.trials():
        data = read_trial(trial_dir(root, trial))
        if data is not None:
            out[trial.key] = data
    return out


def write_results(
    root: Path, spec: GridSpec, trials: dict[str, dict[str, Any]], *, plots: bool = True
) -> dict[str, Any]:
    """results.json, results.md and the plots from the finished trials; returns the results."""
    from mleworld.experiments.markdown import render_results

    planned: dict[str, int] = {}
    for trial in spec.trials():
        planned[trial.arm.name] = planned.get(trial.arm.name, 0) + 1
    done = list(trials.values())
    by_arm: dict[str, list[dict[str, Any]]] = {}
    for t in done:
        by_arm.setdefault(t["arm"], []).append(t)
    horizon = max((len(t.get("timeline") or []) for t in done), default=0)
    results = {
        "schema_version": 1,
        "updated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "trials_done": len(done),
        "trials_planned": len(spec.trials()),
        "grid": spec.to_dict(),
        "rows": aggregate.rows(spec.arms, done, planned),
        "comparisons": aggregate.comparisons(spec.arms, done),
        "by_task": aggregate.by_task(done),
        "over_time": {
            arm.name: aggregate.over_time(by_arm.get(arm.name, []), horizon) for arm in spec.arms
        },
    }
    atomic_write_text(root / RESULTS_JSON, json.dumps(results, indent=1) + "\n")
    from mleworld.experiments.plots import PLOT_FILES, write_plots

    if plots:
        results["plots"] = [p.name for p in write_plots(results, root)]
    else:  # drawn at an earlier update: still listed
        results["plots"] = [name for name in PLOT_FILES if (root / name).is_file()]
    atomic_write_text(root / RESULTS_MD, render_results(results))
    return results
