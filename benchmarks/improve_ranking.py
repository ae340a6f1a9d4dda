"""Benchmark: can the fast model tell the improvements of one parent apart?

Best-of-N on an improve step draws N revisions of one parent and keeps the
highest predicted metric, so what matters there is the order the model puts
siblings in, not how close each number is. From the default corpus's
held-out records whose parent (anywhere in the corpus) has a real metric,
this scores the model's predicted metric on:

- sibling pairs: two held-out children of the same parent in the same run;
  correct when the predicted order matches the real one (ties in the
  prediction count half, pairs with equal real metrics are skipped);
- task delta pairs: any two held-out children of one task, ordered by their
  predicted against their real child-minus-parent change (a larger sample
  with the same question: which edit helps more);
- direction: whether the predicted change has the real change's sign (half
  for a predicted change of exactly 0);
- spread: the real and predicted changes in units of |parent metric|.

`--fresh FILE` adds pools as best-of-N meets them: on a few suite tasks, a
builtin draft run for real and N builtin improvements of it, each run for
real (cached in FILE, so another model is scored on the same runs); it
reports the same ranking scores and the real gain of best-of-N's pick against
the first draw (what policy `none` runs), the best draw and the pool mean.

0.5 is what a model that gives every sibling the same number scores. The
held-out split has few sibling pairs, so `--oof` also fits the edit head
(world/fast/edits.py) on the train split's children in run-grouped folds and
scores the sibling pairs of each left-out fold: a held-out estimate with many
more pairs (the rest of the model is not refitted per fold; the edit head
reads only what the child changed, the task's direction, its scale and its
per-family metric medians, which are recomputed without the left-out fold).

    MLEWORLD_HOME=... python benchmarks/improve_ranking.py --label after --oof
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import platform
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

RESULTS = Path(__file__).parent / "results" / "improve_ranking.json"


def finite(value: Any) -> bool:
    return value is not None and math.isfinite(float(value))


def pair_accuracy(pairs: Sequence[tuple[float, float, float, float]]) -> dict[str, Any]:
    """(pred_a, pred_b, real_a, real_b) pairs -> share ordered right (prediction ties: half)."""
    score, n = 0.0, 0
    for pa, pb, ra, rb in pairs:
        if ra == rb:
            continue
        n += 1
        if pa == pb:
            score += 0.5
        elif (pa > pb) == (ra > rb):
            score += 1.0
    return {"pairs": n, "accuracy": round(score / n, 4) if n else None}


def children_with_parents(corpus: Any, split: str) -> list[tuple[Any, Any]]:
    """(child, parent) for the split's records whose parent has a real metric (and so does the child)."""
    records = [r for r in corpus.iter_records() if not r.harness_error]
    holdout = corpus.holdout()
    by_node = {(r.task_id, r.run_id, r.node_id): r for r in records}
    out = []
    for r in records:
        held = r.id in holdout.get(r.task_id, ())
        if held != (split == "holdout") or not r.parent_id:
            continue
        parent = by_node.get((r.task_id, r.run_id, r.parent_id))
        if parent is not None and finite(parent.y.metric) and finite(r.y.metric):
            out.append((r, parent))
    return out


