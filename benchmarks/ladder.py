"""The reference ladder of every suite task: its references, its shape, what it takes to
medal on it, and how long it takes to build.

For each suite task the task is built from scratch (timed: the reference fits, the
bootstrap and the ladder dominate a build), then read back:
- the references and their test scores, the team count, the medal thresholds;
- where the constant prediction, a single default LightGBM (the `lightgbm` reference:
  LightGBM's defaults, 100 rounds) and the strongest reference land (percentile, medal);
- the four ladder properties: the constant sits at the bottom (it beats no row), the
  default LightGBM lands below gold, gold requires at least matching the strongest
  reference, and near the top (from the best row down to the bronze threshold) a score
  one test-set bootstrap SE worse gets a different percentile (every gap between
  neighbouring scores there is under one SE; the thresholds and the strongest reference
  are checked by name too).

With --agent-runs DIR (one `mleworld run` directory per task, named by task, holding its
submission.csv) and --old-tasks DIR (the same tasks built by an earlier version), each
run's submission is graded on the old and on the new ladder, and
benchmarks/results/ladder_agent.json (beside --out) gets both percentiles per task, their
means, and whether each task's public/ is byte-identical in the two builds.

Writes benchmarks/results/ladder.json. Usage:
    python benchmarks/ladder.py [--tasks a,b] [--build-dir DIR]
                                [--agent-runs DIR --old-tasks DIR [--agent-only]]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.tasks.grading import grade_file
from mleworld.tasks.leaderboard import load_leaderboard, medal_positions, rank, thresholds
from mleworld.tasks.reference_summary import LadderSummary
from mleworld.tasks.suite import SUITE_VERSION, list_suite, prepare_suite_task
from mleworld.tasks.task import Task, load_task

RESULTS = Path(__file__).parent / "results" / "ladder.json"
DEFAULT_LIGHTGBM = "lightgbm"
BUILD_LIMIT_S = 300.0
# How the runs graded by --agent-runs are made (their submissions do not depend on the ladder).
AGENT_COMMAND = "mleworld run TASK --steps 10 --seed 0 --defect-rate 0 --out RUNS/TASK --quiet"


def _place(score: float, board: Any, lower: bool) -> dict[str, Any]:
    r = rank(score, board, lower)
    return {"score": score, "percentile": round(r.percentile, 3), "medal": r.medal}


def _worse(score: float, se: float, lower: bool) -> float:
    return score + se if lower else score - se


def se_separation(board: Any, lower: bool, points: dict[str, float], se: float) -> dict[str, Any]:
    """Does a score one SE worse get a different percentile, everywhere near the top?

    Near the top = from the best row down to the bronze threshold. Two scores there one SE
    apart get the same percentile only if no row lies between them, so the property holds
    for every such pair exactly when each gap between neighbouring distinct scores there is
    under one SE. The named points (thresholds, the strongest reference) are reported too.
    """
    scores = board["score"].to_numpy(dtype=float)
    best_first = np.sort(scores) if lower else np.sort(scores)[::-1]
    bronze = medal_positions(len(best_first))[2]
    top = np.unique(best_first[:bronze])
    max_gap = float(np.max(np.diff(top))) if len(top) > 1 else 0.0
    checks = {}
    for name, x in points.items():
        here = rank(x, board, lower).percentile
        below = rank(_worse(x, se, lower), board, lower).percentile
        checks[name] = {
            "score": x,
            "percentile": round(here, 3),
            "one_se_worse": _worse(x, se, lower),
            "percentile_one_se_worse": round(below, 3),
            "separated": bool(here != below),
        }
    return {
        "se": se,
        "rows_to_bronze": bronze,
        "max_gap_to_bronze": max_gap,
        "max_gap_in_se": round(max_gap / se, 4) if se > 0 else None,
        "points": checks,
        "all_separated": bool(se > 0 and max_gap < se)
        and all(c["separated"] for c in checks.values()),
    }


def task_row(task: Task, build_s: float) -> dict[str, Any]:
    summary = LadderSummary.of(task)
    assert summary is not None, f"{task.id} has no reference_ladder summary"
    lower = task.is_lower_better
    board = load_leaderboard(task.leaderboard_path)
    scores = board["score"].to_numpy(dtype=float)
    limits = thresholds(board, lower)
    gold_pos, silver_pos, bronze_pos = medal_positions(len(board))
    strongest = summary.strongest_score
    constant = summary.constant
    default = summary.references.get(DEFAULT_LIGHTGBM)
    at = {
        "constant": _place(constant, board, lower),
        "default_lightgbm": None if default is None else _place(default, board, lower),
        "strongest": _place(strongest, board, lower) | {"name": summary.strongest},
    }
    beaten_by_constant = int((scores > constant).sum() if lower else (scores < constant).sum())
    gold_needs_strongest = limits.gold <= strongest if lower else limits.gold >= strongest
    separation = se_separation(
        board,
        lower,
        {
            "strongest": strongest,
            "gold_threshold": limits.gold,
            "silver_threshold": limits.silver,
            "bronze_threshold": limits.bronze,
        },
        summary.score_se,
    )
    refs = dict(sorted(summary.references.items(), key=lambda kv: kv[1] if lower else -kv[1]))
    return {
        "metric": task.metric,
        "lower_is_better": lower,
        "rows": task.extra.get("rows"),
        "teams": len(board),
        "medal_positions": {"gold": gold_pos, "silver": silver_pos, "bronze": bronze_pos},
        "thresholds": {
            "gold": limits.gold,
            "silver": limits.silver,
            "bronze": limits.bronze,
            "median": limits.median,
        },
        "references": refs,
        "off_ladder": list(summary.off_ladder),
        "strongest": summary.strongest,
        "score_se": summary.score_se,
        "best_possible": summary.best_possible,
        "where": at,
        "default_lightgbm_normalized": None if default is None else summary.normalized(default),
        # Where a default LightGBM is already within noise of the strongest reference (a
        # saturated task), no ladder built from references can put it far below gold.
        "default_lightgbm_gap_in_se": None
        if default is None or summary.score_se <= 0
        else round(abs(strongest - default) / summary.score_se, 3),
        "properties": {
            "constant_at_bottom": beaten_by_constant == 0,
            "default_lightgbm_below_gold": default is not None
            and at["default_lightgbm"]["medal"] != "gold",
            "gold_requires_strongest": bool(gold_needs_strongest),
            "se_separated_near_top": separation["all_separated"],
        },
        "se_separation": separation,
        "build_s": round(build_s, 1),
        "build_under_limit": build_s < BUILD_LIMIT_S,
    }


def public_digest(task_dir: Path) -> str:
    """sha256 over every file under public/ (relative path and bytes, in sorted order)."""
    digest = hashlib.sha256()
    public = task_dir / "public"
    for path in sorted(p for p in public.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(public)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def agent_rows(runs: Path, old_tasks: Path, new_tasks: Path, names: list[str]) -> dict[str, Any]:
    """Each run's submission graded on the old and the new ladder; public/ compared too."""
    rows: dict[str, Any] = {}
    public = {
        name: public_digest(old_tasks / name) == public_digest(new_tasks / name) for name in names
    }
    for name in names:
        submission = runs / name / "submission.csv"
        if not submission.is_file():
            rows[name] = {"submission": False}
            continue
        old = grade_file(load_task(old_tasks / name), submission)
        new = grade_file(load_task(new_tasks / name), submission)
        rows[name] = {
            "submission": True,
            "score": new.score,
            "old": {"percentile": old.percentile, "medal": old.medal},
            "new": {
                "percentile": new.percentile,
                "medal": new.medal,
                "normalized_score": new.normalized_score,
            },
        }

    # A task without a valid submission counts as percentile 0, as MLE-World reports it.
    def mean(which: str) -> float:
        values = [
            (r[which]["percentile"] or 0.0) if r.get("submission") else 0.0 for r in rows.values()
        ]
        return round(float(np.mean(values)), 2)

    return {
        "public_identical": public,
        "all_public_identical": all(public.values()),
        "tasks": rows,
        "mean_percentile": {"old": mean("old"), "new": mean("new")},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", default="", help="comma-separated suite names (default: all)")
    parser.add_argument("--build-dir", type=Path, help="keep the built tasks here")
    parser.add_argument("--agent-runs", type=Path, help="run directories, one per task name")
    parser.add_argument("--old-tasks", type=Path, help="the same tasks built before the change")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--agent-only",
        action="store_true",
        help="grade the agent runs on the tasks already in --build-dir; build nothing",
    )
    args = parser.parse_args()
    names = [t for t in args.tasks.split(",") if t] or [e.name for e in list_suite()]
    if args.agent_only:
        if not (args.build_dir and args.agent_runs and args.old_tasks):
            parser.error("--agent-only needs --build-dir, --agent-runs and --old-tasks")
        write_agent(args, agent_rows(args.agent_runs, args.old_tasks, args.build_dir, names))
        return

    tmp = None
    if args.build_dir is None:
        tmp = tempfile.mkdtemp(prefix="ladder-")
    root = args.build_dir or Path(tmp or ".")
    rows: dict[str, Any] = {}
    try:
        for name in names:
            out = root / name
            shutil.rmtree(out, ignore_errors=True)
            started = time.perf_counter()
            prepare_suite_task(name, out_dir=out)
            build_s = time.perf_counter() - started
            rows[name] = task_row(load_task(out), build_s)
            print(json.dumps({name: rows[name]["properties"] | {"build_s": round(build_s, 1)}}))
            write_results(args.out, rows, complete=len(rows) == len(names))
        if args.agent_runs and args.old_tasks:
            write_agent(args, agent_rows(args.agent_runs, args.old_tasks, root, names))
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(json.loads(args.out.read_text())["totals"], indent=2))


