"""The corpus pipeline at scale: write, filter + dedup, stats, holdout + check, SQL, export.

A synthetic corpus shaped like the paper's (Table 5 and appendix E): 17 tasks,
agent runs whose nodes are drafts, one-edit improves and debug fixes of their
parents (so near duplicates arise the way they do in real search trees),
resubmissions that differ only in comments or layout (exact duplicates, some
with a different outcome), renamed copies (AST duplicates), and outcomes in
the paper's proportions (about 41% clean, 52% crash, 7% timeout), with a few
progress bars, harness failures and bad labels for the filters to drop.

Each step is timed and the peak memory recorded; the result goes to
benchmarks/results/corpus_scale.json. Usage:

    python benchmarks/corpus_scale.py [--records 200000] [--workers 2] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mleworld.corpus.dedup import dedup_corpus
from mleworld.corpus.export import export_sft
from mleworld.corpus.holdout import check_holdout, select_holdout
from mleworld.corpus.record import Record
from mleworld.corpus.stats import render_markdown, stats
from mleworld.corpus.store import Corpus
from mleworld.world.format import WorldInput, WorldTarget

RESULTS = Path(__file__).parent / "results" / "corpus_scale.json"
TASKS = [
    "aerial-cactus-identification", "denoising-dirty-documents", "detecting-insults",
    "dog-breed-identification", "dogs-vs-cats-redux", "jigsaw-toxic-comment", "leaf-classification",
    "mlsp-2013-birds", "nyc-taxi-fare", "nomad2018-transparent-conductors", "plant-pathology-2020",
    "random-acts-of-pizza", "spooky-author-identification", "tabular-dec-2021", "tabular-may-2022",
    "text-normalization-english", "text-normalization-russian",
]  # fmt: skip
GENERATORS = [
    ("coder-next", 0.42),
    ("qwen-4b", 0.26),
    ("qwen-122b", 0.16),
    ("qwen-9b", 0.11),
    ("qwen-35b", 0.05),
]
CRASHES = [
    ("ValueError", 28), ("TypeError", 14), ("NameError", 10), ("KeyError", 8.5), ("SyntaxError", 8.2),
    ("AttributeError", 8), ("RuntimeError", 6), ("FileNotFoundError", 4), ("IndexError", 3),
    ("ModuleNotFoundError", 3), ("ParserError", 2), ("MemoryError", 1.5), ("NotFittedError", 1),
    ("LightGBMError", 1), ("ZeroDivisionError", 0.8), ("AssertionError", 0.8), ("CUDAError", 0.2),
]  # fmt: skip
PACKAGES = {"numpy": "1.26.4", "pandas": "2.2.2", "scikit-learn": "1.5.0", "lightgbm": "4.3.0",
            "xgboost": "2.0.3", "torch": "2.3.1", "transformers": "4.41.2"}  # fmt: skip

FEATURES = [
    'df["f_sum"] = df[num_cols].sum(axis=1)', 'df["f_mean"] = df[num_cols].mean(axis=1)',
    'df["f_std"] = df[num_cols].std(axis=1)', 'df["f_max"] = df[num_cols].max(axis=1)',
    'df["f_nulls"] = df.isna().sum(axis=1)', 'df["f_ratio"] = df[num_cols[0]] / (df[num_cols[1]] + 1e-6)',
    'df["f_log"] = np.log1p(df[num_cols[0]].clip(lower=0))', 'df["f_sq"] = df[num_cols[1]] ** 2',
    'df["f_rank"] = df[num_cols[2]].rank(pct=True)', 'df["f_bin"] = pd.qcut(df[num_cols[0]], 10, labels=False, duplicates="drop")',
    'df["f_len"] = df[text_col].astype(str).str.len()', 'df["f_words"] = df[text_col].astype(str).str.split().str.len()',
    'df["f_upper"] = df[text_col].astype(str).str.count(r"[A-Z]")', 'df["f_digits"] = df[text_col].astype(str).str.count(r"\\d")',
    'df["f_month"] = pd.to_datetime(df[date_col], errors="coerce").dt.month',
    'df["f_dow"] = pd.to_datetime(df[date_col], errors="coerce").dt.dayofweek',
    'df["f_hour"] = pd.to_datetime(df[date_col], errors="coerce").dt.hour',
    'df["f_inter"] = df[num_cols[0]] * df[num_cols[2]]', 'df["f_diff"] = df[num_cols[1]] - df[num_cols[3]]',
    'df["f_cnt"] = df.groupby(cat_cols[0])[cat_cols[0]].transform("count")',
    'df["f_te"] = df.groupby(cat_cols[0])[num_cols[0]].transform("mean")',
    'df["f_clip"] = df[num_cols[3]].clip(df[num_cols[3]].quantile(0.01), df[num_cols[3]].quantile(0.99))',
]  # fmt: skip
MODELS = [
    ("lightgbm", "LGBMClassifier", ["n_estimators", "learning_rate", "num_leaves", "subsample", "colsample_bytree"]),
    ("lightgbm", "LGBMRegressor", ["n_estimators", "learning_rate", "num_leaves", "min_child_samples"]),
    ("xgboost", "XGBClassifier", ["n_estimators", "learning_rate", "max_depth", "subsample"]),
    ("sklearn.ensemble", "RandomForestClassifier", ["n_estimators", "max_depth", "min_samples_leaf"]),
    ("sklearn.ensemble", "ExtraTreesRegressor", ["n_estimators", "max_depth", "min_samples_split"]),
    ("sklearn.linear_model", "LogisticRegression", ["C", "max_iter"]),
    ("sklearn.linear_model", "Ridge", ["alpha"]),
    ("sklearn.ensemble", "HistGradientBoostingClassifier", ["max_iter", "learning_rate", "max_leaf_nodes"]),
]  # fmt: skip
VALUES = {
    "n_estimators": [100, 200, 300, 500, 800, 1000, 2000], "learning_rate": [0.01, 0.02, 0.03, 0.05, 0.1],
    "num_leaves": [15, 31, 63, 127], "subsample": [0.6, 0.7, 0.8, 0.9], "colsample_bytree": [0.5, 0.7, 0.9],
    "min_child_samples": [5, 10, 20, 50], "max_depth": [3, 5, 6, 8, 10, 12], "min_samples_leaf": [1, 2, 5, 10],
    "min_samples_split": [2, 5, 10], "C": [0.01, 0.1, 1.0, 10.0], "max_iter": [100, 200, 500, 1000],
    "alpha": [0.1, 1.0, 10.0], "max_leaf_nodes": [15, 31, 63],
}  # fmt: skip
NAMES = [
    "train_df",
    "test_df",
    "X",
    "y",
    "X_test",
    "oof",
    "preds",
    "model",
    "kf",
    "scores",
    "feats",
    "fold_auc",
]


def _program(rng: random.Random, task: str) -> dict[str, Any]:
    """A program as its parts, so children can change one part."""
    module, model, params = rng.choice(MODELS)
    return {
        "task": task,
        "module": module,
        "model": model,
        "params": {
            p: rng.choice(VALUES[p]) for p in rng.sample(params, k=rng.randint(1, len(params)))
        },
        "features": rng.sample(FEATURES, k=rng.randint(2, 7)),
        "folds": rng.choice([3, 4, 5, 10]),
        "seed": rng.randint(0, 10_000),
        "scale": rng.random() < 0.3,
        "names": {n: n for n in NAMES},
    }


def _render(p: dict[str, Any]) -> str:
    n = p["names"]
    params = ", ".join(f"{k}={v!r}" for k, v in p["params"].items())
    feats = "\n".join(f"    {line}" for line in p["features"])
    scale = (
        f"from sklearn.preprocessing import StandardScaler\nscaler = StandardScaler()\n"
        f"{n['X']}[num_cols] = scaler.fit_transform({n['X']}[num_cols])\n"
        f"{n['X_test']}[num_cols] = scaler.transform({n['X_test']}[num_cols])\n"
        if p["scale"]
        else ""
    )
    return f"""import numpy as np