def scores(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The ranking scores over rows of {task, family_key, pred, real, parent} (metrics, not deltas)."""
    siblings: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    tasks: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        siblings[row["sibling_key"]].append(row)
        tasks[row["task"]].append(row)
    sib_pairs = [
        (a["pred"], b["pred"], a["real"], b["real"])
        for group in siblings.values()
        for a, b in itertools.combinations(group, 2)
    ]
    delta_pairs = [
        (
            a["pred"] - a["parent"],
            b["pred"] - b["parent"],
            a["real"] - a["parent"],
            b["real"] - b["parent"],
        )
        for group in tasks.values()
        for a, b in itertools.combinations(group, 2)
    ]
    direction = pair_accuracy([(r["pred"], r["parent"], r["real"], r["parent"]) for r in rows])
    rel_real = np.array([(r["real"] - r["parent"]) / max(abs(r["parent"]), 1e-9) for r in rows])
    rel_pred = np.array([(r["pred"] - r["parent"]) / max(abs(r["parent"]), 1e-9) for r in rows])
    within = np.mean([abs(r["pred"] - r["real"]) <= 0.05 * abs(r["real"]) for r in rows])
    anchor = np.mean([abs(r["parent"] - r["real"]) <= 0.05 * abs(r["real"]) for r in rows])
    corr = math.nan
    if len(rows) > 2 and rel_pred.std() > 0 and rel_real.std() > 0:
        corr = float(np.corrcoef(_ranks(rel_pred), _ranks(rel_real))[0, 1])
    return {
        "children": len(rows),
        "sibling_pairs": pair_accuracy(sib_pairs),
        "task_delta_pairs": pair_accuracy(delta_pairs),
        "direction": direction,
        "within_5pct": round(float(within), 4) if rows else None,
        "within_5pct_parent_metric": round(float(anchor), 4) if rows else None,
        "spearman_delta": None if math.isnan(corr) else round(corr, 4),
        "real_delta_rel": _spread(rel_real),
        "pred_delta_rel": _spread(rel_pred),
        "distinct_pred_share_in_sibling_groups": _distinct_share(siblings),
    }


def _ranks(values: np.ndarray) -> np.ndarray:
    order = values.argsort(kind="stable")
    ranks = np.empty(len(values))
    ranks[order] = np.arange(len(values))
    return ranks


def _spread(values: np.ndarray) -> dict[str, float | None]:
    """Quantiles, not moments: a parent metric near 0 (an R2 of 0.001) makes a relative change huge."""
    if not len(values):
        return {
            "p10": None,
            "p90": None,
            "median_abs": None,
            "p90_abs": None,
            "nonzero_share": None,
        }
    return {
        "p10": round(float(np.quantile(values, 0.1)), 5),
        "p90": round(float(np.quantile(values, 0.9)), 5),
        "median_abs": round(float(np.median(np.abs(values))), 5),
        "p90_abs": round(float(np.quantile(np.abs(values), 0.9)), 5),
        "nonzero_share": round(float(np.mean(np.abs(values) > 1e-12)), 4),
    }


def _distinct_share(groups: dict[Any, list[dict[str, Any]]]) -> float | None:
    big = [g for g in groups.values() if len(g) > 1]
    if not big:
        return None
    return round(float(np.mean([len({r["pred"] for r in g}) / len(g) for g in big])), 4)


def holdout_rows(model: Any, pairs: list[tuple[Any, Any]]) -> list[dict[str, Any]]:
    from mleworld.tasks.suite import suite_data_dir
    from mleworld.world.inputs import query_for_record

    queries = [query_for_record(c, parent=p, data_dir=suite_data_dir(c.task_id)) for c, p in pairs]
    predictions = []
    for start in range(0, len(queries), 64):
        predictions.extend(model.predict_batch(queries[start : start + 64]))
    rows = []
    for (child, parent), prediction in zip(pairs, predictions, strict=True):
        if prediction.metric is None:
            continue  # the model predicted a crash: no metric to rank
        rows.append(
            {
                "task": child.task_id,
                "sibling_key": (child.task_id, child.run_id, child.parent_id),
                "pred": float(prediction.metric),
                "real": float(child.y.metric),
                "parent": float(parent.y.metric),
            }
        )
    return rows


def oof_rows(
    model: Any, corpus: Any, pairs: list[tuple[Any, Any]], folds: int, seed: int
) -> list[dict[str, Any]]:
    """The edit head fitted on the other folds' runs, predicting each fold's children.

    Whole runs go to one fold. The task statistics the edit features read (the
    task's metric median and spread, its median per model family) are computed
    per fold from the train split's records outside that fold, so nothing of a
    left-out run reaches the features or the head that predict it.
    """
    from mleworld.tasks.suite import suite_data_dir
    from mleworld.world.fast.code import code_facts, primary_family, strip_comments
    from mleworld.world.fast.edits import EditHead, edit_inputs
    from mleworld.world.fast.features import TaskStats
    from mleworld.world.fast.model import outcome_label
    from mleworld.world.inputs import query_for_record

    queries = [query_for_record(c, parent=p, data_dir=suite_data_dir(c.task_id)) for c, p in pairs]
    inputs = model.featurizer.prepare(queries)
    parent = np.array([float(p.y.metric) for _, p in pairs])
    real = np.array([float(c.y.metric) for c, _ in pairs])
    scale = inputs.scale
    holdout = corpus.holdout()
    train = [
        r
        for r in corpus.iter_records()
        if not r.harness_error and r.id not in holdout.get(r.task_id, ())
    ]
    runs = sorted({f"{r.task_id}/{r.run_id}" for r in train})
    rng = np.random.default_rng(seed)
    fold_of = dict(zip(runs, rng.permutation(len(runs)) % folds, strict=True))
    fold = np.array([fold_of[f"{c.task_id}/{c.run_id}"] for c, _ in pairs])
    families = [primary_family(code_facts(strip_comments(r.x.program))) for r in train]
    pred = np.full(len(pairs), np.nan)
    for k in range(folds):
        kept = [i for i, r in enumerate(train) if fold_of[f"{r.task_id}/{r.run_id}"] != k]
        stats = {}
        for task in {train[i].task_id for i in kept}:
            rows = [i for i in kept if train[i].task_id == task]
            stats[task] = TaskStats.from_outcomes(
                [outcome_label(train[i].y.exc_type, train[i].timed_out, model.vocab) for i in rows],
                [train[i].stage for i in rows],
                [math.log1p(max(float(train[i].runtime_s), 0.0)) for i in rows],
                [train[i].y.metric for i in rows],
                [families[i] for i in rows],
            )
        X, direction = edit_inputs(queries, inputs.facts, [stats.get(q.task_id) for q in queries])
        gain = direction * (real - parent) / scale
        fit = np.flatnonzero(fold != k)
        head, _ = EditHead.fit(X[fit], gain[fit], direction[fit], scale[fit], seed=seed)
        test = np.flatnonzero(fold == k)
        pred[test] = parent[test] + direction[test] * scale[test] * head.raw_gain(X[test])
    return [
        {
            "task": c.task_id,
            "sibling_key": (c.task_id, c.run_id, c.parent_id),
            "pred": float(pred[i]),
            "real": float(real[i]),
            "parent": float(parent[i]),
        }
        for i, (c, _) in enumerate(pairs)
    ]


def fresh_pools(
    path: Path, tasks: Sequence[str], parents: int, revisions: int
) -> list[dict[str, Any]]:
    """Pools as best-of-N sees them, on fresh programs: a drafted parent run for real, then
    `revisions` improvements of it by the builtin writer (its seeds), each run for real.

    Written to `path` (programs and real outcomes) and read back from it when it exists,
    so that models are scored on the same runs.
    """
    if path.exists():
        return json.loads(path.read_text())
    from mleworld.codegen.base import CodeRequest
    from mleworld.codegen.builtin import BuiltinCodeModel
    from mleworld.execution.sandbox import execute
    from mleworld.tasks.suite import resolve_task

    def real(code: str, task: Any) -> dict[str, Any]:
        outcome = execute(code, task)
        return {
            "exc_type": outcome.exc_type,
            "metric": outcome.metric,
            "term_out": outcome.term_out,
            "runtime_s": outcome.runtime_s,
        }

    pools = []
    writer = BuiltinCodeModel(seed=0)
    for name in tasks:
        task = resolve_task(name)
        for p in range(parents):
            draft = writer.generate(CodeRequest("draft", "", task=task, seed=500 + p)).code
            ran = real(draft, task)
            if ran["exc_type"] != "None" or not finite(ran["metric"]):
                continue  # best-of-N improves a parent with a metric
            children = []
            for i in range(revisions):
                request = CodeRequest(
                    "improve",
                    "",
                    task=task,
                    parent_code=draft,
                    parent_output=ran["term_out"],
                    parent_exc_type="None",
                    seed=900 + 31 * p + i,
                )
                code = writer.generate(request).code
                children.append({"code": code, "real": real(code, task)})
            pools.append(
                {"task": name, "parent": {"code": draft, "real": ran}, "children": children}
            )
    path.write_text(json.dumps(pools))
    return pools


def fresh_scores(model: Any, pools: list[dict[str, Any]]) -> dict[str, Any]:
    """Sibling ranking on the fresh pools, and what best-of-N's pick really scored."""
    from mleworld.tasks.suite import resolve_task
    from mleworld.world.inputs import query_for_program
    from mleworld.world.prediction import Parent

    rows: list[dict[str, Any]] = []
    picks = {"bon": [], "first": [], "best": [], "mean": []}
    for k, pool in enumerate(pools):
        task = resolve_task(pool["task"])
        sign = -1.0 if task.is_lower_better else 1.0
        ran = pool["parent"]["real"]
        parent = Parent(
            program=pool["parent"]["code"],
            exc_type="None",
            metric=ran["metric"],
            term_out=ran["term_out"],
            runtime_s=ran["runtime_s"],
        )
        queries = [
            query_for_program(c["code"], task=task, stage="improve", parent=parent)
            for c in pool["children"]
        ]
        predictions = model.predict_batch(queries)
        real = [
            c["real"]["metric"] if c["real"]["exc_type"] == "None" else None
            for c in pool["children"]
        ]
        for prediction, value in zip(predictions, real, strict=True):
            if prediction.metric is not None and value is not None and finite(value):
                rows.append(
                    {
                        "task": pool["task"],
                        "sibling_key": (pool["task"], str(k), ""),
                        "pred": float(prediction.metric),
                        "real": float(value),
                        "parent": float(ran["metric"]),
                    }
                )
        usable = [
            i
            for i, p in enumerate(predictions)
            if p.exc_type == "None" and p.metric is not None and math.isfinite(p.metric)
        ]
        if not usable:
            continue
        # Best-of-N as the policy does it: the best predicted metric, first on ties.
        chosen = max(usable, key=lambda i: (sign * float(predictions[i].metric), -i))
        # Relative to the parent, so that tasks on different metric scales weigh alike.
        size = max(abs(float(ran["metric"])), 1e-9)
        gains = [sign * (v - ran["metric"]) / size if v is not None else None for v in real]
        if any(g is None for g in gains):
            continue  # a child that crashed for real: the regret of picking it is undefined here
        picks["bon"].append(gains[chosen])
        picks["first"].append(gains[0])
        picks["best"].append(max(gains))
        picks["mean"].append(float(np.mean(gains)))
    out = scores(rows)
    out["pools"] = len(pools)
    out["bon_pick"] = {
        "pools_scored": len(picks["bon"]),
        "note": "mean oriented real gain over the parent, relative to |parent metric|: the pick "
        "of best-of-N, the first draw (policy none), the best draw, the pool mean",
        **{k: round(float(np.mean(v)), 5) if v else None for k, v in picks.items()},
        "bon_is_best_share": round(
            float(np.mean([b == m for b, m in zip(picks["bon"], picks["best"], strict=True)])), 4
        )
        if picks["bon"]
        else None,
    }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--label", default="current", help="name of this measurement in the JSON")
    parser.add_argument("--model", help="a saved fast model directory (default: the default model)")
    parser.add_argument("--oof", action="store_true", help="also score the edit head out of fold")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--fresh",
        type=Path,
        help="score fresh pools too (programs and real runs cached in this file)",
    )
    parser.add_argument(
        "--fresh-tasks",
        nargs="+",
        default=["penguins", "breast-cancer", "diabetes", "seattle-weather"],
    )
    parser.add_argument("--fresh-parents", type=int, default=2)
    parser.add_argument("--fresh-revisions", type=int, default=4)
    args = parser.parse_args()

    from mleworld.corpus.default import resolve_corpus
    from mleworld.world.fast.default import default_model
    from mleworld.world.fast.model import SCHEMA_VERSION, FastWorldModel

    began = time.perf_counter()
    corpus = resolve_corpus("default")
    if args.model:
        model = FastWorldModel.load(args.model, online=False)
    else:
        model = default_model(online=False)
    held = children_with_parents(corpus, "holdout")
    result: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "model": args.model or "default",
        "corpus": str(corpus.path),
        "holdout": scores(holdout_rows(model, held)),
        "holdout_children_total": len(held),
    }
    if args.oof:
        train = children_with_parents(corpus, "train")
        result["train_oof"] = {
            "folds": args.folds,
            **scores(oof_rows(model, corpus, train, args.folds, args.seed)),
        }
    if args.fresh:
        pools = fresh_pools(args.fresh, args.fresh_tasks, args.fresh_parents, args.fresh_revisions)
        result["fresh"] = fresh_scores(model, pools)
    result["wall_s"] = round(time.perf_counter() - began, 1)
    result["load_avg"] = [round(v, 2) for v in os.getloadavg()]
    result["machine"] = f"{platform.machine()} {os.cpu_count()} cpus"
    stored: dict[str, Any] = {}
    if args.out.exists():
        stored = json.loads(args.out.read_text())
    stored[args.label] = result
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
    print(json.dumps(result, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
