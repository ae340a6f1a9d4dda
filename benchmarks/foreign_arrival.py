"""Benchmark: how a new batch of the foreign set arrives, scored by a model that never saw it.

Each batch of hand-written programs is named `<task>_<letter>NN_<slug>` (h01, i17, ...).
When a batch joins the set, the honest reading of it comes first: the fast model trained
without it (its calibration halves calibrate the confidence and give other writers'
metric), scoring it before any detector is developed against it. This script does that
for one batch of the shipped set:

1. writes the shipped set without the batch, and the batch alone (as its test half), as
   two program sets in a scratch folder;
2. trains a fast model from the default corpus, calibrated on the first set;
3. scores the batch with `wm eval`'s own evaluation and judge.

The reading is honest only while nobody has developed against the batch: run it when the
batch arrives (the commit names the code that scored it). Results go to
benchmarks/results/foreign_arrival_<batch>.json.

    python benchmarks/foreign_arrival.py i
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from mleworld.corpus.default import resolve_corpus
from mleworld.corpus.foreign import batch_of, open_program_set, write_program_set
from mleworld.evaluation.holdout_eval import evaluate
from mleworld.training.fast import train_fast
from mleworld.world.fast.model import FastWorldModel

RESULTS = Path(__file__).parent / "results"
FIELDS = ("exception_class", "terminal_output", "metric_within_5pct", "submission")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("batch", help="the batch letter (h, i, ...)")
    args = parser.parse_args()
    shipped = open_program_set("foreign")
    batch = [r for r in shipped.records if batch_of(r.node_id) == args.batch]
    if not batch:
        print(
            f"error: the foreign set has no program of batch {args.batch!r}; "
            "name a batch letter its programs carry (`penguins_h01_...` is batch h)",
            file=sys.stderr,
        )
        sys.exit(2)
    ids = {r.node_id for r in batch}
    with tempfile.TemporaryDirectory() as scratch:
        without, alone = Path(scratch) / "without", Path(scratch) / "alone"
        tasks = shipped.task_dirs()
        halves = {h: [n for n in names if n not in ids] for h, names in shipped.halves.items()}
        write_program_set(
            [r for r in shipped.records if r.node_id not in ids], halves, without, tasks=tasks
        )
        write_program_set(batch, {"dev": [], "test": sorted(ids)}, alone, tasks=tasks)
        model_dir = Path(scratch) / "model"
        train_fast(resolve_corpus("default"), model_dir, calibration_set=str(without))
        model = FastWorldModel.load(model_dir)
        programs = open_program_set(alone)
        results = evaluate(
            {"fast": model},
            programs.half("test"),
            out_dir=Path(scratch) / "eval",
            data_dir=programs.data_dir(),
            source=f"foreign batch {args.batch}",
            plots=False,
            progress=lambda *_: None,
        )
        rows = [
            json.loads(line)
            for line in (Path(scratch) / "eval" / "programs.jsonl").read_text().splitlines()
        ]
    report: dict[str, Any] = {
        "batch": args.batch,
        "commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip(),
        "programs": len(rows),
        "halves": sorted({h for h, names in shipped.halves.items() if ids & set(names)}),
        "accuracy": {k: results["models"]["fast"][k]["accuracy"] for k in FIELDS},
        "crashes_found": sum(1 for r in rows if r["outcome"] != "clean" and r["exception_class"]),
        "crashes": sum(1 for r in rows if r["outcome"] != "clean"),
        "clean_called_clean": sum(
            1 for r in rows if r["outcome"] == "clean" and r["exception_class"]
        ),
        "clean": sum(1 for r in rows if r["outcome"] == "clean"),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"foreign_arrival_{args.batch}.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
