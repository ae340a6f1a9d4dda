"""Cross-fitted calibration of the fast model on the foreign set's calibration halves.

The calibration halves (`dev` and `calib`) are calibration data
(training/fast_unfamiliar.py), so scoring them with the model as trained flatters
them. Here its programs are split into `--folds` folds; per fold, the
unfamiliar-code calibration is refitted from the training's saved calibration
rows (`train_fast(..., calibration_rows=...)`) without that fold's programs and
the fold is predicted with it. ECE and accuracy per p_max quintile are read off
the pooled predictions, for both halves together and for each. Only the calibration
halves are opened; the test half is never read.

    PYTHONPATH=src MLEWORLD_HOME=... python benchmarks/wm_calib_crossfit.py \\
        --model /tmp/fast --out benchmarks/results/wm_eval_foreign/dev_crossfit.json

Trains the model first when `--model` holds none (the default corpus' train split).
Both halves default to the ones training calibrates on (`calib`); `--fit-halves dev,calib`
asks what the dev half (where the detectors were developed, so its crashes are found more
often than fresh code's) would add, given a model trained while it was among the rows
(session 20, on calib: ECE 0.097 with dev, 0.070 without).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

ROWS_FILE = "calibration_rows.npz"


def _train(model_dir: Path, task_folds: bool) -> dict[str, Any]:
    from mleworld.training.fast import train_fast

    model_dir.parent.mkdir(parents=True, exist_ok=True)
    report = train_fast(
        "default",
        model_dir,
        split="train",
        task_folds=task_folds,
        calibration_rows=model_dir.with_name(model_dir.name + "-" + ROWS_FILE),
    )
    return {k: report[k] for k in ("unfamiliar", "timings", "records")}


def crossfit(
    model_dir: Path,
    folds: int,
    seed: int,
    sources: list[str],
    foreign_weight: float | None,
    fit_halves: list[str] | None = None,
    score_halves: list[str] | None = None,
) -> dict[str, Any]:
    from mleworld.corpus.foreign import open_program_set
    from mleworld.evaluation.calibration import calibration
    from mleworld.evaluation.gate_tradeoff import gate_tradeoff
    from mleworld.evaluation.holdout_eval import build_queries, parent_key, predict_all
    from mleworld.evaluation.scoring import score_program
    from mleworld.training.fast_unfamiliar import CalibrationRows, fit_rows
    from mleworld.world.fast.model import FastWorldModel

    model = FastWorldModel.load(model_dir, online=False)
    rows = CalibrationRows.load(model_dir.with_name(model_dir.name + "-" + ROWS_FILE))
    rows = rows.subset(np.isin(rows.source, sources))
    programs = open_program_set("foreign")
    fit_halves = fit_halves or list(programs.confidence_halves)
    score_halves = score_halves or list(programs.confidence_halves)
    if "test" in fit_halves + score_halves:
        raise SystemExit("error: the test half is never opened here; name dev and/or calib")
    half_of = {r.id: h for h in programs.calibration_halves for r in programs.half(h)}
    dev = [r for r in programs.calibration_records() if half_of[r.id] in score_halves]
    unfit = [i for i, h in half_of.items() if h not in fit_halves]
    rows = rows.subset(~((rows.source == "foreign") & np.isin(rows.ids, unfit)))
    index = {parent_key(r): r for r in programs.records}
    order = np.random.default_rng(seed).permutation(len(dev))
    fold_of = {dev[i].id: n % folds for n, i in enumerate(order)}
    scores_by_id: dict[str, Any] = {}
    fits = []
    for fold in range(folds):
        members = [r for r in dev if fold_of[r.id] == fold]
        held_ids = {r.id for r in members}
        keep = ~((rows.source == "foreign") & np.isin(rows.ids, list(held_ids)))
        model.unfamiliar, report = fit_rows(
            model.class_head.classes, rows.subset(keep), foreign_weight=foreign_weight
        )
        fits.append(
            {"fold": fold, "programs": len(members), "weight_coef": report.get("weight_coef")}
        )
        queries = build_queries(members, index, programs.data_dir())
        predictions, _ = predict_all(model, queries)
        for record, prediction in zip(members, predictions, strict=True):
            scores_by_id[record.id] = score_program(record, prediction)
    scores = [scores_by_id[r.id] for r in dev]
    calib = calibration(scores)
    return {
        "halves": programs.calibration_halves,
        "fit_halves": fit_halves,
        "score_halves": score_halves,
        "by_half": {
            half: _half_summary([scores_by_id[r.id] for r in programs.half(half)])
            for half in score_halves
        },
        "programs": len(scores),
        "folds": folds,
        "exception_class": float(np.mean([s.exception_class for s in scores])),
        "ece": calib["ece"] if calib else None,
        "quintiles": [
            {
                "n": q["n"],
                "p_max": [round(q.get("p_max_min", 0), 3), round(q.get("p_max_max", 0), 3)],
                "exception_class": q["fields"].get("exception_class", {}).get("accuracy"),
            }
            for q in (calib["quintiles"] if calib else [])
        ],
        "reliability": calib["reliability"] if calib else None,
        "gate_suggested": _suggested(gate_tradeoff(scores)),
        "fits": fits,
        "per_program": [
            {
                "task": s.task_id,
                "observed": s.observed_class,
                "predicted": s.predicted_class,
                "p_max": None if s.p_max is None else round(float(s.p_max), 3),
                "right": bool(s.exception_class),
            }
            for s in scores
        ],
    }


def _half_summary(scores: list[Any]) -> dict[str, Any]:
    from mleworld.evaluation.calibration import calibration

    calib = calibration(scores)
    return {
        "programs": len(scores),
        "exception_class": float(np.mean([s.exception_class for s in scores])),
        "ece": calib["ece"] if calib else None,
        "quintiles": [
            q["fields"].get("exception_class", {}).get("accuracy")
            for q in (calib["quintiles"] if calib else [])
        ],
    }


def _row_scores(calibration: Any, rows: Any) -> tuple[np.ndarray, np.ndarray]:
    """p_max and rightness of calibration rows, the static finding's share on top as prediction puts it."""
    p = rows.probs if calibration is None else calibration.apply(rows.probs, rows.signals)
    mixed = (1.0 - rows.finding_weight)[:, None] * p
    has = rows.finding_class >= 0
    mixed[np.flatnonzero(has), rows.finding_class[has]] += rows.finding_weight[has]
    return mixed.max(axis=1), mixed.argmax(axis=1) == rows.labels


