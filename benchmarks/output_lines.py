"""How much of a clean run's real output the fast model's predicted output reproduces, line for line.

The judge (evaluation/judge.py) asks whether a predicted output would lead to the same
repair or result; this asks a plainer question: of the non-blank lines a clean run of the
foreign set printed, how many stand word for word in the predicted output of the programs
predicted to run clean (each predicted line matches one observed line at most).
`--without-printed-texts` switches off the texts static analysis computes for printed pandas
expressions (world/static/shown.py), for a side-by-side reading in one run.

    python benchmarks/output_lines.py --halves dev,calib [--without-printed-texts]

Writes benchmarks/results/output_lines.json (or output_lines_without_texts.json). Only the
halves named are opened.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def reproduced(observed: str, predicted: str) -> tuple[int, int]:
    """(observed non-blank lines, those the prediction holds word for word)."""
    have = Counter(line.rstrip() for line in predicted.splitlines() if line.strip())
    lines = [line.rstrip() for line in observed.splitlines() if line.strip()]
    hits = 0
    for line in lines:
        if have[line] > 0:
            have[line] -= 1
            hits += 1
    return len(lines), hits


def score_half(model: Any, programs: Any, half: str) -> dict[str, Any]:
    from mleworld.world.inputs import query_for_record

    folder = programs.data_dir()
    records = [r for r in programs.half(half) if r.y.exc_type in ("None", None)]
    queries = [query_for_record(r, data_dir=folder(r.task_id)) for r in records]
    lines = hits = 0
    shares: list[float] = []
    for record, prediction in zip(records, model.predict_batch(queries), strict=True):
        if prediction.exc_type != "None":
            continue
        n, k = reproduced(record.y.term_out, prediction.term_out)
        lines, hits = lines + n, hits + k
        shares.append(k / n if n else 1.0)
    return {
        "clean_runs": len(records),
        "predicted_clean": len(shares),
        "observed_lines": lines,
        "reproduced_lines": hits,
        "reproduced_share": round(hits / lines, 4) if lines else None,
        "mean_share_per_program": round(sum(shares) / len(shares), 4) if shares else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--halves", default="dev,calib")
    parser.add_argument("--without-printed-texts", action="store_true")
    args = parser.parse_args()
    from mleworld.corpus.foreign import open_program_set
    from mleworld.world.registry import get_world_model

    if args.without_printed_texts:
        from mleworld.world.static import shown

        # every printed text goes through the display options; without them there is none
        shown._display = lambda walker: None  # type: ignore[assignment]
    began = time.perf_counter()
    model = get_world_model("fast")
    programs = open_program_set("foreign")
    out: dict[str, Any] = {"printed_texts": not args.without_printed_texts}
    for half in args.halves.split(","):
        out[f"foreign_{half}"] = score_half(model, programs, half)
    out["seconds"] = round(time.perf_counter() - began, 1)
    name = "output_lines_without_texts.json" if args.without_printed_texts else "output_lines.json"
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / name).write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
