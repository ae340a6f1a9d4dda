"""The numeric libraries run one thread each while a walk runs, and as before after it."""

from __future__ import annotations

from threadpoolctl import threadpool_info

from mleworld.world.static import analyze
from mleworld.world.static.threads import one_thread


def _threads() -> dict[str, int]:
    return {pool["filepath"]: pool["num_threads"] for pool in threadpool_info()}


def test_one_thread_limits_every_pool_while_held_and_restores_them() -> None:
    with one_thread():
        held = _threads()
    assert held and set(held.values()) == {1}
    before = _threads()
    with one_thread():
        pass
    assert _threads() == before


def test_analysis_leaves_the_thread_counts_as_it_found_them() -> None:
    with one_thread():
        pass  # the libraries loaded, as analysis loads them
    before = _threads()
    program = (
        "import numpy as np\nfrom sklearn.linear_model import LogisticRegression\n"
        "LogisticRegression(C=-1).fit(np.zeros((4, 2)), [0, 1, 0, 1])\n"
    )
    assert analyze(program).first_fatal is not None
    assert _threads() == before