import pandas as pd
from sklearn.model_selection import KFold
from sklearn.metrics import roc_auc_score
from {p["module"]} import {p["model"]}

SEED = {p["seed"]}
{n["train_df"]} = pd.read_csv("./input/train.csv")
{n["test_df"]} = pd.read_csv("./input/test.csv")
num_cols = [c for c in {n["train_df"]}.columns if {n["train_df"]}[c].dtype != object and c not in ("id", "target")]
cat_cols = [c for c in {n["train_df"]}.columns if {n["train_df"]}[c].dtype == object]
text_col = cat_cols[0] if cat_cols else "id"
date_col = "date"


def add_features(df):
    df = df.copy()
{feats}
    return df


{n["train_df"]} = add_features({n["train_df"]})
{n["test_df"]} = add_features({n["test_df"]})
{n["feats"]} = [c for c in {n["train_df"]}.columns if c not in ("id", "target") and {n["train_df"]}[c].dtype != object]
{n["X"]} = {n["train_df"]}[{n["feats"]}].fillna(-1)
{n["y"]} = {n["train_df"]}["target"]
{n["X_test"]} = {n["test_df"]}[{n["feats"]}].fillna(-1)
{scale}{n["oof"]} = np.zeros(len({n["X"]}))
{n["preds"]} = np.zeros(len({n["X_test"]}))
{n["kf"]} = KFold(n_splits={p["folds"]}, shuffle=True, random_state=SEED)
{n["scores"]} = []
for fold, (tr, va) in enumerate({n["kf"]}.split({n["X"]})):
    {n["model"]} = {p["model"]}({params})
    {n["model"]}.fit({n["X"]}.iloc[tr], {n["y"]}.iloc[tr])
    {n["oof"]}[va] = {n["model"]}.predict({n["X"]}.iloc[va])
    {n["preds"]} += {n["model"]}.predict({n["X_test"]}) / {p["folds"]}
    {n["fold_auc"]} = roc_auc_score({n["y"]}.iloc[va], {n["oof"]}[va])
    {n["scores"]}.append({n["fold_auc"]})
    print(f"Fold {{fold}} AUC: {{{n["fold_auc"]}:.5f}}")