def write_agent(args: argparse.Namespace, agent: dict[str, Any]) -> None:
    out = args.out.with_name(f"{args.out.stem}_agent.json")
    setup = {
        "runs": str(args.agent_runs),
        "runs_made_with": AGENT_COMMAND,
        "old_tasks": str(args.old_tasks),
    }
    out.write_text(
        json.dumps({"benchmark": "ladder_agent", **_setup(), **setup, **agent}, indent=2) + "\n"
    )
    print(json.dumps(agent["mean_percentile"]))


def _setup() -> dict[str, Any]:
    return {
        "suite_version": SUITE_VERSION,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
    }


def _notes(rows: dict[str, Any]) -> dict[str, str]:
    """One line per task where a property fails or a default LightGBM is within noise."""
    notes = {}
    for name, r in rows.items():
        failed = [k for k, ok in r["properties"].items() if not ok]
        gap = r["default_lightgbm_gap_in_se"]
        if failed:
            notes[name] = f"fails: {', '.join(failed)}"
        elif gap is not None and gap < 1.0:
            where = r["where"]["default_lightgbm"]
            notes[name] = (
                f"a default LightGBM is {gap:.2f} SE from the strongest reference "
                f"({r['strongest']}), within test-set noise of it, so no reference ladder can "
                f"put it far below gold: percentile {where['percentile']:.1f}, "
                f"{where['medal'] or 'no medal'}"
            )
    return notes


def _largest(rows: dict[str, Any]) -> dict[str, Any] | None:
    def size(name: str) -> int:
        counts = rows[name]["rows"] or {}
        return int(counts.get("train", 0)) + int(counts.get("test", 0))

    if not rows:
        return None
    name = max(rows, key=size)
    return {"name": name, "rows": size(name), "build_s": rows[name]["build_s"]}


def write_results(out: Path, rows: dict[str, Any], complete: bool) -> None:
    props = [r["properties"] for r in rows.values()]
    totals = {
        "tasks": len(rows),
        **{key: sum(p[key] for p in props) for key in (props[0] if props else {})},
        "max_build_s": max((r["build_s"] for r in rows.values()), default=None),
        "builds_under_limit": sum(r["build_under_limit"] for r in rows.values()),
        "largest_task": _largest(rows),
    }
    result = {
        "benchmark": "ladder",
        "complete": complete,
        **_setup(),
        "build_limit_s": BUILD_LIMIT_S,
        "totals": totals,
        "notes": _notes(rows),
        "tasks": rows,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
