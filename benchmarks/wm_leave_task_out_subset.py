"""`wm eval --leave-task-out` on a few tasks of the default corpus (one training per task).

The full run trains 14 models; this runs the same code (evaluation.holdout_eval.
evaluate_leave_task_out) on the held-out programs of the tasks named, so a change to
training can be checked in a fraction of the time. Compare with the full run's
programs.jsonl restricted to the same tasks.

    PYTHONPATH=src python benchmarks/wm_leave_task_out_subset.py OUT_DIR [TASK ...]
"""

from __future__ import annotations

import json
import sys

DEFAULT_TASKS = ["breast-cancer", "daily-births", "food-reviews", "hpc-jobs", "telco-churn"]


def main() -> None:
    from mleworld.corpus.default import resolve_corpus
    from mleworld.evaluation.holdout_eval import evaluate_leave_task_out, find_parents

    out, tasks = sys.argv[1], sys.argv[2:] or DEFAULT_TASKS
    corpus = resolve_corpus("default")
    records = [r for r in corpus.iter_records(split="holdout") if r.task_id in tasks]
    results = evaluate_leave_task_out(
        corpus,
        records,
        parents=find_parents(corpus, records),
        out_dir=out,
        source=f"default, leave-task-out on {len(tasks)} tasks: {', '.join(tasks)}",
        progress=lambda message: print(message, flush=True),
    )
    fields = ("exception_class", "terminal_output", "ece")
    summary = {
        name: {f: v for f, v in entry.items() if f in fields}
        for name, entry in results["models"].items()
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
