"""Crashes the fast world model missed: issue 13's experiment journals and the foreign dev half.

For every executed node of every experiment journal (`trials/<arm>/<task>/seed<k>/
journal.jsonl`) the prediction that chose it is compared with the real outcome; a
miss is a different exception class. Misses are grouped by the real class and the
pattern of Python's last line (numbers and quoted names blanked), counted per node
and per distinct program, and each distinct program is analysed again with the
static analysis of this checkout: `static_exact_now` counts those whose first fatal
finding now has the real class and Python's exact message (`static_class_now`: the
class only). The journals' own predictions are those of the model that ran then.

`--repredict` also asks this checkout's fast model (trained and cached under
$MLEWORLD_HOME on first use) about every journal node, queried as the agent
queried it (program, task data, stage, parent node), and groups its misses the
same way (`fast_now`).

`--foreign-dev` adds the foreign set's DEV half: the fast model of this checkout
(trained and cached under $MLEWORLD_HOME on first use) predicts every dev program
and its misses are grouped the same way. The test half is never read.

    MLEWORLD_HOME=... .venv/bin/python benchmarks/wm_misses.py [--repredict] [--foreign-dev] [--out FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from mleworld.world.static.analyze import analyze

HERE = Path(__file__).resolve().parent
TRIALS = HERE / "results" / "experiment" / "trials"
OUT = HERE / "results" / "wm_misses.json"
CLEAN = "None"


def last_line(text: str) -> str:
    lines = [line for line in (text or "").strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else ""


def pattern(line: str) -> str:
    """Python's last line with the parts that differ between programs blanked."""
    line = re.sub(r"'[^']*'", "'_'", line)
    line = re.sub(r'"[^"]*"', '"_"', line)
    line = re.sub(r"\(/[^)]*\)", "(PATH)", line)
    return re.sub(r"\d+", "N", line)[:160]


def journal_nodes(trials: Path) -> Iterator[dict[str, Any]]:
    """Executed nodes with a prediction and a real outcome, from every journal."""
    for path in sorted(trials.glob("*/*/seed*/journal.jsonl")):
        arm, task, seed = path.parts[-4], path.parts[-3], path.parts[-2]
        nodes: dict[str, Any] = {}
        for raw in path.read_text().splitlines():
            try:
                node = json.loads(raw)
            except json.JSONDecodeError:
                continue  # a partial last line
            outcome, prediction = node.get("outcome"), node.get("prediction")
            if not outcome or not prediction or not node.get("executed", True):
                continue
            real = "TimeoutError" if outcome.get("timed_out") else outcome.get("exc_type")
            probs = prediction.get("exc_probs") or {}
            parent = nodes.get(node.get("parent_id") or "")
            nodes[node.get("id")] = node
            yield {
                "parent": parent,
                "stage": node.get("stage") or "draft",
                "time_limit_s": node.get("time_limit_s"),
                "arm": arm,
                "task": task,
                "seed": seed,
                "node": node.get("id"),
                "code": node.get("code") or "",
                "real": real or CLEAN,
                "predicted": prediction.get("exc_type") or CLEAN,
                "p_max": max(probs.values()) if probs else None,
                "message": last_line(outcome.get("term_out", "")),
            }


def static_now(code: str, data_dir: Path | None, real: str, message: str) -> tuple[bool, bool]:
    """(class right, exact message) of this checkout's static analysis on one crash."""
    try:
        first = analyze(code, data_dir).first_fatal
    except Exception:
        return False, False
    if first is None or first.exc_type != real:
        return False, False
    head = first.message.strip().splitlines()[-1].strip() if first.message else ""
    return True, head == message


def group(misses: list[dict[str, Any]], data_dir: Callable[[str], Path | None]) -> dict[str, Any]:
    """Misses by real class, then by message pattern; distinct programs analysed once each."""
    out: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    analysed: dict[str, tuple[bool, bool]] = {}
    for miss in misses:
        key = hashlib.sha1(miss["code"].encode()).hexdigest()
        if key not in analysed:
            timeout = miss["real"] == "TimeoutError"
            analysed[key] = (
                (False, False)
                if timeout or miss["real"] == CLEAN
                else static_now(miss["code"], data_dir(miss["task"]), miss["real"], miss["message"])
            )
            miss["first_of_program"] = True
        entry = out[miss["real"]].setdefault(
            pattern(miss["message"]),
            {
                "nodes": 0,
                "programs": 0,
                "static_class_now": 0,
                "static_exact_now": 0,
                "examples": [],
            },
        )
        entry["nodes"] += 1
        if miss.pop("first_of_program", False):
            entry["programs"] += 1
            entry["static_class_now"] += analysed[key][0]
            entry["static_exact_now"] += analysed[key][1]
            if len(entry["examples"]) < 3:
                entry["examples"].append(
                    {k: v for k, v in miss.items() if k != "code"}
                    | {"static_exact_now": analysed[key][1]}
                )
    return {
        cls: dict(sorted(groups.items(), key=lambda kv: -kv[1]["nodes"]))
        for cls, groups in out.items()
    }


