"""Appendix R's view of the metric: a task training never saw, with and without its reference ladder.

For each task of one half of the suite (the 14 tasks shuffled once, seed 0,
into `dev` and `test` halves of 7), a fast model is trained on the default
corpus' train split without that task, and the task's held-out programs are
predicted twice by that one model: once as any query reads them (the task's
public folder, its task.yaml beside it, so the metric of a program without a
parent metric starts from the reference of its model family: world/fast/
references.py), and once through a folder holding the same files without a
task.yaml (no ladder, the anchor falls back as before). Static analysis reads
the same data either way, so the two differ only in the anchor. Scores per
stage: metric within 5%, terminal output (the rule judge), both runs side by
side. Tasks finished are kept in the output file, so a killed run resumes.

    PYTHONPATH=src MLEWORLD_HOME=... python benchmarks/wm_unseen_task_metric.py --half dev \\
        --out benchmarks/results/wm_unseen_task_metric_dev.json
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

VARIANTS = ("ladder", "no_ladder")


def halves() -> dict[str, list[str]]:
    from mleworld.tasks.suite import suite_names

    names = sorted(suite_names())
    order = np.random.default_rng(0).permutation(len(names))
    shuffled = [names[i] for i in order]
    return {"dev": sorted(shuffled[:7]), "test": sorted(shuffled[7:])}


def _mirror(public: Path, root: Path) -> Path:
    """`public`'s files seen through a task folder that has no task.yaml."""
    folder = root / "public"
    folder.parent.mkdir(parents=True, exist_ok=True)
    if not folder.exists():
        folder.symlink_to(public.resolve(), target_is_directory=True)
    return folder


def one_task(corpus: Any, task: str, work: Path) -> dict[str, Any]:
    from mleworld.evaluation.holdout_eval import (
        build_queries,
        find_parents,
        predict_all,
        train_without,
    )
    from mleworld.evaluation.scoring import score_program
    from mleworld.tasks.suite import suite_data_dir

    records = [r for r in corpus.iter_records(split="holdout") if r.task_id == task]
    parents = find_parents(corpus, records)
    public = suite_data_dir(task)
    began = time.perf_counter()
    model = train_without(corpus, task, work)
    trained_s = time.perf_counter() - began
    dirs = {"ladder": public, "no_ladder": _mirror(public, work / "mirror" / task)}
    out: dict[str, Any] = {"programs": len(records), "train_s": round(trained_s, 1)}
    for variant, folder in dirs.items():
        queries = build_queries(records, parents, lambda _task, f=folder: f)
        predictions, _ = predict_all(model, queries)
        rows = []
        for record, prediction in zip(records, predictions, strict=True):
            score = score_program(record, prediction)
            rows.append(
                {
                    "stage": record.stage,
                    "metric": score.metric_within_5pct,
                    "terminal": score.terminal_output,
                }
            )
        out[variant] = rows
    return out


def summarize(tasks: dict[str, Any]) -> dict[str, Any]:
    summary: dict[str, Any] = {}
    for variant in VARIANTS:
        rows = [row for t in tasks.values() for row in t[variant]]
        by_stage: dict[str, Any] = {}
        for stage in ("all", "draft", "improve", "debug"):
            chosen = [r for r in rows if stage == "all" or r["stage"] == stage]
            metric = [r["metric"] for r in chosen if r["metric"] is not None]
            by_stage[stage] = {
                "programs": len(chosen),
                "terminal_output": round(100 * float(np.mean([r["terminal"] for r in chosen])), 1)
                if chosen
                else None,
                "with_metric": len(metric),
                "metric_within_5pct": round(100 * float(np.mean(metric)), 1) if metric else None,
            }
        summary[variant] = by_stage
    return summary


def main() -> None:
    from mleworld.world.registry import open_corpus

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("dev", "test"), required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    done: dict[str, Any] = {}
    if args.out.is_file():
        done = json.loads(args.out.read_text()).get("tasks", {})
    corpus = open_corpus(None)
    tasks = halves()[args.half]
    with tempfile.TemporaryDirectory(prefix="unseen-task-") as tmp:
        for task in tasks:
            if task in done:
                continue
            print(f"training without {task} ...", flush=True)
            done[task] = one_task(corpus, task, Path(tmp))
            result = {
                "half": args.half,
                "tasks_in_half": tasks,
                "summary": summarize(done),
                "tasks": done,
            }
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(result, indent=1) + "\n")
            print(json.dumps(result["summary"]["ladder"]["all"]), flush=True)
    print(json.dumps(summarize(done), indent=1))


if __name__ == "__main__":
    main()
