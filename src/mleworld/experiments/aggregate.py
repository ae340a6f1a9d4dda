"""The numbers of an experiment: one row per arm, and the comparisons between arms.

Mean percentile follows the paper (section 6.2, appendix K): an invalid or
missing submission scores 0; within each seed the tasks are averaged with equal
weight (the seed mean); the arm's mean is the mean of its seed means and its SE
is their standard deviation over sqrt(number of seeds). The normalised score is
averaged the same way (invalid = 0, the constant baseline). Costs (real
execution, real runs, predictions, generations, wall time) are plain means per
trial; the clean share pools every real run of the arm.

Comparisons pair two arms on the (task, seed) trials both have: the difference
of their seed means, with the SE across the paired seed means and a paired task
bootstrap SE (tasks resampled with replacement, evaluation/bootstrap.py).

Not here: reading trials from disk (store.py), drawing (plots.py), Markdown (markdown.py).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from mleworld.experiments.grid import Arm

BOOTSTRAP_RESAMPLES = 2000
REFERENCE = "none_always"


def _mean(values: Sequence[float]) -> float | None:
    return float(np.mean(values)) if values else None


def _se(values: Sequence[float]) -> float | None:
    if len(values) < 2:
        return None
    return float(np.std(values, ddof=1) / math.sqrt(len(values)))


def complete_seeds(by_seed: dict[int, dict[str, float]]) -> dict[int, dict[str, float]]:
    """The seeds that have every task any seed has.

    While a grid is still running, a seed with three tasks done would otherwise weigh
    as much as one with fourteen, and two such seeds give a spread that says nothing
    about the policy. Seed means and their SE use the complete seeds only; a seed
    counts once it catches up."""
    tasks = set().union(*(set(v) for v in by_seed.values())) if by_seed else set()
    return {seed: v for seed, v in by_seed.items() if set(v) == tasks}


def seed_means(trials: Iterable[dict[str, Any]], field: str) -> dict[int, float]:
    """Per complete seed, the mean over tasks of one trial field (None counts as 0)."""
    by_seed: dict[int, dict[str, float]] = defaultdict(dict)
    for t in trials:
        by_seed[int(t["seed"])][str(t["task"])] = float(t.get(field) or 0.0)
    return {
        seed: float(np.mean(list(v.values())))
        for seed, v in sorted(complete_seeds(by_seed).items())
    }


def arm_row(arm: Arm, trials: list[dict[str, Any]], planned: int) -> dict[str, Any]:
    """One results row: the arm's settings, its quality with SE, and its costs per trial."""
    pct = list(seed_means(trials, "score_percentile").values())
    norm = list(seed_means(trials, "normalized_score").values())
    real_runs = sum(t["real_runs"] for t in trials)
    n = len(trials)

    def per_trial(field: str) -> float | None:
        return _mean([float(t.get(field) or 0.0) for t in trials])

    by_outcome = {
        kind: _mean([float(t["real_exec_s_by_outcome"].get(kind, 0.0)) for t in trials])
        for kind in ("clean", "buggy", "timeout")
    }
    return {
        "arm": arm.name,
        "policy": arm.policy,
        "gate": arm.gate,
        "candidates": arm.candidates,
        "beta": arm.beta,
        "gamma_success": arm.gamma_success,
        "gamma_failure": arm.gamma_failure,
        "p_run": arm.p_run,
        "trials": n,
        "planned": planned,
        "tasks": len({t["task"] for t in trials}),
        "seeds": len(pct),
        "mean_percentile": _mean(pct),
        "se": _se(pct),
        "mean_normalized_score": _mean(norm),
        "se_normalized_score": _se(norm),
        "valid_rate": _mean([1.0 if t["valid"] else 0.0 for t in trials]),
        "golds": sum(t.get("medal") == "gold" for t in trials),
        "medals": sum(t.get("medal") is not None for t in trials),
        "real_exec_s_per_trial": per_trial("real_exec_s"),
        "real_exec_s_by_outcome_per_trial": by_outcome if n else None,
        "real_runs_per_trial": per_trial("real_runs"),
        "clean_share": (sum(t["clean_runs"] for t in trials) / real_runs) if real_runs else None,
        "trusted_per_trial": per_trial("trusted"),
        "predictions_per_trial": per_trial("predictions"),
        "generations_per_trial": per_trial("generations"),
        "steps_per_trial": per_trial("steps"),
        "wall_s_per_trial": per_trial("wall_s"),
    }


def rows(arms: Sequence[Arm], trials: list[dict[str, Any]], planned: dict[str, int]) -> list[dict]:
    by_arm: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for t in trials:
        by_arm[t["arm"]].append(t)
    return [arm_row(arm, by_arm.get(arm.name, []), planned.get(arm.name, 0)) for arm in arms]


# --- paired comparisons -------------------------------------------------------------


def _paired(
    a: list[dict[str, Any]], b: list[dict[str, Any]], field: str
) -> dict[tuple[str, int], float]:
    """(task, seed) -> a's value minus b's, over the trials both arms have."""
    left = {(t["task"], int(t["seed"])): float(t.get(field) or 0.0) for t in a}
    right = {(t["task"], int(t["seed"])): float(t.get(field) or 0.0) for t in b}
    return {key: left[key] - right[key] for key in left.keys() & right.keys()}


