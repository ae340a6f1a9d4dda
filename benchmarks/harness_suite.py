"""The harness with the builtin strategy on every bundled suite task, next to AIDE's builtin
agent at the same step budget.

For each suite task, two runs (`--workers` at once) with the same builtin code model, seed, step budget
(`--steps` solution nodes), per-program time limit and sandbox:
- aide: `mleworld run TASK --steps N` (AIDE's fixed loop; every node runs);
- harness: `mleworld run TASK --scaffold harness --steps N` (the builtin strategy:
  inspect, draft, predict with the world model, repair confident predicted failures
  without running them, run the rest, improve the best, submit).
Each run's grade (valid submission, test score, percentile, medal, normalised score),
real executions, wall time and stop reason are recorded, and the harness's turns,
tool calls and world model. Writes benchmarks/results/harness_suite.json.

Measured: 20 min at the defaults, 29 min with --defect-rate 0.5 (timeouts), two loaded cores.
Usage:
    nice -n 10 python benchmarks/harness_suite.py [--steps 3] [--time-limit 120]
        [--tasks a,b] [--seed 0] [--defect-rate 0] [--world-model fast]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from mleworld.agent.config import build_config
from mleworld.agent.loop import start as start_aide
from mleworld.harness import start as start_harness
from mleworld.tasks.suite import list_suite, resolve_task

RESULTS = Path(__file__).parent / "results" / "harness_suite.json"


def _grade(summary: dict[str, Any]) -> dict[str, Any]:
    grade = summary.get("grade") or {}
    used = summary.get("used", {})
    return {
        "valid": bool(grade.get("valid")),
        "score": grade.get("score"),
        "percentile": grade.get("percentile"),
        "medal": grade.get("medal"),
        "normalized_score": grade.get("normalized_score"),
        "executed": used.get("executed"),
        "nodes": summary.get("steps"),
        "wall_time_s": used.get("wall_time_s"),
        "exec_time_s": used.get("exec_time_s"),
        "stop_reason": summary.get("stop_reason"),
    }


def _config(task: str, args: argparse.Namespace) -> Any:
    return build_config(
        {
            "task": task,
            "seed": args.seed,
            "agent": {"steps": args.steps},
            "exec": {"time_limit_s": args.time_limit},
            "codegen": {"model": "builtin", "defect_rate": args.defect_rate},
        }
    )


def run_one(name: str, scaffold: str, args: argparse.Namespace, root: str) -> dict[str, Any]:
    """One run of one scaffold on one task (in a worker process)."""
    started = time.monotonic()
    run_dir = Path(root) / f"{name}-{scaffold}"
    if scaffold == "aide":
        row = _grade(start_aide(_config(name, args), run_dir))
    else:
        harness_cfg = {"world_model": args.world_model, "max_turns": 4 * args.steps + 8}
        summary = start_harness(_config(name, args), run_dir, harness_cfg)
        row = _grade(summary) | {
            "turns": summary["harness"]["turns"],
            "tool_calls": summary["harness"]["tool_calls"],
            "tool_errors": summary["harness"]["tool_errors"],
            "not_run": summary["steps"] - summary["used"]["executed"],
            "submission_chosen_by": (summary.get("submission") or {}).get("chosen_by"),
        }
    row["seconds"] = round(time.monotonic() - started, 1)
    print(
        f"{name} {scaffold}: {row['percentile']} ({row['medal']}), {row['seconds']} s", flush=True
    )
    return row


def _mean(values: list[float | None]) -> float | None:
    kept = [v for v in values if v is not None]
    return round(statistics.fmean(kept), 2) if kept else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--defect-rate", type=float, default=0.0)
    parser.add_argument("--world-model", default="fast")
    parser.add_argument("--tasks", default="")
    parser.add_argument("--workers", type=int, default=2, help="runs at once")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    names = [t for t in args.tasks.split(",") if t] or [e.name for e in list_suite()]
    started = time.monotonic()
    tasks: dict[str, Any] = {}
    for name in names:
        resolve_task(name)  # build every task first, so no run pays for it
    jobs = [(name, scaffold) for name in names for scaffold in ("aide", "harness")]
    with (
        tempfile.TemporaryDirectory(prefix="harness-suite-") as tmp,
        ProcessPoolExecutor(max_workers=args.workers) as pool,
    ):
        rows = pool.map(
            run_one,
            [n for n, _ in jobs],
            [s for _, s in jobs],
            [args] * len(jobs),
            [tmp] * len(jobs),
        )
        for (name, scaffold), row in zip(jobs, rows, strict=True):
            tasks.setdefault(name, {})[scaffold] = row
    summary = {}
    for scaffold in ("aide", "harness"):
        rows = [t[scaffold] for t in tasks.values()]
        summary[scaffold] = {
            "valid_submissions": sum(r["valid"] for r in rows),
            "mean_percentile": _mean([r["percentile"] for r in rows]),
            "mean_percentile_over": "tasks with a valid submission",
            "mean_percentile_invalid_as_0": _mean([r["percentile"] or 0.0 for r in rows]),
            "mean_normalized_score": _mean([r["normalized_score"] for r in rows]),
            "medals": sum(r["medal"] is not None for r in rows),
            "golds": sum(r["medal"] == "gold" for r in rows),
            "executions": sum(r["executed"] or 0 for r in rows),
        }
    result = {
        "benchmark": "harness_suite",
        "command": "nice -n 10 python benchmarks/harness_suite.py "
        f"--steps {args.steps} --time-limit {args.time_limit:g} --seed {args.seed} "
        f"--defect-rate {args.defect_rate:g} --world-model {args.world_model} "
        f"--workers {args.workers}",
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "load_1m_at_end": round(os.getloadavg()[0], 2),
        },
        "tasks_total": len(names),
        "all_valid": {s: summary[s]["valid_submissions"] == len(names) for s in summary},
        "summary": summary,
        "seconds": round(time.monotonic() - started, 1),
        "tasks": tasks,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result["summary"], indent=2))


if __name__ == "__main__":
    main()
