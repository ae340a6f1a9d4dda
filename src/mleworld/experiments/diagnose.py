"""`mleworld diagnose`: fixed-state diagnostics of single decisions (appendix P).

For each sampled state (diagnose_states.py): draw N candidates once, predict
them in one batch, execute every one for real and grade its submission on the
private answers (test percentile, invalid = 0); then let every rule of
diagnose_rules.py decide over that same pool, executing and grading whatever
new program a rule writes (fusion's synthesis, sequential's revisions). Every
choice is made before any grade is read: grades are looked up afterwards.

Results (diagnose.json, diagnose.md): per rule the mean test percentile, the
valid rate, and the paired difference from the row above it in its panel, with
a hierarchical bootstrap SE (tasks resampled, then states within each task).

Each state's record is written to states/<key>.json as soon as it is done, so a
killed diagnosis resumes at the next state.

Not here: sampling states, the rules themselves.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.errors import ConfigError, MleWorldError
from mleworld.experiments import diagnose_rules as rules
from mleworld.experiments.diagnose_states import State, rebuild, sample_states
from mleworld.files import atomic_write_text

RESAMPLES = 2000
# (panel, rule) in table order; a Δ compares a row with the one above it in its panel.
ROWS: tuple[tuple[str, str], ...] = (
    ("selection", "uniform"),
    ("selection", "screen"),
    ("selection", "screen + ranking"),
    ("selection", "real validation"),
    ("pairwise", "code only"),
    ("pairwise", "predicted output"),
    ("pairwise", "real output"),
    ("sequential", "no feedback"),
    ("sequential", "structured predictions"),
    ("sequential", "predicted output"),
    ("sequential", "real output"),
    ("fusion", "code only"),
    ("fusion", "predicted output"),
    ("fusion", "real output"),
)


class _Evaluator:
    """Executes and grades programs of one state, each distinct program once."""

    def __init__(self, rebuilt: Any, work: Path) -> None:
        from mleworld.agent.loop import SandboxExecute

        self.rebuilt = rebuilt
        cfg = rebuilt.config.exec
        self.execute = SandboxExecute(rebuilt.task, work, cfg.memory_mb, cfg.threads)
        self.work = work
        self.cache: dict[str, dict[str, Any]] = {}

    def run(self, candidate: Any) -> dict[str, Any] | None:
        """The candidate's real outcome (set on it too); None without a program."""
        if candidate.error is not None or not candidate.code:
            return None
        key = hashlib.sha256(candidate.code.encode()).hexdigest()[:16]
        if key not in self.cache:
            outcome = self.execute(candidate.code, key, self.rebuilt.time_limit_s)
            self.cache[key] = {"outcome": outcome.to_dict(), "exec_id": key}
        candidate.outcome = self.cache[key]["outcome"]
        return candidate.outcome

    def grade(self, candidate: Any) -> dict[str, Any]:
        """valid and test percentile (0 when invalid) of the candidate's submission."""
        from mleworld.tasks.grading import grade_file

        outcome = self.run(candidate)
        if outcome is None:
            return {"valid": False, "percentile": 0.0, "runtime_s": 0.0}
        key = hashlib.sha256(candidate.code.encode()).hexdigest()[:16]
        path = self.work / "submissions" / f"{key}.csv"
        entry = self.cache[key]
        if "grade" not in entry:
            valid, pct = False, 0.0
            if path.is_file():
                try:
                    graded = grade_file(self.rebuilt.task, path)
                except MleWorldError:
                    graded = None
                if graded is not None and graded.valid and graded.percentile is not None:
                    valid, pct = True, float(graded.percentile)
            entry["grade"] = {"valid": valid, "percentile": pct}
        return {**entry["grade"], "runtime_s": float(outcome.get("runtime_s") or 0.0)}


def _mean_grade(grades: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "valid": float(np.mean([g["valid"] for g in grades])),
        "percentile": float(np.mean([g["percentile"] for g in grades])),
        "runtime_s": float(np.mean([g["runtime_s"] for g in grades])),
    }


