"""Golden predictions: every field the default fast model predicts, for a refactor to compare.

Predicts, with the default fast model, every record of the default holdout,
the foreign set's development half (never its test half) and a few programs
the builtin writer drafts for suite tasks, and writes one JSON line per
program: where it came from and the whole Prediction (exception class and
probabilities, predicted terminal output, metric, submission, runtime,
evidence). Latency is dropped, since it is the one field that is not a
function of the code. Two runs of the same code give byte-identical files, so
`cmp` of a run before and after a refactor shows every prediction it changed.

    MLEWORLD_HOME=/tmp/home PYTHONPATH=src python benchmarks/golden_predictions.py OUT.jsonl

Keep OUT outside the repository: it is a measurement of one commit, not a result.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

WRITER_TASKS = ("penguins", "diabetes", "food-reviews", "seattle-weather", "telco-churn")
WRITER_SEEDS = range(6)
WRITER_DEFECT_RATE = 0.5


def _holdout() -> list[tuple[str, Any]]:
    from mleworld.evaluation.holdout_eval import build_queries, find_parents
    from mleworld.world.registry import open_corpus

    corpus = open_corpus("default")
    records = list(corpus.iter_records(split="holdout"))
    queries = build_queries(records, find_parents(corpus, records))
    return [(f"holdout/{r.uid}", q) for r, q in zip(records, queries, strict=True)]


def _foreign_dev() -> list[tuple[str, Any]]:
    from mleworld.corpus.foreign import open_program_set
    from mleworld.evaluation.holdout_eval import build_queries, find_parents

    programs = open_program_set("foreign")
    records = programs.half("dev")
    parents = find_parents(_Records(programs.records), records)
    queries = build_queries(records, parents, data_dir=programs.data_dir())
    return [(f"foreign-dev/{r.uid}", q) for r, q in zip(records, queries, strict=True)]


class _Records:
    """Just enough of a corpus for find_parents: the program set's own records."""

    def __init__(self, records: Any) -> None:
        self.records = records

    def iter_records(self, tasks: Any = None) -> Any:
        return (r for r in self.records if tasks is None or r.task_id in tasks)


def _writer() -> list[tuple[str, Any]]:
    from mleworld.codegen.base import CodeRequest
    from mleworld.codegen.builtin import BuiltinCodeModel
    from mleworld.tasks.suite import resolve_task
    from mleworld.world.inputs import query_for_program

    writer = BuiltinCodeModel(seed=0, defect_rate=WRITER_DEFECT_RATE)
    out = []
    for name in WRITER_TASKS:
        task = resolve_task(name)
        for seed in WRITER_SEEDS:
            code = writer.generate(CodeRequest(stage="draft", prompt="", task=task, seed=seed)).code
            out.append((f"writer/{name}/{seed}", query_for_program(code, task=task)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the JSONL file to write")
    args = parser.parse_args()

    from mleworld.evaluation.holdout_eval import predict_all
    from mleworld.world.registry import get_world_model

    items = [*_holdout(), *_foreign_dev(), *_writer()]
    model = get_world_model("fast")
    predictions, _ = predict_all(model, [q for _, q in items])
    with args.out.open("w", encoding="utf-8") as handle:
        for (key, _), prediction in zip(items, predictions, strict=True):
            data = prediction.to_dict()
            data.pop("latency_ms", None)
            handle.write(json.dumps({"key": key, **data}, sort_keys=True) + "\n")
    print(f"{len(items)} predictions -> {args.out}")


if __name__ == "__main__":
    main()
