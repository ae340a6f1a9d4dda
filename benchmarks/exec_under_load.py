"""Benchmark: how much slower a program runs when the machine is busy.

For each program (HistGradientBoosting, LightGBM, RandomForest(n_jobs=-1), a numpy
matmul, a pandas groupby) three runtimes are measured, all as the Outcome's
`runtime_s` (the program's own wall time inside the sandbox):

- idle: the program alone, through `mleworld exec` with default settings;
- cli: one CPU hog plus two copies at once, as two separate `mleworld exec`
  processes (they can only see each other through the machine-wide run count);
- pool: one CPU hog plus two copies at once through a 2-worker `LocalExecutor`.

The ratio loaded ÷ idle is reported per program and mode (the slower of the two
copies counts). A run that hits the time limit is reported at the limit, so its
ratio is a lower bound. `--label` names the code under test ("before", "after"),
and each label's results are kept side by side in
benchmarks/results/exec_under_load.json.

    python benchmarks/exec_under_load.py --label after [--repeats 3] [--programs hgb lgbm]
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

from mleworld.execution.executors import Job, LocalExecutor
from mleworld.execution.limits import Limits

OUT = Path(__file__).parent / "results" / "exec_under_load.json"
TIME_LIMIT_S = 120.0
GOAL, CEILING = 2.5, 3.0

_DATA = """
import numpy as np
rng = np.random.default_rng(0)
X = rng.normal(size=(3000, 20))
y = (X[:, 0] + X[:, 1] * X[:, 2] + rng.normal(size=3000) > 0).astype(int)
"""
PROGRAMS: dict[str, str] = {
    "hgb": _DATA
    + """
from sklearn.ensemble import HistGradientBoostingClassifier
for seed in range(6):
    HistGradientBoostingClassifier(max_iter=100, random_state=seed).fit(X, y)
print("done")
""",
    "lgbm": _DATA
    + """
import lightgbm as lgb
for seed in range(6):
    lgb.LGBMClassifier(n_estimators=200, random_state=seed, verbose=-1).fit(X, y)
print("done")
""",
    "rf": _DATA
    + """
from sklearn.ensemble import RandomForestClassifier
RandomForestClassifier(n_estimators=300, n_jobs=-1, random_state=0).fit(X, y)
print("done")
""",
    "matmul": """
import numpy as np
a = np.random.default_rng(0).normal(size=(1200, 1200))
for _ in range(10):
    a = (a @ a) / np.linalg.norm(a)
print("done")
""",
    "groupby": """
import numpy as np
import pandas as pd
rng = np.random.default_rng(0)
df = pd.DataFrame({"k": rng.integers(0, 50_000, 2_000_000), "v": rng.normal(size=2_000_000)})
for _ in range(4):
    df.groupby("k")["v"].agg(["mean", "std", "max"])
print("done")
""",
}
HOG = "while True:\n    pass\n"


def _mleworld() -> list[str]:
    return [sys.executable, "-m", "mleworld.cli"]


def _start_exec(program: Path) -> subprocess.Popen[str]:
    data = program.parent / "input"
    data.mkdir(exist_ok=True)
    argv = [*_mleworld(), "exec", str(program), "--data-dir", str(data)]
    argv += ["--time-limit", str(TIME_LIMIT_S), "--json"]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _runtime(proc: subprocess.Popen[str]) -> float:
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"mleworld exec failed: {err.strip()[-500:]}")
    outcome = json.loads(out)
    if outcome["exc_type"] not in ("None", "TimeoutError"):
        raise SystemExit(f"benchmark program crashed: {outcome['term_out'][-800:]}")
    return TIME_LIMIT_S if outcome["timed_out"] else float(outcome["runtime_s"])


class _Hog:
    """One busy process for the duration of a measurement."""

    def __enter__(self) -> _Hog:
        self.proc = subprocess.Popen([sys.executable, "-c", HOG])
        time.sleep(0.5)
        return self

    def __exit__(self, *exc: object) -> None:
        self.proc.kill()
        self.proc.wait()


def measure(name: str, code: str, folder: Path, repeats: int) -> dict[str, Any]:
    program = folder / f"{name}.py"
    program.write_text(code)
    idle, cli, pool = [], [], []
    for _ in range(repeats):  # interleaved, so slow drifts in load hit every mode alike
        idle.append(_runtime(_start_exec(program)))
        with _Hog():
            procs = [_start_exec(program) for _ in range(2)]
            cli.append(max(_runtime(p) for p in procs))
            limits = Limits(time_limit_s=TIME_LIMIT_S)
            with LocalExecutor(workers=2) as pool_exec:
                outcomes = pool_exec.run([Job(code, limits=limits, key=str(i)) for i in range(2)])
            pool.append(max(TIME_LIMIT_S if o.timed_out else o.runtime_s for o in outcomes))
    idle_s = statistics.median(idle)
    row: dict[str, Any] = {"idle_s": round(idle_s, 3)}
    for mode, values in (("cli", cli), ("pool", pool)):
        loaded = statistics.median(values)
        row[f"{mode}_s"] = round(loaded, 3)
        row[f"{mode}_ratio"] = round(loaded / idle_s, 2)
        row[f"{mode}_hit_limit"] = any(v >= TIME_LIMIT_S for v in values)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default="after", help="name of the code under test")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--programs", nargs="*", default=list(PROGRAMS), choices=list(PROGRAMS))
    args = parser.parse_args()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        for name in args.programs:
            results[name] = measure(name, PROGRAMS[name], Path(tmp), args.repeats)
            print(name, results[name], flush=True)
    worst = max(max(r["cli_ratio"], r["pool_ratio"]) for r in results.values())
    doc = json.loads(OUT.read_text()) if OUT.exists() else {}
    doc["goal"] = f"loaded/idle <= {GOAL} for every program, never above {CEILING}"
    doc[args.label] = {
        "programs": results,
        "worst_ratio": worst,
        "meets_goal": worst <= GOAL,
        "repeats": args.repeats,
        "time_limit_s": TIME_LIMIT_S,
        "cores": len(os.sched_getaffinity(0)),
        "load_1m_at_start": round(os.getloadavg()[0], 2),
        "python": platform.python_version(),
        "measured_at": time.strftime("%Y-%m-%d %H:%M:%S"),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"worst ratio {worst} (goal <= {GOAL}); wrote {OUT}")


if __name__ == "__main__":
    main()
