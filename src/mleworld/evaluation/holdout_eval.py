"""Evaluate world models on held-out records: the whole of `mleworld wm eval`.

`evaluate(models, records, parents=..., out_dir=...)` rebuilds the query each
record answers (its stored x, its stage, its parent's observed record, the
folder its task's programs read as ./input/), asks every model for its
predictions in batches (never letting a model `observe` the holdout), scores
each prediction (scoring.py) and gathers Table 1 accuracies with program
bootstrap SEs, the Table 12 breakdowns, calibration by p_max quintile, the
gate trade-off and prediction cost into one results dict; with `out_dir` it
also writes results.json, report.md, programs.jsonl and the PNG plots.

A record's parent is the record of the same task and run whose node id is its
parent_id, looked up in the whole corpus (train and holdout): an agent holds
its parent's real outcome when it writes a Debug or Improve child.

`evaluate_leave_task_out` is appendix R's view: for each task in turn a fast
model is trained on the corpus without that task and predicts the task's
held-out programs; the results have the same tables, for one model.

Not here: the numbers' definitions (scoring, bootstrap, calibration,
gate_tradeoff, accuracy) and their presentation (report.py, plots.py).
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.evaluation.accuracy import breakdown, cost, field_accuracies, parse_rates, slice_seed
from mleworld.evaluation.bootstrap import RESAMPLES, program_weights
from mleworld.evaluation.calibration import calibration
from mleworld.evaluation.gate_tradeoff import (
    GAMMA_FAILURE,
    GAMMA_SUCCESS,
    GATE_STAGES,
    TARGET_ERROR,
    gate_tradeoff,
)
from mleworld.evaluation.judge import Judge, RuleJudge
from mleworld.evaluation.scoring import (
    OUTCOMES,
    ProgramScore,
    observed_class,
    outcome_of_class,
    score_program,
)
from mleworld.tasks.suite import suite_data_dir
from mleworld.world.inputs import query_for_record
from mleworld.world.prediction import Prediction, Query, WorldModel

__all__ = [
    "DEFAULT_BATCH",
    "LEAVE_TASK_OUT",
    "ParentKey",
    "evaluate",
    "evaluate_leave_task_out",
    "find_parents",
    "parent_key",
    "predict_all",
    "suite_data_dir",
]

DEFAULT_BATCH = 64
LEAVE_TASK_OUT = "fast (leave-task-out)"
ParentKey = tuple[str, str, str]  # task_id, run_id, node_id


def parent_key(record: Any) -> ParentKey:
    return (record.task_id, record.run_id, record.node_id)


def find_parents(corpus: Any, records: Sequence[Any]) -> dict[ParentKey, Any]:
    """The parent records of `records`, streamed from the whole corpus (train and holdout)."""
    wanted = {(r.task_id, r.run_id, r.parent_id) for r in records if r.parent_id}
    if not wanted:
        return {}
    tasks = {task for task, _, _ in wanted}
    found: dict[ParentKey, Any] = {}
    for record in corpus.iter_records(tasks=tasks):
        key = parent_key(record)
        if key in wanted and key not in found:
            found[key] = record
    return found


def _metric_info(data_dir: Path | None) -> tuple[str | None, bool | None]:
    if data_dir is None:
        return None, None
    from mleworld.tasks.task import load_task

    try:
        task = load_task(data_dir.parent)
    except MleWorldError:
        return None, None
    return task.metric, task.is_lower_better


def build_queries(
    records: Sequence[Any],
    parents: Mapping[ParentKey, Any],
    data_dir: Callable[[str], Path | None] | None = suite_data_dir,
) -> list[Query]:
    """The query each held-out record answers."""
    folders: dict[str, Path | None] = {}
    metric: dict[str, tuple[str | None, bool | None]] = {}
    queries: list[Query] = []
    for record in records:
        if record.task_id not in folders:
            folders[record.task_id] = data_dir(record.task_id) if data_dir else None
            metric[record.task_id] = _metric_info(folders[record.task_id])
        parent = None
        if record.parent_id:
            parent = parents.get((record.task_id, record.run_id, record.parent_id))
        query = query_for_record(record, parent=parent, data_dir=folders[record.task_id])
        query.metric_name, query.lower_is_better = metric[record.task_id]
        queries.append(query)
    return queries


def predict_all(
    model: WorldModel, queries: Sequence[Query], batch_size: int = DEFAULT_BATCH
) -> tuple[list[Prediction], float]:
    """Every prediction (in order) and the wall time the model took in total.

    A prediction whose backend left latency_ms at 0 gets its share of its
    batch's wall time.
    """
    name = getattr(model, "name", type(model).__name__)
    out: list[Prediction] = []
    total = 0.0
    for start in range(0, len(queries), batch_size):
        batch = list(queries[start : start + batch_size])
        began = time.perf_counter()
        answers = model.predict_batch(batch)
        elapsed = time.perf_counter() - began
        total += elapsed
        answers = list(answers)
        if len(answers) != len(batch):
            raise MleWorldError(
                f"world model {name} returned {len(answers)} predictions for {len(batch)} programs; "
                "predict_batch must answer every query in order"
            )
        for answer in answers:
            prediction = answer if isinstance(answer, Prediction) else Prediction.from_dict(answer)
            if not prediction.latency_ms:
                prediction.latency_ms = 1000.0 * elapsed / len(batch)
            out.append(prediction)
    return out, total


def _holdout_summary(records: Sequence[Any], parents: Mapping[ParentKey, Any]) -> dict[str, Any]:
    tasks = Counter(r.task_id for r in records)
    stages = Counter(r.stage for r in records)
    classes = [observed_class(r) for r in records]
    outcomes = Counter(outcome_of_class(c) for c in classes)
    crashes = Counter(c for c in classes if outcome_of_class(c) == "crash")
    with_parent = [r for r in records if r.parent_id]
    found = sum(1 for r in with_parent if (r.task_id, r.run_id, r.parent_id) in parents)
    with_metric = sum(1 for r in records if r.y.metric is not None and math.isfinite(r.y.metric))
    return {
        "programs": len(records),
        "tasks": dict(sorted(tasks.items())),
        "stages": dict(stages),
        "outcomes": {o: outcomes.get(o, 0) for o in OUTCOMES},
        "crash_classes": dict(crashes.most_common()),
        "with_metric": with_metric,
        "with_parent_id": len(with_parent),
        "parents_found": found,
        "runtime_s_total": float(sum(r.runtime_s for r in records)),
    }


def evaluate(
    models: Mapping[str, WorldModel],
    records: Iterable[Any],
    *,
    parents: Mapping[ParentKey, Any] | Iterable[Any] = (),
    out_dir: str | Path | None = None,
    data_dir: Callable[[str], Path | None] | None = suite_data_dir,
    judge: Judge | None = None,
    resamples: int = RESAMPLES,
    seed: int = 0,
    batch_size: int = DEFAULT_BATCH,
    gamma_success: float = GAMMA_SUCCESS,
    gamma_failure: float = GAMMA_FAILURE,
    gate_stages: Sequence[str] | None = GATE_STAGES,
    target_error: float = TARGET_ERROR,
    source: str | None = None,
    plots: bool = True,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Evaluate each model on the held-out records; returns (and writes) the results.

    `parents` is either {(task, run, node): record} or records to index (the
    whole corpus, or just the parents: see find_parents). `data_dir` maps a
    task id to the folder its programs read as ./input/ (default: the suite
    task's public/ for suite tasks, None otherwise).
    """
    held = list(records)
    if not held:
        raise MleWorldError(
            "the holdout has no records; draw one with `mleworld corpus split` "
            "or pass a corpus that has a holdout"
        )
    if not models:
        raise MleWorldError("no world model to evaluate; name one with --world-model")
    if batch_size < 1:
        raise MleWorldError(f"batch size must be at least 1, got {batch_size}")
    say = progress or (lambda _msg: None)
    index = parents if isinstance(parents, Mapping) else {parent_key(r): r for r in parents}
    judge = judge or RuleJudge()

    queries = build_queries(held, index, data_dir)
    scores: dict[str, list[ProgramScore]] = {}
    wall: dict[str, float] = {}
    rates: dict[str, dict[str, Any]] = {}
    for name, model in models.items():
        say(f"predicting {len(queries)} programs with {name}")
        predictions, wall[name] = predict_all(model, queries, batch_size)
        rates[name] = parse_rates(predictions)
        say(f"scoring {name}")
        scores[name] = [
            score_program(record, prediction, judge=judge)
            for record, prediction in zip(held, predictions, strict=True)
        ]
    return _summarise(
        held,
        index,
        scores,
        wall,
        rates,
        out_dir=out_dir,
        judge=judge,
        resamples=resamples,
        seed=seed,
        gamma_success=gamma_success,
        gamma_failure=gamma_failure,
        gate_stages=gate_stages,
        target_error=target_error,
        source=source,
        plots=plots,
        say=say,
    )


