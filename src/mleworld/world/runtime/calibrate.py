"""Seconds per work unit of each estimator family, measured on this machine and cached.

`calibration()` returns the cached factors under `$MLEWORLD_HOME/runtime/calibration.json`
when they were measured on this machine (same CPU count, Python and library versions),
else measures them: one fresh interpreter, limited to one thread as a sandboxed run
on a shared machine is, fits a small reference model of each family and times it in
CPU seconds (so other work on the machine does not move the factors); a second fresh
interpreter's CPU time is the imports every program pays before its first line of
work. A few seconds in all. `mleworld wm calibrate-runtime` re-measures.
The reference fits and the work units they stand for come from costs.py.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.files import atomic_write_text
from mleworld.paths import home
from mleworld.world.runtime.costs import Fit, units

SCHEMA_VERSION = 1
CACHE = Path("runtime") / "calibration.json"
# A calibration on an overloaded machine would otherwise predict a timeout for everything.
MAX_CONTENTION = 2.0
_THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "LOKY_MAX_CPU_COUNT")

# family -> (the code that builds the model, the reference fit it stands for)
REFERENCE: dict[str, tuple[str, Fit]] = {
    "forest": (
        "sklearn.ensemble:RandomForestRegressor(n_estimators=10, random_state=0)",
        Fit("forest", "RandomForestRegressor", 2000, 10, rounds=10),
    ),
    "gbm": (
        "sklearn.ensemble:GradientBoostingRegressor(n_estimators=20, random_state=0)",
        Fit("gbm", "GradientBoostingRegressor", 2000, 10, rounds=20),
    ),
    "hgb": (
        "sklearn.ensemble:HistGradientBoostingRegressor(max_iter=30, early_stopping=False)",
        Fit("hgb", "HistGradientBoostingRegressor", 5000, 10, rounds=30),
    ),
    "lgbm": (
        "lightgbm:LGBMRegressor(n_estimators=30, verbose=-1)",
        Fit("lgbm", "LGBMRegressor", 5000, 10, rounds=30),
    ),
    "svm": ("sklearn.svm:SVR()", Fit("svm", "SVR", 1500, 10)),
    "gp": (
        "sklearn.gaussian_process:GaussianProcessRegressor(random_state=0)",
        Fit("gp", "GaussianProcessRegressor", 300, 5),
    ),
    "mlp": (
        "sklearn.neural_network:MLPRegressor(hidden_layer_sizes=(50,), max_iter=20, random_state=0)",
        Fit("mlp", "MLPRegressor", 1000, 10, rounds=20, params={"hidden_layer_sizes": (50,)}),
    ),
    "tree": (
        "sklearn.tree:DecisionTreeRegressor(random_state=0)",
        Fit("tree", "DecisionTreeRegressor", 5000, 10),
    ),
    "knn": ("sklearn.neighbors:KNeighborsRegressor()", Fit("knn", "KNeighborsRegressor", 5000, 10)),
    "linear": ("sklearn.linear_model:Ridge()", Fit("linear", "Ridge", 20000, 10)),
    # 300,000 trips of a loop over rows: its for line and four statements, as the walk counts
    "python": ("python:", Fit("python", "Python loops", 1_500_000, 1)),
}

_MEASURE = r"""
import importlib, json, sys, time, warnings
import numpy as np
warnings.simplefilter("ignore")
specs = json.loads(sys.argv[1])
out = {}
rng = np.random.default_rng(0)
def loop(rows, when):
    # the statements of a loop over a table's rows: dates, labels and numpy numbers
    total, count = 0.0, 0
    for d, s, u in rows:
        if d >= when or (when - d).days > 60:
            continue
        total += u
        count += 1
    return total / max(count, 1)