def task_fold_crossfit(
    model_dir: Path, groups: list[list[str]], foreign_weight: float | None, sources: list[str]
) -> dict[str, Any]:
    """Leave-task-out in miniature: per task group, the calibration refitted without the
    group's rows scores the group's out-of-fold rows (a head that never saw those tasks)."""
    from mleworld.evaluation.calibration import expected_calibration_error, quintile_groups
    from mleworld.training.fast_unfamiliar import CalibrationRows, fit_rows
    from mleworld.world.fast.model import FastWorldModel

    model = FastWorldModel.load(model_dir, online=False)
    rows = CalibrationRows.load(model_dir.with_name(model_dir.name + "-" + ROWS_FILE))
    task_of = {r.id: r.task_id for r in _corpus_records()}
    tasks = np.array([task_of.get(i, "") for i in rows.ids])
    scored: dict[str, tuple[list[np.ndarray], list[np.ndarray]]] = {
        "task_fold": ([], []),
        "heldout": ([], []),
    }
    for group in groups:
        inside = np.isin(tasks, group)
        fitted_on = ~inside & np.isin(rows.source, sources)
        calibration, _ = fit_rows(
            model.class_head.classes, rows.subset(fitted_on), foreign_weight=foreign_weight
        )
        for source, (conf, right) in scored.items():
            c, r = _row_scores(calibration, rows.subset(inside & (rows.source == source)))
            conf.append(c)
            right.append(r)
    out: dict[str, Any] = {}
    for source, (conf, right) in scored.items():
        confidence, correct = np.concatenate(conf), np.concatenate(right)
        out[source] = {
            "rows": len(confidence),
            "accuracy": float(correct.mean()),
            "ece": expected_calibration_error(confidence, correct),
            "quintiles": [float(correct[q].mean()) for q in quintile_groups(confidence)],
            "p_max_mean": float(confidence.mean()),
        }
    return out


def _corpus_records() -> list[Any]:
    from mleworld.corpus.default import resolve_corpus

    return list(resolve_corpus("default").iter_records())


def _suggested(tradeoff: dict[str, Any] | None) -> dict[str, Any] | None:
    if tradeoff is None:
        return None
    return {
        kind: (tradeoff[kind]["suggested"] or {}).get("gamma") for kind in ("success", "failure")
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-task-folds", action="store_true")
    parser.add_argument("--sources", default="heldout,task_fold,foreign")
    parser.add_argument("--foreign-weight", type=float, default=None)
    parser.add_argument("--task-crossfit", action="store_true")
    parser.add_argument(
        "--fit-halves", default=None, help="foreign halves whose rows the calibration may use"
    )
    parser.add_argument("--score-halves", default=None, help="foreign halves to cross-fit")
    args = parser.parse_args()
    began = time.perf_counter()
    trained = None
    if not (args.model / "model.json").is_file():
        trained = _train(args.model, not args.no_task_folds)
    sources = args.sources.split(",")
    result = crossfit(
        args.model,
        args.folds,
        args.seed,
        sources,
        args.foreign_weight,
        args.fit_halves.split(",") if args.fit_halves else None,
        args.score_halves.split(",") if args.score_halves else None,
    )
    if args.task_crossfit:
        groups = (result.get("trained") or {}).get("unfamiliar", {}).get("task_groups")
        if not groups:
            from mleworld.training.fast_task_folds import task_groups

            groups = task_groups([r.task_id for r in _corpus_records()])
        result["task_crossfit"] = task_fold_crossfit(
            args.model, groups, args.foreign_weight, sources
        )
        print(json.dumps(result["task_crossfit"]))
    result["sources"] = sources
    result["foreign_weight"] = args.foreign_weight
    result["trained"] = trained
    result["seconds"] = round(time.perf_counter() - began, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: result[k] for k in ("programs", "exception_class", "ece", "quintiles")}))


if __name__ == "__main__":
    main()
