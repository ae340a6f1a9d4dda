"""Benchmark: how long a world model takes to predict a program, against running it.

For the holdout programs of a corpus (default: the shipped default corpus),
predicts each program one at a time (latency per prediction, output synthesis
included: p50, p95, mean) and then all of them in batches (programs per
second), and sets the total prediction time against the real execution time
the corpus recorded for the same programs. Fitting or loading the model is
timed separately and left out of the per-prediction numbers. Results go to
benchmarks/results/wm_latency.json (one entry per backend).

    python benchmarks/wm_latency.py                          # fast, default corpus
    python benchmarks/wm_latency.py --world-model fast baseline:nearest --limit 200
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path
from typing import Any

from mleworld.corpus.record import Record
from mleworld.world.prediction import Query
from mleworld.world.registry import get_world_model, open_corpus

OUT = Path(__file__).parent / "results" / "wm_latency.json"


def holdout_queries(corpus_spec: str, limit: int) -> tuple[list[Query], list[Record]]:
    """Queries for up to `limit` holdout records (parents attached), spread over the tasks."""
    from mleworld.evaluation.holdout_eval import build_queries, find_parents

    corpus = open_corpus(corpus_spec)
    records = list(corpus.iter_records(split="holdout")) or list(corpus.iter_records())
    records = records[:: max(1, len(records) // limit)][:limit]
    return build_queries(records, find_parents(corpus, records)), records


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def measure(
    name: str, corpus_spec: str, queries: list[Query], records: list[Record], batch: int
) -> dict[str, Any]:
    began = time.perf_counter()
    model = get_world_model(name, corpus=corpus_spec)
    model.predict_batch(queries[:1])  # lazy per-task indexes and caches are part of loading
    load_s = time.perf_counter() - began

    single: list[float] = []
    for query in queries:
        start = time.perf_counter()
        model.predict_batch([query])
        single.append((time.perf_counter() - start) * 1000)

    start = time.perf_counter()
    for i in range(0, len(queries), batch):
        model.predict_batch(queries[i : i + batch])
    batch_s = time.perf_counter() - start

    real_s = sum(r.runtime_s for r in records)
    predict_s = sum(single) / 1000
    return {
        "programs": len(queries),
        "load_s": round(load_s, 3),
        "latency_ms_p50": round(statistics.median(single), 2),
        "latency_ms_p95": round(percentile(single, 0.95), 2),
        "latency_ms_mean": round(statistics.fmean(single), 2),
        "batch_size": batch,
        "batch_programs_per_s": round(len(queries) / batch_s, 1),
        "real_execution_s": round(real_s, 1),
        "prediction_s": round(predict_s, 3),
        "speedup_vs_execution": round(real_s / predict_s, 1) if predict_s else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--world-model", nargs="+", default=["fast"])
    parser.add_argument("--corpus", default="default")
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()

    queries, records = holdout_queries(args.corpus, args.limit)
    results: dict[str, Any] = {}
    for name in args.world_model:
        results[name] = measure(name, args.corpus, queries, records, args.batch)
        print(name, json.dumps(results[name]), flush=True)
    report = {
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "corpus": args.corpus,
        "load_average_1m": os.getloadavg()[0],
        "backends": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
