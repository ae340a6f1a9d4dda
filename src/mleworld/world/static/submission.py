"""Whether a program writes ./submission/submission.csv.

The walk records every write it meets (files.py). A write to
submission/submission.csv means yes. No write call anywhere in the program, or
only writes to other paths the walk resolved, means no: the program runs and
leaves nothing to grade, reported as a non-fatal finding naming where it writes
instead. Writes to paths analysis could not follow, or write calls in code the
walk never reached, leave the answer open (None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mleworld.world.static.files import SUBMISSION

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

NO_WRITE_CONFIDENCE = 0.9
ELSEWHERE_CONFIDENCE = 0.85


def decide(walker: Walker) -> bool | None:
    """True / False / None (can't tell); adds the non-fatal finding when False."""
    state = walker.files
    if state.submission_written:
        return True
    unreached = state.write_calls - state.writes_seen
    if state.unknown_writes or unreached:
        return None
    others = [(path, line) for path, line in state.written.items() if path.endswith(".csv")]
    if others:
        path, line = min(others, key=lambda item: item[1])
        message = f"no ./{SUBMISSION} is written: the program writes its output to ./{path}"
        walker.emit(
            "submission", "None", message, line, ELSEWHERE_CONFIDENCE, fatal=False, reached=False
        )
    else:
        message = f"no ./{SUBMISSION} is written: the program writes no CSV file"
        walker.emit(
            "submission",
            "None",
            message,
            None,
            NO_WRITE_CONFIDENCE,
            evidence="no write call",
            fatal=False,
            reached=False,
        )
    return False