print(f"CV AUC: {{np.mean({n["scores"]}):.5f}}")
pd.DataFrame({{"id": {n["test_df"]}["id"], "target": {n["preds"]}}}).to_csv("./submission/submission.csv", index=False)
print("Saved submission")
"""


def _child(rng: random.Random, parent: dict[str, Any]) -> dict[str, Any]:
    """One atomic change (an improve) or a fix (a debug): a near copy of the parent."""
    p = json.loads(json.dumps(parent))
    move = rng.random()
    if move < 0.4 and p["params"]:
        key = rng.choice(list(p["params"]))
        p["params"][key] = rng.choice(VALUES[key])
    elif move < 0.7:
        p["features"].append(rng.choice(FEATURES))
    elif move < 0.85 and len(p["features"]) > 2:
        p["features"].pop(rng.randrange(len(p["features"])))
    else:
        p["folds"] = rng.choice([3, 4, 5, 10])
        p["seed"] = rng.randint(0, 10_000)
    return p


def _layout_variant(rng: random.Random, code: str) -> str:
    """The same program resubmitted: comments, blank lines or indentation changed."""
    choice = rng.random()
    if choice < 0.4:
        return "# retry with the same approach\n" + code
    if choice < 0.7:
        return code.replace("\n\n", "\n\n\n")
    return code.replace("    ", "  ")


def _renamed(p: dict[str, Any]) -> dict[str, Any]:
    q = json.loads(json.dumps(p))
    q["names"] = {k: f"{k}_v2" for k in q["names"]}
    return q


def _outcome(rng: random.Random, program: str) -> tuple[str, str, float | None, bool, float, bool]:
    """exc_type, term_out, metric, submission, runtime, timed_out."""
    roll = rng.random()
    folds = [f"Fold {i} AUC: {rng.uniform(0.7, 0.95):.5f}" for i in range(rng.randint(3, 5))]
    if roll < 0.41:
        metric = round(rng.uniform(0.7, 0.95), 5)
        lines = [
            f"Train shape: ({rng.randint(1000, 90000)}, {rng.randint(5, 80)})",
            *folds,
            f"CV AUC: {metric:.5f}",
            "Saved submission",
        ]
        if rng.random() < 0.05:  # a long training log
            lines[1:1] = [f"[{i}]\tvalid_0's auc: {rng.uniform(0.7, 0.95):.6f}" for i in range(300)]
        return "None", "\n".join(lines) + "\n", metric, True, rng.uniform(2, 1500), False
    if roll < 0.93:
        exc = rng.choices([c for c, _ in CRASHES], weights=[w for _, w in CRASHES])[0]
        line = rng.randint(5, 60)
        head = folds[: rng.randint(0, 2)]
        trace = [
            "Traceback (most recent call last):",
            f'  File "/workspace/runfile.py", line {line}, in <module>',
            f"    {program.splitlines()[min(line, len(program.splitlines()) - 1)].strip()}",
            f"{exc}: {rng.choice(['bad input shape', 'column not found', 'unsupported operand', 'could not convert'])} ({rng.randint(1, 999)})",
        ]
        return exc, "\n".join(head + trace) + "\n", None, False, rng.uniform(0.5, 60), False
    return (
        "TimeoutError",
        "\n".join([*folds[:2], "Traceback (most recent call last):", "KeyboardInterrupt"]) + "\n",
        None,
        False,
        3600.5,
        True,
    )


def _overview(task: str) -> str:
    cols = "\n".join(
        f"    col_{i}: float64, e.g. {i * 0.37:.2f}, {i * 1.1:.2f}, {i * 2.9:.2f}"
        for i in range(60)
    )
    return f"input/ ({task})\n  sample_submission.csv (1.2 MB)\n  test.csv (18.4 MB): 40000 rows x 61 columns\n  train.csv (41.9 MB): 90000 rows x 62 columns\n{cols}"


def generate(n: int, seed: int = 0) -> Iterator[Record]:
    """`n` records of agent runs over 17 tasks (see the module docstring)."""
    rng = random.Random(seed)
    overviews = {task: _overview(task) for task in TASKS}
    made = 0
    run = 0
    while made < n:
        task = rng.choice(TASKS)
        generator = rng.choices([g for g, _ in GENERATORS], weights=[w for _, w in GENERATORS])[0]
        run += 1
        nodes: list[tuple[dict[str, Any], str, str]] = []  # parts, code, exc
        for step in range(rng.randint(20, 80)):
            if made >= n:
                break
            if not nodes or rng.random() < 0.2:
                stage, parent = "draft", None
                parts = _program(rng, task)
            else:
                parent = rng.randrange(len(nodes))
                stage = "debug" if nodes[parent][2] != "None" else "improve"
                parts = _child(rng, nodes[parent][0])
            code = _render(parts)
            roll = rng.random()
            if nodes and roll < 0.15:  # a resubmission: same program, new layout
                parts, code, _ = nodes[rng.randrange(len(nodes))]
                code = _layout_variant(rng, code)
            elif nodes and roll < 0.17:  # a renamed copy
                parts = _renamed(nodes[rng.randrange(len(nodes))][0])
                code = _render(parts)
            exc, term_out, metric, submission, runtime, timed_out = _outcome(rng, code)
            extra = rng.random()
            harness = None
            if extra < 0.04:
                term_out = " 40%|████      | 4/10 [00:02<00:03, 1.95it/s]\r" + term_out
            elif extra < 0.043:
                harness = "worker lost"
            elif extra < 0.044:
                stage = "refine"
            nodes.append((parts, code, exc))
            made += 1
            yield Record(
                task_id=task,
                x=WorldInput(
                    program=code,
                    packages=PACKAGES,
                    failing_imports=[],
                    python_version="3.11.7",
                    data_overview=overviews[task],
                    time_limit_s=3600.0,
                ),
                y=WorldTarget(exc, term_out, metric, submission),
                stage=stage,
                generator=generator,
                run_id=f"run-{run}",
                node_id=f"{run}-{step}",
                parent_id=None if parent is None else f"{run}-{parent}",
                runtime_s=round(runtime, 2),
                created_at=1_700_000_000 + made,
                timed_out=timed_out,
                exit_code=0 if exc == "None" else 1,
                harness_error=harness,
            )


def _timed(items: Iterator[Record], spent: list[float]) -> Iterator[Record]:
    """The items, adding the time spent producing them to spent[0]."""
    while True:
        start = time.perf_counter()
        item = next(items, None)
        spent[0] += time.perf_counter() - start
        if item is None:
            return
        yield item


def _rss_mb() -> dict[str, float]:
    return {
        "self": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "children": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),
    }


def _size_mb(path: Path) -> float:
    return round(sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20, 1)


def run(
    records: int,
    workers: int,
    root: Path,
    recompute_check: bool = False,
    progress: Path | None = None,
) -> dict[str, Any]:
    """Every step on `records` synthetic records; with `progress`, each finished step is saved there."""
    steps: dict[str, Any] = {}

    def timed(name: str, fn: Any) -> Any:
        start = time.perf_counter()
        value = fn()
        seconds = time.perf_counter() - start
        steps[name] = {"seconds": round(seconds, 2), "peak_rss_mb": _rss_mb()}
        if progress is not None:
            progress.write_text(
                json.dumps({"records": records, "workers": workers, "steps": steps}, indent=1)
            )
            print(f"{name}: {seconds:.1f} s", flush=True)
        return value

    raw = Corpus.create(root / "raw")
    making = [0.0]  # seconds spent generating records, not storing them
    timed("write_raw", lambda: raw.append(_timed(generate(records), making)))
    steps["write_raw"]["generation_seconds"] = round(making[0], 2)
    steps["write_raw"]["append_records_per_s"] = round(
        records / max(1e-9, steps["write_raw"]["seconds"] - making[0])
    )
    steps["write_raw"]["disk_mb"] = _size_mb(root / "raw")

    clean = Corpus.create(root / "clean")
    flt, dd = timed("filter_and_dedup", lambda: dedup_corpus(raw, clean, workers=workers))
    steps["filter_and_dedup"]["records_per_s"] = round(
        records / steps["filter_and_dedup"]["seconds"]
    )
    steps["filter_and_dedup"]["disk_mb"] = _size_mb(root / "clean")

    holdout = timed("select_holdout", lambda: select_holdout(clean, n_per_task=100, seed=0))
    violations = timed("check_holdout_cached", lambda: check_holdout(clean))
    if recompute_check:
        recheck = timed(
            "check_holdout_recomputed",
            lambda: check_holdout(clean, recompute=True, workers=workers),
        )
        assert recheck == violations
    table = timed("stats", lambda: stats(clean))
    query = timed(
        "duckdb_group_by",
        lambda: clean.query(
            "SELECT task_id, split, exc_type, count(*) AS n, avg(runtime_s) AS runtime "
            "FROM records GROUP BY ALL ORDER BY n DESC"
        ),
    )
    stream = timed("stream_all_records", lambda: sum(1 for _ in clean.iter_records()))
    exported = timed("export_sft", lambda: export_sft(clean, root / "sft"))
    steps["export_sft"]["disk_mb"] = _size_mb(root / "sft")
    return {
        "records": records,
        "workers": workers,
        "filter": flt.to_dict() if flt is not None else None,
        "dedup": dd.to_dict(),
        "holdout": {
            "programs": holdout.total,
            "tasks": len(holdout.holdout),
            "violations": len(violations),
        },
        "stats": {
            k: table[k] for k in ("total", "by_outcome", "labels", "lengths", "holdout_total")
        },
        "stats_markdown": render_markdown(table),
        "query_rows": len(query),
        "streamed": stream,
        "exported": exported.records,
        "vocab_classes": len(exported.vocab),
        "steps": steps,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=200_000)
    parser.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument(
        "--recompute-check", action="store_true", help="also check the holdout from scratch"
    )
    parser.add_argument("--keep", type=Path, help="build the corpora here and keep them")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    root = args.keep or Path(tempfile.mkdtemp(prefix="corpus-scale-"))
    try:
        start = time.perf_counter()
        partial = args.out.with_suffix(".partial.json")
        partial.parent.mkdir(parents=True, exist_ok=True)
        result = run(args.records, args.workers, root, args.recompute_check, progress=partial)
        partial.unlink(missing_ok=True)
        result["total_seconds"] = round(time.perf_counter() - start, 1)
    finally:
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)
    result["machine"] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "platform": platform.platform(),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(result["stats_markdown"])
    print(json.dumps({k: v for k, v in result.items() if k not in ("stats_markdown",)}, indent=1))


if __name__ == "__main__":
    main()