def totals(misses: list[dict[str, Any]], grouped: dict[str, Any]) -> dict[str, int]:
    crashes = [
        g
        for cls, groups in grouped.items()
        if cls not in (CLEAN, "TimeoutError")
        for g in groups.values()
    ]
    return {
        "misses": len(misses),
        "missed_programs": len({hashlib.sha1(m["code"].encode()).hexdigest() for m in misses}),
        "missed_crash_programs": sum(g["programs"] for g in crashes),
        "static_class_now": sum(g["static_class_now"] for g in crashes),
        "static_exact_now": sum(g["static_exact_now"] for g in crashes),
    }


def journals(trials: Path, repredict: bool) -> dict[str, Any]:
    """The misses of the predictions the experiment made; with `repredict`, also this checkout's."""
    from mleworld.tasks.suite import suite_data_dir

    nodes = list(journal_nodes(trials))
    misses = [n for n in nodes if n["real"] != n["predicted"]]
    grouped = group([{k: v for k, v in m.items() if k != "parent"} for m in misses], suite_data_dir)
    out: dict[str, Any] = {"nodes": len(nodes), **totals(misses, grouped), "by_class": grouped}
    if repredict:
        now = _fast_predictions(nodes, suite_data_dir)
        again = [n | {"predicted": p} for n, p in zip(nodes, now, strict=True) if n["real"] != p]
        regrouped = group(
            [{k: v for k, v in m.items() if k != "parent"} for m in again], suite_data_dir
        )
        out["fast_now"] = {**totals(again, regrouped), "by_class": regrouped}
    return out


def _fast_predictions(
    nodes: list[dict[str, Any]], data_dir: Callable[[str], Path | None]
) -> list[str]:
    """This checkout's fast model on each journal node, queried as the agent queried it."""
    from mleworld.cli.wm_eval_cmd import load_model
    from mleworld.evaluation.holdout_eval import predict_all
    from mleworld.world.inputs import query_for_program
    from mleworld.world.prediction import Parent

    queries = []
    for node in nodes:
        parent = node["parent"]
        seen = (parent or {}).get("outcome") or {}
        queries.append(
            query_for_program(
                node["code"],
                data_dir=data_dir(node["task"]),
                time_limit_s=node["time_limit_s"],
                stage=node["stage"],
                parent=Parent(
                    program=parent.get("code") or "",
                    exc_type=seen.get("exc_type"),
                    metric=parent.get("metric"),
                    term_out=seen.get("term_out") or "",
                    runtime_s=seen.get("runtime_s"),
                )
                if parent
                else None,
            )
        )
    model = load_model("fast", None, {n["task"] for n in nodes})
    predictions, _ = predict_all(model, queries)
    return [p.exc_type or CLEAN for p in predictions]


def foreign_dev() -> dict[str, Any]:
    """The fast model's misses on the foreign set's dev half (never the test half)."""
    from mleworld.cli.wm_eval_cmd import load_model
    from mleworld.corpus.foreign import open_program_set
    from mleworld.evaluation.holdout_eval import build_queries, parent_key, predict_all
    from mleworld.evaluation.scoring import observed_class

    programs = open_program_set("foreign")
    records = programs.half("dev")
    model = load_model("fast", None, {r.task_id for r in records})
    queries = build_queries(
        records, {parent_key(r): r for r in programs.records}, programs.data_dir()
    )
    predictions, _ = predict_all(model, queries)
    misses = []
    for record, prediction in zip(records, predictions, strict=True):
        real = observed_class(record)
        predicted = prediction.exc_type or CLEAN
        if real != predicted:
            misses.append(
                {
                    "task": record.task_id,
                    "node": record.node_id,
                    "code": record.x.program,
                    "real": real,
                    "predicted": predicted,
                    "p_max": max(prediction.exc_probs.values()) if prediction.exc_probs else None,
                    "message": last_line(record.y.term_out),
                }
            )
    grouped = group(misses, programs.data_dir())
    return {"programs": len(records), **totals(misses, grouped), "by_class": grouped}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=Path, default=TRIALS)
    parser.add_argument(
        "--foreign-dev", action="store_true", help="also the fast model's dev-half misses"
    )
    parser.add_argument(
        "--repredict", action="store_true", help="also this checkout's fast model on every node"
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    began = time.perf_counter()
    results: dict[str, Any] = {"experiment_journals": journals(args.trials, args.repredict)}
    if args.foreign_dev:
        results["foreign_dev"] = foreign_dev()
    results["seconds"] = round(time.perf_counter() - began, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    if "fast_now" in results["experiment_journals"]:
        results["experiment_journals_fast_now"] = results["experiment_journals"]["fast_now"]
    for name in ("experiment_journals", "experiment_journals_fast_now", "foreign_dev"):
        if name in results:
            summary = {k: v for k, v in results[name].items() if k not in ("by_class", "fast_now")}
            print(name, json.dumps(summary))
            for cls, groups in results[name]["by_class"].items():
                for pat, g in groups.items():
                    print(
                        f"  {g['nodes']:3d} nodes {g['programs']:2d} programs  static now {g['static_exact_now']}  {cls}: {pat}"
                    )


if __name__ == "__main__":
    main()
