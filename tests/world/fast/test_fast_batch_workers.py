"""Static analysis of many programs in worker processes (world/fast/batch.analyze_many).

Training calibrates on a few hundred foreign programs at once, which analyse in forked
workers. A fork of a process whose OpenMP pool has run hangs in its first parallel
region; static analysis trial-fits the program's estimators (scikit-learn's GLMs are
parallel) and boosters, so the workers are fresh interpreters. The scenario runs in a child interpreter so a hang fails the test instead of
stalling the suite.

Each program's valid GLM stops after one solver iteration: its trial fit still enters
OpenMP's parallel loss in the worker (where a hang would show), and the 210 programs (over
analyze_many's 200, so workers start) analyse in half the time full solves took.
"""

from __future__ import annotations

import subprocess
import sys

SCENARIO = """
import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier

from mleworld.world.fast.batch import analyze_many
from mleworld.world.format import WorldInput
from mleworld.world.prediction import Query

X = np.random.default_rng(0).normal(size=(2000, 10))
import lightgbm as lgb
HistGradientBoostingClassifier(max_iter=20).fit(X, (X[:, 0] > 0).astype(int))  # OpenMP has run
lgb.train({"verbose": -1}, lgb.Dataset(X, X[:, 0]), num_boost_round=5)

PROGRAM = '''import numpy as np
from sklearn.linear_model import PoissonRegressor
X = np.arange(40.0).reshape(20, 2)
y = np.arange(20.0)
PoissonRegressor(alpha={alpha}, max_iter=1).fit(X, y)
import lightgbm as lgb
lgb.train({{"objective": "regression", "verbose": -1}}, lgb.Dataset(X, y), num_boost_round=2)
PoissonRegressor(alpha=-{alpha}).fit(X, y)
'''
queries = [
    Query(x=WorldInput(program=PROGRAM.format(alpha=i + 1), time_limit_s=60.0))
    for i in range(210)
]
in_workers = analyze_many(queries, workers=2)
serial = analyze_many(queries[:3] + queries[-3:], workers=1)
first = [r.first_fatal for r in in_workers]
assert [f.exc_type if f else None for f in first] == ["InvalidParameterError"] * 210, first[:3]
assert [r.first_fatal.message for r in serial] == [
    first[i].message for i in (0, 1, 2, -3, -2, -1)
]
print("ok")
"""


def test_workers_analyse_after_openmp_has_run_in_the_parent() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCENARIO], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "ok"
