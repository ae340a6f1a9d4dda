"""Benchmark: does the runtime forecast catch the timeouts, and only those?

For every program of the foreign set's chosen halves and of the default corpus, static
analysis counts the work the program asks for (world/static/work.py) and the runtime model
turns it into seconds and P(timeout) under the program's own time limit (world/runtime/,
with this machine's calibration). A program is flagged when P(timeout) > 0.5. Reports, per
set: the timeouts flagged (recall), the clean runs flagged, the crashing runs flagged (a
crash analysis does not see may come before the long work), and the median |log(real /
estimated)| runtime of the runs that finished. Results go to
benchmarks/results/runtime_timeouts.json.

    python benchmarks/runtime_timeouts.py                    # foreign dev and calib, corpus
    python benchmarks/runtime_timeouts.py --halves dev --no-corpus
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from mleworld.corpus.default import default_corpus
from mleworld.corpus.foreign import open_program_set
from mleworld.tasks.suite import suite_data_dir
from mleworld.world.runtime.forecast import for_report
from mleworld.world.static.analyze import analyze

OUT = Path(__file__).parent / "results" / "runtime_timeouts.json"
FLAG = 0.5


def scan(records: Iterable[Any], data_dir: Callable[[str], Path]) -> dict[str, Any]:
    counts = {"timeouts": 0, "timeouts_flagged": 0, "clean": 0, "clean_flagged": 0}
    counts |= {"crashes": 0, "crashes_flagged": 0}
    errors: list[float] = []
    flagged_clean: list[str] = []
    for record in records:
        limit = float(record.x.time_limit_s or 600.0)
        estimate = for_report(analyze(record.x.program, data_dir(record.task_id)), limit)
        flagged = estimate is not None and estimate.p_timeout > FLAG
        kind = (
            "timeouts"
            if record.timed_out
            else ("clean" if record.y.exc_type in (None, "None") else "crashes")
        )
        counts[kind] += 1
        counts[f"{kind}_flagged"] += int(flagged)
        if flagged and kind == "clean":
            flagged_clean.append(record.node_id)
        if kind == "clean" and estimate is not None and record.runtime_s > 0:
            errors.append(abs(math.log(record.runtime_s / max(estimate.seconds, 1e-3))))
    recall = counts["timeouts_flagged"] / counts["timeouts"] if counts["timeouts"] else None
    return {
        **counts,
        "timeout_recall": None if recall is None else round(recall, 3),
        "clean_flagged_share": round(counts["clean_flagged"] / max(counts["clean"], 1), 4),
        "median_abs_log_error_clean": round(statistics.median(errors), 3) if errors else None,
        "clean_flagged_examples": flagged_clean[:10],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--halves", default="dev,calib")
    parser.add_argument("--no-corpus", action="store_true")
    args = parser.parse_args()
    began = time.perf_counter()
    results: dict[str, Any] = {}
    programs = open_program_set("foreign")
    for half in args.halves.split(","):
        results[f"foreign_{half}"] = scan(programs.half(half), programs.data_dir())
    if not args.no_corpus:
        results["default_corpus"] = scan(default_corpus().iter_records(), suite_data_dir)
    results["seconds"] = round(time.perf_counter() - began, 1)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
