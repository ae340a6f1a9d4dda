"""Cross-fitted calibration of the fast model on the foreign set's calibration halves.

The calibration halves (`dev` and `calib`) are calibration data
(training/fast_unfamiliar.py), so scoring them with the model as trained flatters
them. Here its programs are split into folds; per fold, the unfamiliar-code
calibration is refitted from the training's saved calibration rows
(`train_fast(..., calibration_rows=...)`) without that fold's programs and the fold
is predicted with it. ECE and accuracy per p_max quintile are read off the pooled
predictions, for all scored programs, each half and each batch. Only the calibration
halves are opened; the test half is never read.

    PYTHONPATH=src MLEWORLD_HOME=... python benchmarks/wm_calib_crossfit.py \
        --model /tmp/fast --out benchmarks/results/wm_eval_foreign/dev_crossfit.json

`--folds 5` draws random folds; `--folds batch` leaves one batch out at a time (a
batch: the programs one group of people wrote in one session, corpus/foreign.batch_of),
which is what the test half is to a calibration: batches it never saw. Trains the model
first when `--model` holds none (the default corpus' train split). The fit and scored
halves default to the ones training calibrates on (`dev` and `calib`); a half the saved
rows lack (a model of a commit that calibrated on fewer) is predicted here by the model
as trained. `--foreign-weight` defaults to training's share (`none`: every row the
same); batches weigh the same as in training (`--no-batch-weights`: each row does).
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
    folds: int | None,
    seed: int,
    sources: list[str],
    foreign_weight: float | None,
    fit_halves: list[str] | None = None,
    score_halves: list[str] | None = None,
    batch_weights: bool = True,
) -> dict[str, Any]:
    """Each fold predicted by a calibration refitted without its programs' rows.

    `folds`: that many random folds, or None: one fold per batch (leave one batch out).
    A half in `fit_halves` that the saved rows lack (a model trained when fewer halves
    calibrated) is predicted by the model as trained and added. `batch_weights`: each
    batch weighs the same within the foreign rows' weight, as training weighs them.
    """
    from mleworld.corpus.foreign import batch_of, open_program_set
    from mleworld.evaluation.gate_tradeoff import gate_tradeoff
    from mleworld.evaluation.holdout_eval import build_queries, parent_key, predict_all
    from mleworld.evaluation.scoring import score_program
    from mleworld.training.fast_unfamiliar import CalibrationRows, fit_rows, row_batches
    from mleworld.world.fast.model import FastWorldModel

    model = FastWorldModel.load(model_dir, online=False)
    rows = CalibrationRows.load(model_dir.with_name(model_dir.name + "-" + ROWS_FILE))
    rows = rows.subset(np.isin(rows.source, sources))
    programs = open_program_set("foreign")
    fit_halves = fit_halves or list(programs.calibration_halves)
    score_halves = score_halves or list(programs.calibration_halves)
    if "test" in fit_halves + score_halves:
        raise SystemExit("error: the test half is never opened here; name dev and/or calib")
    half_of = {r.id: h for h in programs.calibration_halves for r in programs.half(h)}
    rows = _with_halves(model, rows, fit_halves, half_of)
    batch_of_id = {r.id: batch_of(r.node_id) or "-" for r in programs.records}
    batches = row_batches("foreign", rows) if batch_weights else None
    dev = [r for r in programs.calibration_records() if half_of[r.id] in score_halves]
    unfit = [i for i, h in half_of.items() if h not in fit_halves]
    kept = ~((rows.source == "foreign") & np.isin(rows.ids, unfit))
    rows = rows.subset(kept)
    batches = None if batches is None else batches[kept]
    index = {parent_key(r): r for r in programs.records}
    if folds is None:
        fold_of = {r.id: batch_of_id[r.id] for r in dev}
    else:
        order = np.random.default_rng(seed).permutation(len(dev))
        fold_of = {dev[i].id: str(n % folds) for n, i in enumerate(order)}
    scores_by_id: dict[str, Any] = {}
    fits = []
    for fold in sorted(set(fold_of.values())):
        members = [r for r in dev if fold_of[r.id] == fold]
        held_ids = [r.id for r in members]
        keep = ~((rows.source == "foreign") & np.isin(rows.ids, held_ids))
        model.unfamiliar, report = fit_rows(
            model.class_head.classes,
            rows.subset(keep),
            foreign_weight=foreign_weight,
            foreign_batches=None if batches is None else batches[keep],
        )
        fits.append(
            {
                "fold": fold,
                "programs": len(members),
                "foreign_rows": int(np.sum(keep & (rows.source == "foreign"))),
                "weight_coef": report.get("weight_coef"),
                "gate_threshold": report.get("gate_threshold"),
                "clean_coef": report.get("clean_coef"),
            }
        )
        queries = build_queries(members, index, programs.data_dir())
        predictions, _ = predict_all(model, queries)
        for record, prediction in zip(members, predictions, strict=True):
            scores_by_id[record.id] = score_program(record, prediction)
    scores = [scores_by_id[r.id] for r in dev]
    groups = {
        **{f"half {h}": [r.id for r in dev if half_of[r.id] == h] for h in score_halves},
        **{
            f"batch {b}": [r.id for r in dev if batch_of_id[r.id] == b]
            for b in sorted({batch_of_id[r.id] for r in dev})
        },
    }
    return {
        "halves": programs.calibration_halves,
        "fit_halves": fit_halves,
        "score_halves": score_halves,
        "folds": "batch" if folds is None else folds,
        "batch_weights": batch_weights,
        **_half_summary(scores),
        "quintile_ranges": _quintile_ranges(scores),
        "by_group": {
            name: _half_summary([scores_by_id[i] for i in ids]) for name, ids in groups.items()
        },
        "gate_suggested": _suggested(gate_tradeoff(scores)),
        "fits": fits,
        "per_program": [
            {
                "task": s.task_id,
                "program": r.node_id,
                "batch": batch_of_id[r.id],
                "observed": s.observed_class,
                "predicted": s.predicted_class,
                "p_max": None if s.p_max is None else round(float(s.p_max), 3),
                "right": bool(s.exception_class),
            }
            for r, s in zip(dev, scores, strict=True)
        ],
    }


def _with_halves(model: Any, rows: Any, halves: list[str], half_of: dict[str, str]) -> Any:
    """The rows, with foreign rows added for each of `halves` they do not hold yet."""
    from mleworld.training.fast_unfamiliar import CalibrationRows, foreign_rows

    held = {half_of.get(i) for i in rows.ids[rows.source == "foreign"]}
    folders = {t: Path(f) if f else None for t, f in model.meta.get("data_dirs", {}).items()}
    extra = [
        foreign_rows(model, "foreign", 2, folders if any(folders.values()) else None, half=h)
        for h in halves
        if h not in held
    ]
    return CalibrationRows.concat([rows, *(e for e in extra if e is not None)])


def _quintile_ranges(scores: list[Any]) -> list[dict[str, Any]]:
    from mleworld.evaluation.calibration import calibration

    calib = calibration(scores)
    return [
        {
            "n": q["n"],
            "p_max": [round(q.get("p_max_min", 0), 3), round(q.get("p_max_max", 0), 3)],
            "exception_class": q["fields"].get("exception_class", {}).get("accuracy"),
        }
        for q in (calib["quintiles"] if calib else [])
    ]


def _half_summary(scores: list[Any]) -> dict[str, Any]:
    """Programs, class accuracy, ECE (wm eval's bins) with its floor, quintile accuracies,
    mean p_max and the Brier score of p_max as the chance that the class is right."""
    from mleworld.evaluation.calibration import calibration, ece_floor

    calib = calibration(scores)
    confidence = np.array([s.p_max for s in scores if s.p_max is not None], dtype=float)
    right = np.array([s.exception_class for s in scores if s.p_max is not None], dtype=float)
    floor = ece_floor(confidence) if len(confidence) else None
    return {
        "programs": len(scores),
        "exception_class": float(np.mean([s.exception_class for s in scores])),
        "ece": calib["ece"] if calib else None,
        "ece_floor": None if floor is None else floor.get("mean"),
        "p_max_mean": float(confidence.mean()) if len(confidence) else None,
        "brier": float(np.mean((confidence - right) ** 2)) if len(confidence) else None,
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


def _foreign_weight(text: str | None) -> float | None:
    from mleworld.training.fast_unfamiliar import FOREIGN_WEIGHT

    if text is None:
        return FOREIGN_WEIGHT
    return None if text == "none" else float(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--folds", default="5", help="random folds, or `batch`: leave one batch out at a time"
    )
    parser.add_argument(
        "--batch-weights",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="each batch weighs the same in the fit, as in training (--no-batch-weights: each row)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-task-folds", action="store_true")
    parser.add_argument("--sources", default="heldout,task_fold,foreign")
    parser.add_argument(
        "--foreign-weight",
        default=None,
        help="the foreign rows' share of the fit (default: training's; `none`: equal rows)",
    )
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
    foreign_weight = _foreign_weight(args.foreign_weight)
    result = crossfit(
        args.model,
        None if args.folds == "batch" else int(args.folds),
        args.seed,
        sources,
        foreign_weight,
        args.fit_halves.split(",") if args.fit_halves else None,
        args.score_halves.split(",") if args.score_halves else None,
        args.batch_weights,
    )
    if args.task_crossfit:
        groups = (trained or {}).get("unfamiliar", {}).get("task_groups")
        if not groups:
            from mleworld.training.fast_task_folds import task_groups

            groups = task_groups([r.task_id for r in _corpus_records()])
        result["task_crossfit"] = task_fold_crossfit(args.model, groups, foreign_weight, sources)
        print(json.dumps(result["task_crossfit"]))
    result["sources"] = sources
    result["foreign_weight"] = foreign_weight
    result["trained"] = trained
    result["seconds"] = round(time.perf_counter() - began, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    keys = ("programs", "exception_class", "ece", "brier", "p_max_mean", "quintiles")
    print(json.dumps({k: result[k] for k in keys}))


if __name__ == "__main__":
    main()
