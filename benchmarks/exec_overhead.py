"""Benchmark: what the sandbox costs over a bare `python runfile.py`, and pool throughput.

Per-run overhead: the median wall time of `execute()` minus the median wall time of
`subprocess.run([python, "runfile.py"])` in a plain temp dir, for an empty program
and a 1-second program (20 runs each by default). Throughput: 50 short programs
(~40 ms, where the sandbox's start dominates) and 25 programs of ~0.6 s of pure-Python
work through `LocalExecutor` at 1 and 2 workers. Results go to
benchmarks/results/exec_overhead.json.

    python benchmarks/exec_overhead.py                 # the active isolation mechanism
    python benchmarks/exec_overhead.py --mechanisms bwrap landlock none
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mleworld.execution import isolation
from mleworld.execution.executors import Job, LocalExecutor
from mleworld.execution.limits import Limits
from mleworld.execution.sandbox import execute

PROGRAMS = {"empty": "", "sleep_1s": "import time\ntime.sleep(1)\n"}
SHORT = "print(sum(range(100_000)))\n"
# About half a second of pure-Python work: here the program, not the sandbox's start, dominates.
BUSY = "x = 0\nfor i in range(6_000_000):\n    x += i\nprint(x)\n"
LIMITS = Limits(time_limit_s=120, grace_s=1)
OUT = Path(__file__).parent / "results" / "exec_overhead.json"


def bare_run(code: str) -> float:
    with tempfile.TemporaryDirectory(prefix="bench-bare-") as tmp:
        Path(tmp, "runfile.py").write_text(code)
        start = time.perf_counter()
        subprocess.run([sys.executable, "runfile.py"], cwd=tmp, capture_output=True, check=True)
        return time.perf_counter() - start


def sandbox_run(code: str) -> float:
    start = time.perf_counter()
    outcome = execute(code, limits=LIMITS)
    elapsed = time.perf_counter() - start
    assert outcome.exc_type == "None", outcome.term_out
    return elapsed


def overhead(runs: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    sandbox_run("")  # the isolation probe runs once per process; keep it out of the numbers
    for name, code in PROGRAMS.items():
        bare, boxed = [], []
        for _ in range(runs):  # interleaved, so load changes hit both sides alike
            bare.append(bare_run(code))
            boxed.append(sandbox_run(code))
        results[name] = {
            "runs": runs,
            "bare_median_s": round(statistics.median(bare), 4),
            "sandbox_median_s": round(statistics.median(boxed), 4),
            "overhead_median_ms": round(
                (statistics.median(boxed) - statistics.median(bare)) * 1000, 1
            ),
        }
    return results


def throughput(jobs: int, workers: list[int], code: str) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for n in workers:
        batch = [Job(code, limits=LIMITS, key=str(i)) for i in range(jobs)]
        with LocalExecutor(workers=n) as executor:
            start = time.perf_counter()
            outcomes = executor.run(batch)
            elapsed = time.perf_counter() - start
        assert all(o.exc_type == "None" for o in outcomes)
        results[f"workers_{n}"] = {
            "jobs": jobs,
            "wall_s": round(elapsed, 3),
            "programs_per_s": round(jobs / elapsed, 2),
        }
    results["speedup_2_over_1"] = round(
        results["workers_2"]["programs_per_s"] / results["workers_1"]["programs_per_s"], 2
    )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=50)
    parser.add_argument("--mechanisms", nargs="*", default=None)
    args = parser.parse_args()
    mechanisms = args.mechanisms or [isolation.detect_isolation().mechanism]
    report: dict[str, Any] = {
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        },
        "by_mechanism": {},
    }
    if OUT.exists():  # mechanisms not measured this time keep their last results
        report["by_mechanism"] = json.loads(OUT.read_text()).get("by_mechanism", {})
    for mechanism in mechanisms:
        os.environ[isolation.ENV_VAR] = mechanism
        try:
            isolation.detect_isolation()
        except isolation.ExecutorError as exc:
            report["by_mechanism"][mechanism] = {"unavailable": str(exc)}
            continue
        print(f"[{mechanism}] overhead ...", flush=True)
        entry: dict[str, Any] = {"load_1m_at_start": round(os.getloadavg()[0], 2)}
        entry["overhead"] = overhead(args.runs)
        print(f"[{mechanism}] throughput ...", flush=True)
        entry["throughput"] = throughput(args.jobs, [1, 2], SHORT)
        entry["throughput_busy"] = throughput(max(args.jobs // 2, 2), [1, 2], BUSY)
        report["by_mechanism"][mechanism] = entry
        print(json.dumps(entry, indent=2), flush=True)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
