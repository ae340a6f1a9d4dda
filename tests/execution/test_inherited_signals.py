"""A launcher's signal state does not reach the program: the deadline still interrupts it."""

from __future__ import annotations

import signal
import threading

from mleworld.execution.limits import Limits
from mleworld.execution.outcome import Outcome
from mleworld.execution.sandbox import execute

SLEEPS = "import time\nprint('sleeping', flush=True)\ntime.sleep(120)\n"


def test_a_launcher_blocking_sigint_still_gets_a_keyboard_interrupt() -> None:
    """Ray workers block SIGINT, and a blocked signal stays blocked across fork and exec."""
    result: list[Outcome] = []

    def launcher() -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # this thread only
        result.append(execute(SLEEPS, limits=Limits(time_limit_s=2, grace_s=20)))

    thread = threading.Thread(target=launcher)
    thread.start()
    thread.join()
    [outcome] = result
    assert outcome.timed_out and outcome.exc_type == "TimeoutError"
    # The traceback shows the program got SIGINT at the deadline, not SIGKILL after the grace.
    assert "KeyboardInterrupt" in outcome.term_out and outcome.runtime_s < 20
