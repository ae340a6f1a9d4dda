"""Benchmark: does leaning towards other writers' metric help, measured out of sample?

The default fast model anchors a draft unlike the corpus halfway towards the median
metric of the task's runs in the foreign set's calibration halves, leaving out the
query's own run (world/fast/other_writers.py). This script measures it on those halves
with the model's runs replaced, against the same model without any:

- development half, with the development half's runs (each program's median then comes
  from the other development programs of its task, never its own run);
- calibration half, which nobody develops against, with the development half's runs
  only (so not even the other calibration programs inform it).

Reported: metric within 5% and 15% of the observed headline over clean runs with a
metric, and the judge's terminal output over every program. The development arm is
also read with the lean's weight at 0.5 and 0.75 (the shipped weight is
`other_writers.WEIGHT`), to show what the choice of weight is worth there. Results go to
benchmarks/results/other_writers.json.

    python benchmarks/other_writers.py
"""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path
from typing import Any

from mleworld.corpus.foreign import open_program_set
from mleworld.evaluation.holdout_eval import evaluate
from mleworld.world.fast import other_writers
from mleworld.world.fast.default import default_model
from mleworld.world.fast.features import task_metric
from mleworld.world.fast.other_writers import Runs, other_writers_runs
from mleworld.world.inputs import query_for_record

OUT = Path(__file__).parent / "results" / "other_writers.json"


def _scored(model: Any, programs: Any, half: str, runs: Runs) -> dict[str, Any]:
    """The evaluation's accuracies on one half with these runs to lean on."""
    model.featurizer.other_runs = runs
    with tempfile.TemporaryDirectory() as out:
        results = evaluate(
            {"fast": model},
            programs.half(half),
            parents=programs.records,
            out_dir=Path(out),
            data_dir=programs.data_dir(),
            source=f"foreign {half} half",
            progress=lambda *_: None,
        )
        lines = (Path(out) / "programs.jsonl").read_text().splitlines()
    fast = results["models"]["fast"]
    scored = {k: fast[k] for k in ("terminal_output", "metric_within_5pct")}
    rows = [json.loads(line) for line in lines]
    gaps = [float(r["metric_error"]) for r in rows if r["metric_error"] is not None]  # "inf" too
    scored["metric_within_15pct"] = sum(1 for g in gaps if math.isfinite(g) and g <= 0.15)
    return scored


def main() -> None:
    programs = open_program_set("foreign")
    model = default_model()
    dev = programs.half("dev")
    names = {r.task_id: task_metric(query_for_record(r))[0] for r in dev}
    dev_runs = other_writers_runs(dev, names)
    result = {
        "dev_plain": _scored(model, programs, "dev", {}),
        "dev_own_half_left_out": _scored(model, programs, "dev", dev_runs),
        "calib_plain": _scored(model, programs, "calib", {}),
        "calib_dev_runs": _scored(model, programs, "calib", dev_runs),
    }
    shipped = other_writers.WEIGHT
    for weight in (0.5, 0.75):
        other_writers.WEIGHT = weight
        result[f"dev_own_half_left_out_weight_{weight}"] = _scored(model, programs, "dev", dev_runs)
    other_writers.WEIGHT = shipped
    result["weight"] = shipped
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