def task_bootstrap_se(diffs: dict[tuple[str, int], float], seed: int = 0) -> float | None:
    """SE of the task-weighted mean difference when tasks are resampled with replacement."""
    from mleworld.evaluation.bootstrap import task_weights

    if not diffs:
        return None
    per_task: dict[str, list[float]] = defaultdict(list)
    for (task, _), value in diffs.items():
        per_task[task].append(value)
    tasks = sorted(per_task)
    if len(tasks) < 2:
        return None
    means = np.array([np.mean(per_task[t]) for t in tasks])
    weights = task_weights(tasks, resamples=BOOTSTRAP_RESAMPLES, seed=seed).astype(float)
    draws = weights @ means / weights.sum(axis=1)
    return float(np.std(draws, ddof=1))


def compare(
    a: list[dict[str, Any]], b: list[dict[str, Any]], field: str = "score_percentile"
) -> dict[str, Any]:
    """a minus b on their shared trials: the difference of seed means, with both SEs."""
    diffs = _paired(a, b, field)
    by_seed: dict[int, dict[str, float]] = defaultdict(dict)
    for (task, seed), value in diffs.items():
        by_seed[seed][task] = value
    complete = complete_seeds(by_seed)
    seed_diffs = [float(np.mean(list(v.values()))) for _, v in sorted(complete.items())]
    return {
        "pairs": len(diffs),
        "seeds": len(complete),
        "delta": _mean(seed_diffs),
        "se_seeds": _se(seed_diffs),
        "se_task_bootstrap": task_bootstrap_se(diffs),
    }


def _exec_saving(gated: list[dict[str, Any]], ungated: list[dict[str, Any]]) -> dict[str, Any]:
    """Share of real execution time the gated arm saves on the trials both have."""
    keys = {(t["task"], t["seed"]) for t in gated} & {(t["task"], t["seed"]) for t in ungated}
    g = sum(t["real_exec_s"] for t in gated if (t["task"], t["seed"]) in keys)
    u = sum(t["real_exec_s"] for t in ungated if (t["task"], t["seed"]) in keys)
    return {
        "pairs": len(keys),
        "gated_exec_s": round(g, 2),
        "ungated_exec_s": round(u, 2),
        "exec_saving": (1.0 - g / u) if u > 0 else None,
    }


def comparisons(arms: Sequence[Arm], trials: list[dict[str, Any]]) -> dict[str, Any]:
    """Every arm against `none`; each gated arm against its ungated twin; random vs confidence."""
    by_arm: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for t in trials:
        by_arm[t["arm"]].append(t)
    names = {a.name: a for a in arms}
    out: dict[str, Any] = {"vs_none": {}, "gate": {}, "random_vs_confidence": {}}
    if REFERENCE in names:
        for arm in arms:
            if arm.name != REFERENCE:
                out["vs_none"][arm.name] = compare(by_arm[arm.name], by_arm[REFERENCE])
    for arm in arms:
        if arm.gate == "always":
            continue
        twin = Arm(arm.policy, "always", arm.candidates, arm.beta)
        if twin.name not in names:
            continue
        entry = compare(by_arm[arm.name], by_arm[twin.name])
        entry |= _exec_saving(by_arm[arm.name], by_arm[twin.name])
        entry["ungated"] = twin.name
        out["gate"][arm.name] = entry
        if arm.gate == "random":
            confidence = Arm(arm.policy, "confidence", arm.candidates, arm.beta)
            if confidence.name in names:
                pair = compare(by_arm[confidence.name], by_arm[arm.name])
                pair |= _exec_saving(by_arm[confidence.name], by_arm[arm.name])
                pair["random"] = arm.name
                out["random_vs_confidence"][confidence.name] = pair
    return out


def over_time(trials: list[dict[str, Any]], steps: int) -> list[float]:
    """Mean percentile after each step 1..steps (carried forward past a trial's last step,
    0 until valid); seeds averaged over tasks first, then across seeds."""
    if not trials:
        return []
    by_seed: dict[int, list[list[float]]] = defaultdict(list)
    for t in trials:
        line = [p["percentile"] for p in t.get("timeline") or []]
        last = line[-1] if line else 0.0
        padded = (line + [last] * steps)[:steps]
        by_seed[int(t["seed"])].append(padded)
    per_seed = [np.mean(np.array(v), axis=0) for v in by_seed.values()]
    return [round(float(x), 4) for x in np.mean(np.array(per_seed), axis=0)]


def by_task(trials: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """arm -> task -> mean percentile over that task's finished seeds (invalid = 0)."""
    cells: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for t in trials:
        cells[t["arm"]][t["task"]].append(float(t.get("score_percentile") or 0.0))
    return {
        arm: {task: round(float(np.mean(v)), 2) for task, v in sorted(tasks.items())}
        for arm, tasks in cells.items()
    }