for family, (code, rows, cols) in specs.items():
    module, _, expr = code.partition(":")
    if module == "python":
        import pandas as pd
        dates = pd.date_range("2020-01-01", periods=400, freq="D")
        values = np.arange(rows // 5, dtype=float)
        # values as a frame's columns give them: Timestamps and numpy scalars
        data = list(zip([dates[i % 400] for i in range(rows // 5)], [f"s{i % 7}" for i in range(rows // 5)], values))
        began, cpu = time.perf_counter(), time.process_time()
        loop(data, dates[200])
        out[family] = (time.process_time() - cpu, time.perf_counter() - began)
        continue
    try:
        mod = importlib.import_module(module)
    except ImportError:
        continue
    X = rng.random((rows, cols))
    y = X @ rng.random(cols) + rng.normal(0, 0.1, rows)
    best = None
    for _ in range(2):
        model = eval(expr, vars(mod))
        began, cpu = time.perf_counter(), time.process_time()
        model.fit(X, y)
        took = (time.process_time() - cpu, time.perf_counter() - began)
        best = took if best is None else min(best, took)
    out[family] = best
cpu = time.process_time()
for _ in range(200):
    eval("Ridge()", vars(importlib.import_module("sklearn.linear_model"))).fit(X[:50], y[:50])
out["fit_overhead"] = (time.process_time() - cpu) / 200
print(json.dumps(out))
"""
_STARTUP = "import numpy, pandas, sklearn.ensemble, sklearn.linear_model, sklearn.model_selection"


@dataclass(frozen=True)
class Calibration:
    """CPU seconds per work unit by family, per fit on top, and before the first line.

    Factors are CPU time, so a busy machine does not inflate them; `contention` is the
    wall-clock time the reference fits took per CPU second while calibrating (at least 1),
    which turns the CPU estimate into the wall-clock time a limit is checked against.
    """

    per_unit: dict[str, float]
    fit_overhead_s: float
    startup_s: float
    machine: dict[str, Any]
    measured_at: float
    contention: float = 1.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "per_unit": self.per_unit,
            "fit_overhead_s": self.fit_overhead_s,
            "startup_s": self.startup_s,
            "contention": self.contention,
            "machine": self.machine,
            "measured_at": self.measured_at,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Calibration:
        return cls(
            per_unit={str(k): float(v) for k, v in data["per_unit"].items()},
            fit_overhead_s=float(data["fit_overhead_s"]),
            startup_s=float(data["startup_s"]),
            machine=dict(data["machine"]),
            measured_at=float(data["measured_at"]),
            contention=float(data.get("contention", 1.0)),
        )


def cache_path() -> Path:
    return home() / CACHE


def machine() -> dict[str, Any]:
    """What the factors depend on: a change of any of these asks for a new measurement."""
    versions = {}
    for name in ("numpy", "sklearn", "lightgbm"):
        try:
            module = __import__(name)
            versions[name] = str(getattr(module, "__version__", "?"))
        except ImportError:
            versions[name] = None
    return {
        "node": platform.node(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        **versions,
    }


_LOADED: dict[str, Calibration] = {}  # cache file -> what it held, read once per process


def calibration(*, recalibrate: bool = False) -> Calibration:
    """The factors for this machine: from the cache when they fit it, else measured now."""
    path = cache_path()
    if not recalibrate:
        if str(path) in _LOADED:
            return _LOADED[str(path)]
        cached = read_cache(path)
        if cached is not None:
            _LOADED[str(path)] = cached
            return cached
    measured = measure()
    _write(path, measured)
    _LOADED[str(path)] = measured
    return measured


def read_cache(path: Path) -> Calibration | None:
    """The cached factors when the file is readable and was written on this machine."""
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text())
        cached = Calibration.from_dict(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # unreadable: measure again
    if data.get("schema_version") != SCHEMA_VERSION or cached.machine != machine():
        return None
    return cached


def measure() -> Calibration:
    """Time each family's reference fit and the imports, in fresh one-thread interpreters."""
    env = {**os.environ, **dict.fromkeys(_THREAD_VARS, "1")}
    specs = {f: (code, int(fit.rows), int(fit.features)) for f, (code, fit) in REFERENCE.items()}
    try:
        proc = subprocess.run(
            [sys.executable, "-c", _MEASURE, json.dumps(specs)],
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
        )
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", _STARTUP], env=env, timeout=300, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        startup = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    except (OSError, subprocess.SubprocessError) as exc:
        raise MleWorldError(
            f"runtime calibration could not run {sys.executable} ({exc}); "
            "check that the Python environment is intact and rerun `mleworld wm calibrate-runtime`"
        ) from None
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise MleWorldError(
            f"runtime calibration failed ({tail}); check the installed scikit-learn and "
            "rerun `mleworld wm calibrate-runtime`"
        )
    seconds = json.loads(proc.stdout.strip().splitlines()[-1])
    timed = {f: seconds[f] for f in REFERENCE if f in seconds}
    per_unit = {f: max(float(timed[f][0]), 1e-6) / units(REFERENCE[f][1]) for f in timed}
    ratios = sorted(float(w) / max(float(c), 1e-6) for c, w in timed.values())
    contention = max(1.0, ratios[len(ratios) // 2]) if ratios else 1.0
    return Calibration(
        per_unit=per_unit,
        fit_overhead_s=float(seconds.get("fit_overhead", 0.002)),
        startup_s=startup,
        machine=machine(),
        measured_at=time.time(),
        contention=min(contention, MAX_CONTENTION),
    )


def _write(path: Path, value: Calibration) -> None:
    """Write atomically: a reader sees the old file or the new one, never half of one."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(value.to_dict(), indent=2, sort_keys=True) + "\n")
    except OSError as exc:
        raise MleWorldError(
            f"cannot write the runtime calibration to {path} ({exc.strerror}); "
            "check that MLEWORLD_HOME is writable"
        ) from None
