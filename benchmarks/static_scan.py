"""Static analysis over every real run we hold: no false finding on a clean run, hits on crashes.

Scans the clean and crashing records of the default corpus and of the foreign set
(each half separately) with world/static/scan.py and writes
benchmarks/results/static_scan.json. A false finding (a fatal finding on a run that
finished cleanly) is a bug of the detector that made it.

    .venv/bin/python benchmarks/static_scan.py [--halves dev,test]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from mleworld.corpus.default import default_corpus
from mleworld.corpus.foreign import open_program_set
from mleworld.tasks.suite import suite_data_dir
from mleworld.world.static.scan import scan

OUT = Path(__file__).resolve().parent / "results" / "static_scan.json"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--halves", default="dev,test")
    parser.add_argument("--no-corpus", action="store_true")
    args = parser.parse_args()
    results: dict[str, object] = {}
    began = time.perf_counter()
    programs = open_program_set("foreign")
    for half in args.halves.split(","):
        results[f"foreign_{half}"] = scan(programs.half(half), programs.data_dir()).to_dict()
    if not args.no_corpus:
        results["default_corpus"] = scan(default_corpus().iter_records(), suite_data_dir).to_dict()
    results["seconds"] = round(time.perf_counter() - began, 1)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
