"""One thread per numeric library while static analysis runs the program's fits.

The walk fits the program's estimators for real: trial fits on small made-up data
(params.py), steps on the task's data (dtypes.py, fit_failures.py), LightGBM boosters
(boosters.py). With OpenMP's and OpenBLAS' default of one thread per core, those small
fits spend their time synchronising threads, and on a busy machine a thread waiting for a
core spins: one trial fit of HistGradientBoostingClassifier or PoissonRegressor took 10
to 20 times the CPU with two threads that it takes with one. Whether a fit raises, and
what it says, does not depend on the thread count (training's analysis workers already
run one thread each, fast/batch.py).

The limit holds only while a walk runs: the process around it (an agent, the fast
model's own LightGBM) keeps its threads. It does not own which numbers a fit computes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any


@contextmanager
def one_thread() -> Iterator[None]:
    """numpy's and scipy's BLAS, scikit-learn's and LightGBM's OpenMP: one thread each."""
    with _pools().limit(limits=1):
        yield


@cache
def _pools() -> Any:
    """The libraries' thread pools, found once per process (finding them reads every loaded
    library, milliseconds); they are loaded first, so that none a walk loads later is missed."""
    import lightgbm  # noqa: F401
    import scipy.linalg  # noqa: F401
    import sklearn  # noqa: F401  (its OpenMP runtime)
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()
