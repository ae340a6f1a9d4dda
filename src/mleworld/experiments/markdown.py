"""results.md: an experiment's results dict as tables, and what they do and do not show.

The checks at the end restate issue 13's acceptance in numbers (a policy above
`none` by more than 2 SE; the gate saving at least 30% of real execution within
1 SE of percentile; confidence saving more than the random gate). They are
read off the table, never tuned toward: a check that fails says so.
"""

from __future__ import annotations

from typing import Any


def _f(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def _pm(value: float | None, se: float | None, digits: int = 1) -> str:
    if value is None:
        return "—"
    return _f(value, digits) + ("" if se is None else f" ± {_f(se, digits)}")


def _table(head: list[str], body: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return lines + ["| " + " | ".join(r) + " |" for r in body]


def _checks(results: dict[str, Any]) -> list[str]:
    comp = results["comparisons"]
    out = []
    wins = [
        (name, c)
        for name, c in comp["vs_none"].items()
        if c["delta"] is not None and c["se_seeds"] and c["delta"] > 2 * c["se_seeds"]
    ]
    if comp["vs_none"]:
        if wins:
            best = max(wins, key=lambda w: w[1]["delta"])
            out.append(
                f"- Policies above `none` by more than 2 SE (seed means): "
                f"{', '.join(n for n, _ in wins)}; largest {best[0]} "
                f"{_pm(best[1]['delta'], best[1]['se_seeds'])} points."
            )
        elif all(c["se_seeds"] is None for c in comp["vs_none"].values()):
            with_delta = [(n, c) for n, c in comp["vs_none"].items() if c["delta"] is not None]
            if with_delta:
                name, c = max(with_delta, key=lambda w: w[1]["delta"])
                out.append(
                    f"- No SE across seed means yet (fewer than 2 complete seeds); the largest gain over "
                    f"`none` is {name} {_f(c['delta'])} points (paired task bootstrap SE "
                    f"{_f(c['se_task_bootstrap'])}, {c['pairs']} pairs)."
                )
        else:
            out.append("- No arm beats `none` by more than 2 SE of the paired seed means.")
    gates = {r["arm"]: r["gate"] for r in results["rows"]}
    for name, c in comp["gate"].items():
        if gates.get(name) != "confidence" or not c["pairs"]:
            continue
        saving, delta, se = c["exec_saving"], c["delta"], c["se_seeds"]
        ok_saving = saving is not None and saving >= 0.30
        if se is None:
            loss = "no SE yet: fewer than 2 complete seeds"
        else:
            loss = "a change within 1 SE" if delta >= -se else "a loss beyond 1 SE"
        out.append(
            f"- {name} vs {c['ungated']}: saves {_pct(saving)} of real execution "
            f"({'≥' if ok_saving else '<'} 30%), percentile {_pm(delta, se)} "
            f"({loss}) over {c['pairs']} paired trials."
        )
    for name, c in comp["random_vs_confidence"].items():
        if not c["pairs"]:
            continue
        saving = c["exec_saving"]
        out.append(
            f"- {name} vs {c['random']}: confidence uses {_pct(saving)} less real execution "
            f"than random, percentile {_pm(c['delta'], c['se_seeds'])} over {c['pairs']} pairs."
        )
    return out


def _by_task(results: dict[str, Any]) -> list[str]:
    """Mean percentile per task (seeds averaged, invalid = 0) for every arm with trials."""
    cells = results.get("by_task") or {}
    arms = [r["arm"] for r in results["rows"] if r["trials"]]
    tasks = sorted({t for arm in arms for t in cells.get(arm, {})})
    if not tasks:
        return []
    body = [[t] + [_f(cells.get(arm, {}).get(t)) for arm in arms] for t in tasks]
    head = ["task"] + [f"`{a}`" for a in arms]
    return ["", "## Mean percentile by task (seeds averaged)", "", *_table(head, body)]


def render_results(results: dict[str, Any]) -> str:
    grid = results["grid"]
    budget = [f"{grid['steps']} steps" if grid["steps"] < 1_000_000 else None]
    if grid.get("time_budget_s"):
        budget.append(f"{grid['time_budget_s']:g} s wall time")
    if grid.get("exec_budget_s"):
        budget.append(f"{grid['exec_budget_s']:g} s real execution")
    lines = [
        "# Experiment results",
        "",
        f"{results['trials_done']} of {results['trials_planned']} trials finished "
        f"(updated {results['updated_at']}). {len(grid['tasks'])} tasks, seeds "
        f"{', '.join(map(str, grid['seeds']))}, budget "
        f"{', '.join(b for b in budget if b)} per trial, builtin code model at defect rate "
        f"{grid['defect_rate']:g}.",
        "",
        "Mean percentile: invalid submissions score 0, tasks weighted equally within each "
        "seed, ± SE across seed means; only complete seeds count (a seed still missing a "
        "task that another seed has is left out until it catches up). Costs are per trial, "
        "over every finished trial. `none` and `bon-real` read no prediction, so they run "
        "ungated only.",
        "",
    ]
    head = ["arm", "trials", "mean pct", "norm. score", "valid", "real exec s", "real runs"]
    head += ["clean share", "trusted", "predictions", "generations", "wall s"]
    body = []
    for r in results["rows"]:
        body.append(
            [
                f"`{r['arm']}`",
                f"{r['trials']}/{r['planned']}",
                _pm(r["mean_percentile"], r["se"]),
                _pm(r["mean_normalized_score"], r["se_normalized_score"], 3),
                _pct(r["valid_rate"]),
                _f(r["real_exec_s_per_trial"]),
                _f(r["real_runs_per_trial"]),
                _pct(r["clean_share"]),
                _f(r["trusted_per_trial"]),
                _f(r["predictions_per_trial"]),
                _f(r["generations_per_trial"]),
                _f(r["wall_s_per_trial"]),
            ]
        )
    lines += _table(head, body)
    comp = results["comparisons"]
    if comp["vs_none"]:
        lines += ["", "## Against `none` (paired by task and seed)", ""]
        body = [
            [
                f"`{name}`",
                str(c["pairs"]),
                _pm(c["delta"], c["se_seeds"]),
                _f(c["se_task_bootstrap"]),
            ]
            for name, c in comp["vs_none"].items()
        ]
        lines += _table(["arm", "pairs", "Δ pct ± SE (seeds)", "SE (task bootstrap)"], body)
    if comp["gate"]:
        lines += ["", "## Gated against ungated", ""]
        body = [
            [
                f"`{name}`",
                f"`{c['ungated']}`",
                str(c["pairs"]),
                _pct(c["exec_saving"]),
                _pm(c["delta"], c["se_seeds"]),
            ]
            for name, c in comp["gate"].items()
        ]
        lines += _table(["gated", "ungated", "pairs", "exec saved", "Δ pct ± SE"], body)
    lines += _by_task(results)
    checks = _checks(results)
    if checks:
        lines += ["", "## Acceptance checks (issue 13), as measured", "", *checks]
    if results.get("plots"):
        lines += ["", "## Plots", ""] + [f"![{p}]({p})" for p in results["plots"]]
    return "\n".join(lines) + "\n"
