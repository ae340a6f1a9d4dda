"""The builtin agent on the bundled suite: does it reach a valid submission on every
task, and with defects injected, how many does the debug stage repair?

For each suite task, two runs of the real loop (builtin code model, real sandbox):
- clean: `--defect-rate 0` for `--steps` steps: is the best verified submission
  valid, and its test score, percentile and medal;
- defects: `--defect-rate R`: of the buggy programs the agent went on to debug,
  the share whose debug chain reached a verified program (and the per-attempt
  fix rate of debug steps).

Writes benchmarks/results/agent_suite.json. Usage:
    python benchmarks/agent_suite.py [--steps 20] [--defect-rate 0.5] [--tasks a,b]
                                     [--seed 0] [--time-limit 120]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

from mleworld.agent.config import build_config
from mleworld.agent.journal import Journal, load_journal
from mleworld.agent.loop import start
from mleworld.agent.node import Node
from mleworld.tasks.suite import list_suite, resolve_task

RESULTS = Path(__file__).parent / "results" / "agent_suite.json"


def _run(
    task: str, args: argparse.Namespace, defect_rate: float, root: Path
) -> tuple[dict, Journal]:
    config = build_config(
        {
            "task": task,
            "seed": args.seed,
            "agent": {"steps": args.steps},
            "exec": {"time_limit_s": args.time_limit},
            "codegen": {"model": "builtin", "defect_rate": defect_rate},
        }
    )
    run_dir = root / f"{task}-{defect_rate}"
    summary = start(config, run_dir)
    journal = load_journal(run_dir / "journal.jsonl", summary["lower_is_better"])
    return summary, journal


def _repaired(node: Node) -> bool:
    """Did a chain of debug steps below this buggy node reach a verified program?"""
    return any(c.stage == "debug" and (c.verified or _repaired(c)) for c in node.children)


def debug_stats(journal: Journal) -> dict[str, Any]:
    debug_nodes = [n for n in journal if n.stage == "debug"]
    # A defect = a buggy executed program that was not itself a debug attempt.
    defects = [n for n in journal if n.executed and n.is_buggy and n.stage != "debug"]
    debugged = [n for n in defects if any(c.stage == "debug" for c in n.children)]
    repaired = [n for n in debugged if _repaired(n)]
    return {
        "defects": len(defects),
        "defects_debugged": len(debugged),
        "defects_repaired": len(repaired),
        "repaired_share": round(len(repaired) / len(debugged), 3) if debugged else None,
        "debug_attempts": len(debug_nodes),
        "debug_attempts_fixed": sum(n.verified for n in debug_nodes),
        "fix_rate_per_attempt": round(sum(n.verified for n in debug_nodes) / len(debug_nodes), 3)
        if debug_nodes
        else None,
        "exc_types": sorted({str(n.exc_type) for n in defects}),
    }


def _clean_row(summary: dict[str, Any]) -> dict[str, Any]:
    grade = summary.get("grade") or {}
    return {
        "valid_submission": bool(grade.get("valid")),
        "best_metric": summary["best_metric"],
        "score": grade.get("score"),
        "percentile": grade.get("percentile"),
        "medal": grade.get("medal"),
        "steps": summary["steps"],
        "executed": summary["used"]["executed"],
        "buggy": summary["nodes"]["buggy"],
        "exec_time_s": summary["used"]["exec_time_s"],
        "wall_time_s": summary["used"]["wall_time_s"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--defect-rate", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--time-limit",
        type=float,
        default=120.0,
        help="per-program limit in seconds (an injected timeout defect runs this long)",
    )
    parser.add_argument("--tasks", default="", help="comma-separated suite names (default: all)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    names = [t for t in args.tasks.split(",") if t] or [e.name for e in list_suite()]

    rows: dict[str, Any] = {}
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="agent-suite-") as tmp:
        for name in names:
            task = resolve_task(name)
            clean, _ = _run(name, args, 0.0, Path(tmp))
            defect, journal = _run(name, args, args.defect_rate, Path(tmp))
            rows[name] = {
                "metric": task.metric,
                "clean": _clean_row(clean),
                "defects": _clean_row(defect) | debug_stats(journal),
            }
            print(json.dumps({name: rows[name]}), flush=True)
            # Written after every task, so a long benchmark cut short still leaves results.
            write_results(args, rows, time.time() - started, complete=len(rows) == len(names))
    print(json.dumps(json.loads(args.out.read_text())["totals"], indent=2))


def write_results(
    args: argparse.Namespace, rows: dict[str, Any], wall_time_s: float, complete: bool
) -> None:
    debugged = sum(r["defects"]["defects_debugged"] for r in rows.values())
    repaired = sum(r["defects"]["defects_repaired"] for r in rows.values())
    attempts = sum(r["defects"]["debug_attempts"] for r in rows.values())
    fixed = sum(r["defects"]["debug_attempts_fixed"] for r in rows.values())
    result = {
        "benchmark": "agent_suite",
        "complete": complete,
        "steps": args.steps,
        "seed": args.seed,
        "defect_rate": args.defect_rate,
        "time_limit_s": args.time_limit,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "wall_time_s": round(wall_time_s, 1),
        "totals": {
            "tasks": len(rows),
            "valid_submission_tasks": sum(r["clean"]["valid_submission"] for r in rows.values()),
            "medals": sum(r["clean"]["medal"] is not None for r in rows.values()),
            "defects_debugged": debugged,
            "defects_repaired": repaired,
            "repaired_share": round(repaired / debugged, 3) if debugged else None,
            "debug_attempts": attempts,
            "fix_rate_per_attempt": round(fixed / attempts, 3) if attempts else None,
        },
        "tasks": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