def diagnose_state(state: State, num_candidates: int, world_model: str, work: Path) -> dict:
    """Every rule's result on one state (the record written to states/<key>.json)."""
    from mleworld.agent.world_model import RunWorldModel, load_world_model, run_facts

    rebuilt = rebuild(state, num_candidates, execute=None)
    ev = _Evaluator(rebuilt, work)
    ctx = rebuilt.ctx
    model = load_world_model(world_model, rebuilt.task.id)
    world = RunWorldModel(
        model,
        rebuilt.task,
        rebuilt.agent.overview(),
        run_facts(rebuilt.config, rebuilt.task),
        run_id=f"diagnose-{state.key}",
        observe=False,
    )
    parent = ctx.action.parent

    def predict_true(cands: list[Any]) -> list[dict[str, Any] | None]:
        codes = [c.code if c.error is None and c.code else None for c in cands]
        return world.predict(codes, state.stage, parent, rebuilt.time_limit_s)

    from mleworld.agent.policies.pool import draw

    pool = draw(ctx)
    for i, (c, p) in enumerate(zip(pool, predict_true(pool), strict=True)):
        c.prediction, c.meta["pool_index"] = p, i
    # Every choice below reads predictions, or real outcomes where a rule is allowed them;
    # grades are read only after all choices are made.
    for c in pool:
        ev.run(c)
    choices: dict[str, Any] = {
        "uniform": list(range(len(pool))),
        "screen": rules.screen_set(ctx, pool),
        "screen + ranking": [rules.ranking_pick(ctx, pool)],
        "real validation": [rules.real_validation_pick(ctx, pool)],
    }
    picked: dict[str, Any] = {}
    for label, feedback in (
        ("code only", rules.code_only),
        ("predicted output", lambda c: c.prediction),
        ("real output", rules.real_output),
    ):
        picked[f"pairwise/{label}"] = rules.pairwise(ctx, pool, feedback)
        picked[f"fusion/{label}"] = rules.fusion(ctx, pool, feedback, predict_true)
    for label, feedback in (
        ("no feedback", rules.no_feedback),
        ("structured predictions", rules.structured),
        ("predicted output", lambda c: c.prediction),
        ("real output", rules.real_output),
    ):
        picked[f"sequential/{label}"] = rules.sequential(
            ctx, pool[0], feedback, predict_true, ev.run
        )[0]
    results: dict[str, Any] = {}
    for label, indices in choices.items():
        results[f"selection/{label}"] = _mean_grade([ev.grade(pool[i]) for i in indices])
    for key, candidate in picked.items():
        results[key] = ev.grade(candidate) | {"new_program": "pool_index" not in candidate.meta}
    return {
        "state": state.to_dict(),
        "key": state.key,
        "pool": [{"prediction": c.prediction, "grade": ev.grade(c)} for c in pool],
        "results": results,
    }


# --- the table ---------------------------------------------------------------------


def hierarchical_se(values: dict[str, dict[str, float]], seed: int = 0) -> float | None:
    """SE of the task-weighted mean when tasks, then states within tasks, are resampled."""
    tasks = sorted(values)
    if len(tasks) < 2 and sum(len(v) for v in values.values()) < 2:
        return None
    rng = np.random.default_rng(seed)
    per_task = [np.array(list(values[t].values())) for t in tasks]
    draws = np.empty(RESAMPLES)
    for r in range(RESAMPLES):
        chosen = rng.integers(0, len(tasks), len(tasks))
        means = [rng.choice(per_task[k], size=len(per_task[k])).mean() for k in chosen]
        draws[r] = float(np.mean(means))
    return float(np.std(draws, ddof=1))


def _task_weighted(values: dict[str, dict[str, float]]) -> float | None:
    if not values:
        return None
    return float(np.mean([np.mean(list(v.values())) for v in values.values()]))


