"""Split a foreign-set evaluation by the batch each program came from.

`wm eval --holdout foreign` writes one row per program (`programs.jsonl`); this reads those
rows and reports the four fields and the ECE per batch letter (`telco_h13_...` is batch h,
a program of the first, unlettered batches is "-"), or per group of letters:

    python benchmarks/eval_by_batch.py benchmarks/results/wm_eval_f682551/foreign_test \\
        --groups j --out benchmarks/results/wm_eval_f682551/foreign_test_by_batch.json

With `--groups j`, the rows split into batch j and all the others. Nothing is predicted
again: the numbers are the evaluation's own.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from mleworld.corpus.foreign import batch_of
from mleworld.evaluation.calibration import expected_calibration_error

FIELDS = ("exception_class", "terminal_output", "metric_within_5pct", "submission")


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"programs": len(rows)}
    for field in FIELDS:
        scored = [r[field] for r in rows if r[field] is not None]
        out[field] = round(100 * sum(scored) / len(scored), 1) if scored else None
    confidence = [r["p_max"] for r in rows if r["p_max"] is not None]
    right = [bool(r["exception_class"]) for r in rows if r["p_max"] is not None]
    ece = expected_calibration_error(confidence, right)
    out["ece"] = None if ece is None else round(ece, 3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("eval_dir", type=Path, help="a `wm eval --out` folder of a foreign half")
    parser.add_argument("--groups", default=None, help="batch letters to keep apart, e.g. j,i")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    path = args.eval_dir / "programs.jsonl"
    if not path.is_file():
        print(f"error: {path} does not exist; give a folder `wm eval --out` wrote", file=sys.stderr)
        sys.exit(2)
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    kept = set(args.groups.split(",")) if args.groups else None
    parts: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        batch = batch_of(row["uid"].split("/")[2]) or "-"
        key = batch if kept is None or batch in kept else "others"
        parts.setdefault(key, []).append(row)
    report = {"all": summary(rows), **{k: summary(v) for k, v in sorted(parts.items())}}
    if args.out is not None:
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
