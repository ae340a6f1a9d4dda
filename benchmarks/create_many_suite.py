"""`task create-many` on the whole bundled suite: the suite's datasets written as CSV files with
a manifest (tasks.create_many.write_suite_manifest), built with `--workers`, then rebuilt once
more to show that a rerun touches nothing that is still valid.

Writes benchmarks/results/create_many_suite.json. Usage:
    nice -n 10 python benchmarks/create_many_suite.py [--workers 2] [--tasks a,b]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from mleworld.tasks.create_many import create_many, write_suite_manifest
from mleworld.tasks.suite import suite_names

RESULTS = Path(__file__).parent / "results" / "create_many_suite.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tasks", default="")
    args = parser.parse_args()
    names = [t for t in args.tasks.split(",") if t] or suite_names()
    with tempfile.TemporaryDirectory(prefix="create-many-") as tmp:
        root = Path(tmp)
        write_suite_manifest(names, root / "data")
        started = time.monotonic()
        first = create_many(root / "data", root / "tasks", workers=args.workers)
        built_s = time.monotonic() - started
        started = time.monotonic()
        again = create_many(root / "data", root / "tasks", workers=args.workers)
        rerun_s = time.monotonic() - started
    result = {
        "benchmark": "create_many_suite",
        "command": f"nice -n 10 python benchmarks/create_many_suite.py --workers {args.workers}",
        "machine": {"cpus": os.cpu_count(), "load_1m_at_end": round(os.getloadavg()[0], 2)},
        "tasks": len(names),
        "kept": first["kept"],
        "excluded": first["excluded"],
        "repairs": {t["name"]: t["repairs"] for t in first["tasks"] if t["repairs"]},
        "build_s": round(built_s, 1),
        "rerun_rebuilt": again["rebuilt"],
        "rerun_s": round(rerun_s, 1),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