def summarize(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    previous: tuple[str, str] | None = None
    for panel, rule in ROWS:
        key = f"{panel}/{rule}"
        pct: dict[str, dict[str, float]] = defaultdict(dict)
        valid: dict[str, dict[str, float]] = defaultdict(dict)
        delta: dict[str, dict[str, float]] = defaultdict(dict)
        for rec in records:
            res = rec["results"].get(key)
            if res is None:
                continue
            task = rec["state"]["task"]
            pct[task][rec["key"]] = res["percentile"]
            valid[task][rec["key"]] = res["valid"]
            if previous is not None and previous[0] == panel:
                above = rec["results"].get(f"{previous[0]}/{previous[1]}")
                if above is not None:
                    delta[task][rec["key"]] = res["percentile"] - above["percentile"]
        rows.append(
            {
                "panel": panel,
                "rule": rule,
                "states": sum(len(v) for v in pct.values()),
                "mean_percentile": _task_weighted(pct),
                "se": hierarchical_se(pct),
                "valid_rate": _task_weighted(valid),
                "delta_vs_above": _task_weighted(delta) if delta else None,
                "delta_se": hierarchical_se(delta) if delta else None,
            }
        )
        previous = (panel, rule)
    return rows


def render(rows: list[dict[str, Any]], records: list[dict[str, Any]], meta: dict) -> str:
    def f(x: float | None, d: int = 1) -> str:
        return "—" if x is None else f"{x:.{d}f}"

    tasks = len({r["state"]["task"] for r in records})
    lines = [
        "# Fixed-state diagnostics (appendix P)",
        "",
        f"{len(records)} states from {tasks} tasks, {meta['candidates']} candidates each, "
        f"world model `{meta['world_model']}`. Test percentile is 0 when invalid; tasks "
        "weigh equally; Δ is the paired difference from the row above in its panel, ± SE "
        f"over {RESAMPLES} hierarchical (task, then state) bootstrap resamples. Uniform and "
        "screen are the expected value of a random pick from their set.",
        "",
        "| panel | rule | states | test pct ± SE | valid | Δ vs row above ± SE |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        pm = f"{f(r['mean_percentile'])} ± {f(r['se'])}"
        d = "" if r["delta_vs_above"] is None else f"{f(r['delta_vs_above'])} ± {f(r['delta_se'])}"
        valid = "—" if r["valid_rate"] is None else f"{100 * r['valid_rate']:.0f}%"
        lines.append(f"| {r['panel']} | {r['rule']} | {r['states']} | {pm} | {valid} | {d} |")
    lines += [
        "",
        "UCB is left out (as in the paper): one local decision does not measure exploration.",
    ]
    return "\n".join(lines) + "\n"


def run_diagnose(
    runs: list[Path],
    out: Path,
    *,
    per_task_stage: int = 3,
    candidates: int = 4,
    world_model: str = "fast",
    seed: int = 0,
    on_state: Any = None,
) -> dict[str, Any]:
    if candidates < 2:
        raise ConfigError(f"--candidates {candidates} must be at least 2 to compare rules")
    states = sample_states(runs, per_task_stage, seed)
    if not states:
        raise ConfigError("the runs given have no steps to sample states from")
    store = out / "states"
    store.mkdir(parents=True, exist_ok=True)
    records = []
    started = time.monotonic()
    for n, state in enumerate(states, start=1):
        path = store / f"{state.key}.json"
        if path.is_file():
            records.append(json.loads(path.read_text(encoding="utf-8")))
            continue
        record = diagnose_state(state, candidates, world_model, out / "work" / state.key)
        atomic_write_text(path, json.dumps(record, indent=1) + "\n")
        records.append(record)
        if on_state:
            on_state(n, len(states), state, time.monotonic() - started)
    meta = {"candidates": candidates, "world_model": world_model, "seed": seed}
    rows = summarize(records)
    result = {"schema_version": 1, **meta, "states": len(records), "rows": rows}
    atomic_write_text(out / "diagnose.json", json.dumps(result, indent=1) + "\n")
    atomic_write_text(out / "diagnose.md", render(rows, records, meta))
    return result
