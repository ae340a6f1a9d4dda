"""Benchmark: does leaning towards other writers' metric help, measured out of sample?

The default fast model anchors a draft unlike the corpus halfway towards the median
metric of the foreign set's calibration halves (world/fast/other_writers.py). Scored
on those halves themselves that is in-sample, so this script measures it two ways:

- development half, each program left out: its median is taken over the other
  development programs of its task (never its own run);
- calibration half, which nobody develops against, scored by the same model with
  medians taken from the development half only.

Each is compared with the model without the lean (no medians): metric within 5% and
15% of the observed headline, over clean runs with a metric; for the calibration half
also the judge's terminal output over every program. Results go to
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
from mleworld.world.fast.default import default_model
from mleworld.world.fast.features import task_metric
from mleworld.world.fast.other_writers import other_writers_metric
from mleworld.world.inputs import query_for_record

OUT = Path(__file__).parent / "results" / "other_writers.json"


def _within(predicted: float | None, observed: float, tolerance: float) -> bool:
    if predicted is None or not math.isfinite(predicted):
        return False
    return abs(predicted - observed) <= tolerance * abs(observed)


def _left_out(model: Any, records: list[Any], data_dir: Any) -> dict[str, Any]:
    """Metric within 5% / 15% on `records`, each predicted with medians of the others."""
    names = {r.task_id: task_metric(query_for_record(r))[0] for r in records}
    scored = [r for r in records if r.y.exc_type == "None" and r.y.metric is not None]
    hits = {"plain": [0, 0], "leaning": [0, 0]}
    for record in scored:
        query = query_for_record(record, data_dir=data_dir(record.task_id))
        others = [r for r in records if r.uid != record.uid]
        for how, medians in (("plain", {}), ("leaning", other_writers_metric(others, names))):
            model.featurizer.other_metric = medians
            predicted = model.predict_batch([query])[0].metric
            hits[how][0] += _within(predicted, record.y.metric, 0.05)
            hits[how][1] += _within(predicted, record.y.metric, 0.15)
    return {
        "programs": len(scored),
        **{f"{how}_within_5pct": h[0] for how, h in hits.items()},
        **{f"{how}_within_15pct": h[1] for how, h in hits.items()},
    }


def _scored(model: Any, programs: Any, half: str, medians: dict[str, float]) -> dict[str, Any]:
    """The evaluation's accuracies on one half with these medians."""
    model.featurizer.other_metric = medians
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
    fast = results["models"]["fast"]
    return {k: fast[k] for k in ("terminal_output", "metric_within_5pct")}


def main() -> None:
    programs = open_program_set("foreign")
    model = default_model()
    trained = dict(model.featurizer.other_metric)
    dev = programs.half("dev")
    names = {r.task_id: task_metric(query_for_record(r))[0] for r in dev}
    result = {
        "dev_left_out": _left_out(model, dev, programs.data_dir()),
        "calib_plain": _scored(model, programs, "calib", {}),
        "calib_dev_medians": _scored(model, programs, "calib", other_writers_metric(dev, names)),
        "medians_of_the_shipped_model": trained,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "medians_of_the_shipped_model"}))


if __name__ == "__main__":
    main()