def _summarise(
    held: Sequence[Any],
    index: Mapping[ParentKey, Any],
    scores: dict[str, list[ProgramScore]],
    wall: Mapping[str, float],
    rates: Mapping[str, dict[str, Any]],
    *,
    out_dir: str | Path | None,
    judge: Judge,
    resamples: int,
    seed: int,
    gamma_success: float,
    gamma_failure: float,
    gate_stages: Sequence[str] | None,
    target_error: float,
    source: str | None,
    plots: bool,
    say: Callable[[str], None],
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The results dict (and files) from every model's scores."""
    weights = program_weights(len(held), resamples, slice_seed(seed, "all"))
    results: dict[str, Any] = {
        "holdout": _holdout_summary(held, index) | {"source": source},
        "models": {},
    }
    for name, model_scores in scores.items():
        entry: dict[str, Any] = field_accuracies(model_scores, weights)
        entry |= cost(model_scores, wall[name])
        entry["parse_rates"] = rates[name]
        entry["has_confidence"] = any(s.p_max is not None for s in model_scores)
        results["models"][name] = entry
    results |= breakdown(scores, resamples=resamples, seed=seed)
    results["quintiles"] = {}
    results["gate_tradeoff"] = {}
    for name, model_scores in scores.items():
        calib = calibration(model_scores, resamples=resamples, seed=slice_seed(seed, name))
        results["quintiles"][name] = calib
        results["models"][name]["ece"] = calib["ece"] if calib else None
        results["gate_tradeoff"][name] = gate_tradeoff(
            model_scores,
            gamma_success=gamma_success,
            gamma_failure=gamma_failure,
            stages=gate_stages,
            target_error=target_error,
        )
    results["settings"] = {
        "resamples": resamples,
        "seed": seed,
        "metric_tolerance": 0.05,
        "judge": getattr(judge, "name", type(judge).__name__),
        "gamma_success": gamma_success,
        "gamma_failure": gamma_failure,
        "gate_stages": list(gate_stages) if gate_stages is not None else None,
        "target_error": target_error,
    }
    results |= dict(extra or {})
    if out_dir is not None:
        _write(Path(out_dir), results, scores, plots, say)
    return results


TrainWithout = Callable[[Any, str, Path], WorldModel]


def train_without(corpus: Any, task: str, folder: Path) -> WorldModel:
    """A fast model trained on `corpus`' train split without `task` (no online learning)."""
    from mleworld.training.fast import train_fast
    from mleworld.world.fast.model import FastWorldModel

    target = folder / (task or "all")
    train_fast(corpus, target, split="train", exclude_tasks=[task] if task else [])
    return FastWorldModel.load(target, online=False)


def evaluate_leave_task_out(
    corpus: Any,
    records: Iterable[Any],
    *,
    parents: Mapping[ParentKey, Any] | Iterable[Any] = (),
    out_dir: str | Path | None = None,
    data_dir: Callable[[str], Path | None] | None = suite_data_dir,
    judge: Judge | None = None,
    resamples: int = RESAMPLES,
    seed: int = 0,
    batch_size: int = DEFAULT_BATCH,
    gamma_success: float = GAMMA_SUCCESS,
    gamma_failure: float = GAMMA_FAILURE,
    gate_stages: Sequence[str] | None = GATE_STAGES,
    target_error: float = TARGET_ERROR,
    source: str | None = None,
    plots: bool = True,
    progress: Callable[[str], None] | None = None,
    train: TrainWithout = train_without,
    workdir: str | Path | None = None,
) -> dict[str, Any]:
    """Appendix R: each task's held-out programs predicted by a model trained without the task.

    `train(corpus, task, folder)` returns the model for one task (default: a
    fast model trained on the corpus' train split minus that task, written
    under `folder`); tasks the corpus has no records of share one model trained
    on everything. Each model is dropped once its task is predicted. The
    results carry, per task, what its model was trained on (`leave_task_out`).
    """
    import tempfile

    held = list(records)
    if not held:
        raise MleWorldError(
            "the holdout has no records; draw one with `mleworld corpus split` "
            "or pass a corpus that has a holdout"
        )
    if batch_size < 1:
        raise MleWorldError(f"batch size must be at least 1, got {batch_size}")
    say = progress or (lambda _msg: None)
    index = parents if isinstance(parents, Mapping) else {parent_key(r): r for r in parents}
    judge = judge or RuleJudge()
    queries = build_queries(held, index, data_dir)
    corpus_tasks = set(getattr(corpus, "tasks", None) or ())  # task -> records
    groups: dict[str, list[int]] = {}
    for i, record in enumerate(held):
        key = record.task_id if record.task_id in corpus_tasks else ""
        groups.setdefault(key, []).append(i)
    predictions: list[Prediction | None] = [None] * len(held)
    wall = 0.0
    trained: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="leave-task-out-", dir=workdir) as tmp:
        for number, (task, rows) in enumerate(sorted(groups.items()), start=1):
            say(
                f"[{number}/{len(groups)}] training without {task or 'nothing'} "
                f"for {len(rows)} held-out programs"
            )
            model = train(corpus, task, Path(tmp))
            answers, seconds = predict_all(model, [queries[i] for i in rows], batch_size)
            wall += seconds
            for i, answer in zip(rows, answers, strict=True):
                predictions[i] = answer
            meta = dict(getattr(model, "meta", {}) or {})
            trained[task or "(tasks outside the corpus)"] = {
                "programs": len(rows),
                "excluded": meta.get("exclude_tasks", [task] if task else []),
                "trained_records": meta.get("records"),
                "trained_tasks": sorted(meta.get("tasks", {})),
            }
            del model
    done = [p for p in predictions if p is not None]
    scores = {
        LEAVE_TASK_OUT: [
            score_program(record, prediction, judge=judge)
            for record, prediction in zip(held, done, strict=True)
        ]
    }
    return _summarise(
        held,
        index,
        scores,
        {LEAVE_TASK_OUT: wall},
        {LEAVE_TASK_OUT: parse_rates(done)},
        out_dir=out_dir,
        judge=judge,
        resamples=resamples,
        seed=seed,
        gamma_success=gamma_success,
        gamma_failure=gamma_failure,
        gate_stages=gate_stages,
        target_error=target_error,
        source=source,
        plots=plots,
        say=say,
        extra={"leave_task_out": trained},
    )


def _write(
    out: Path,
    results: dict[str, Any],
    scores: Mapping[str, Sequence[ProgramScore]],
    plots: bool,
    say: Callable[[str], None],
) -> None:
    from mleworld.evaluation.report import write_json, write_report

    out.mkdir(parents=True, exist_ok=True)
    images: list[Path] = []
    if plots:
        from mleworld.evaluation.plots import write_plots

        images = write_plots(results, out / "plots")
    write_json(results, out / "results.json")
    with open(out / "programs.jsonl", "w", encoding="utf-8") as handle:
        for name, model_scores in scores.items():
            for score in model_scores:
                handle.write(json.dumps({"model": name} | score.to_dict()) + "\n")
    write_report(results, out / "report.md", images=images)
    say(f"wrote {out / 'report.md'}, {out / 'results.json'} and {len(images)} plots")
