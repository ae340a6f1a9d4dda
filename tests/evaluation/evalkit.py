"""Shared builders for the world-model evaluation tests (imported by name, not a conftest): realistic held-out records
(clean runs with validation logs, crashes with real tracebacks, timeouts) across
tasks, stages and runs, their parent records, and small honest WorldModels.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from mleworld.corpus.record import Record
from mleworld.world.format import WorldInput, WorldTarget
from mleworld.world.prediction import Prediction, Query

OVERVIEW = """\
input/
  sample_submission.csv (3.2 kB): 200 rows x 2 columns
  test.csv (18.0 kB): 200 rows x 8 columns
  train.csv (61.2 kB): 800 rows x 9 columns
    id: int64, 800 unique, e.g. 1, 2, 3
    Age: float64, 12 missing, e.g. 22.0, 38.0
    Sex: object, 2 unique, e.g. male, female
    target: int64, 2 unique, e.g. 0, 1"""

PACKAGES = {"numpy": "2.1.0", "pandas": "2.2.2", "scikit-learn": "1.5.0", "lightgbm": "4.3.0"}
TASKS = ("alpha-task", "beta-task", "gamma-task")
STAGES = ("draft", "improve", "debug")


def program(i: int, *, column: str = "Age", broken: str | None = None) -> str:
    body = f"""import pandas as pd
from sklearn.model_selection import cross_val_score
from lightgbm import LGBMClassifier

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
features = ["{column}", "Sex"]
train["Sex"] = train["Sex"].map({{"male": 0, "female": 1}})
model = LGBMClassifier(n_estimators={100 + 7 * i}, learning_rate=0.05, verbose=-1)
print("Train shape:", train.shape)
scores = cross_val_score(model, train[features], train["target"], cv=5, scoring="roc_auc")
print(f"Validation AUC: {{scores.mean():.4f}}")
model.fit(train[features], train["target"])
pd.DataFrame({{"id": test["id"], "target": model.predict_proba(test[features])[:, 1]}}).to_csv(
    "./submission/submission.csv", index=False
)
print("Saved submission")
"""
    if broken == "syntax":
        body = body.replace(
            'print("Train shape:", train.shape)', 'print("Train shape:", train.shape'
        )
    return body + f"# variant {i}\n"


def clean_log(metric: float) -> str:
    return f"Train shape: (800, 9)\nValidation AUC: {metric:.4f}\nSaved submission\n"


def key_error_log(column: str) -> str:
    return (
        "Train shape: (800, 9)\n"
        "Traceback (most recent call last):\n"
        '  File "/tmp/run_3f9a/runfile.py", line 11, in <module>\n'
        '    scores = cross_val_score(model, train[features], train["target"], cv=5)\n'
        '  File "/usr/lib/python3.11/site-packages/pandas/core/frame.py", line 4102, in __getitem__\n'
        '    indexer = self.columns._get_indexer_strict(key, "columns")[1]\n'
        f"KeyError: \"None of [Index(['{column}'], dtype='object')] are in the [columns]\"\n"
    )


def value_error_log() -> str:
    return (
        "Train shape: (800, 9)\n"
        "Traceback (most recent call last):\n"
        '  File "/tmp/run_77b1/runfile.py", line 13, in <module>\n'
        '    model.fit(train[features], train["target"])\n'
        "ValueError: could not convert string to float: 'male'\n"
    )


def syntax_error_log() -> str:
    return (
        '  File "/tmp/run_1c2d/runfile.py", line 10\n'
        '    print("Train shape:", train.shape\n'
        "         ^\n"
        "SyntaxError: '(' was never closed\n"
    )


def timeout_log() -> str:
    return "Train shape: (800, 9)\n"


def make_record(
    i: int,
    *,
    task_id: str,
    stage: str,
    outcome: str,
    run_id: str = "run-0",
    node_id: str | None = None,
    parent_id: str | None = None,
    metric: float = 0.8,
    runtime_s: float | None = None,
    column: str = "Age",
) -> Record:
    """One held-out execution with an observed outcome: clean, keyerror, valueerror, syntax, timeout."""
    broken = "syntax" if outcome == "syntax" else None
    x = WorldInput(
        program=program(i, column=column, broken=broken),
        packages=dict(PACKAGES),
        python_version="3.11.7",
        data_overview=OVERVIEW,
        time_limit_s=300.0,
    )
    timed_out = False
    if outcome == "clean":
        y = WorldTarget("None", clean_log(metric), metric, True)
        runtime = 40.0 + i
    elif outcome == "keyerror":
        y = WorldTarget("KeyError", key_error_log(column), None, False)
        runtime = 3.0
    elif outcome == "valueerror":
        y = WorldTarget("ValueError", value_error_log(), None, False)
        runtime = 4.0
    elif outcome == "syntax":
        y = WorldTarget("SyntaxError", syntax_error_log(), None, False)
        runtime = 0.05
    elif outcome == "timeout":
        y = WorldTarget("TimeoutError", timeout_log(), None, False)
        runtime = 300.0
        timed_out = True
    else:
        raise ValueError(outcome)
    return Record(
        task_id=task_id,
        x=x,
        y=y,
        stage=stage,
        generator="test",
        run_id=run_id,
        node_id=node_id or f"n{i:04d}",
        parent_id=parent_id,
        runtime_s=runtime if runtime_s is None else runtime_s,
        created_at=1.7e9 + i,
        timed_out=timed_out,
        exit_code=0 if outcome == "clean" else 1,
    )


# Observed outcomes in a realistic mix: mostly clean, then crashes, a few timeouts.
_MIX = (
    "clean",
    "clean",
    "keyerror",
    "clean",
    "valueerror",
    "clean",
    "syntax",
    "clean",
    "timeout",
    "clean",
)


def build_holdout(n: int = 60) -> tuple[list[Record], list[Record]]:
    """(held-out records, their parents): improve/debug records have a parent in the same run."""
    held: list[Record] = []
    parents: list[Record] = []
    for i in range(n):
        task = TASKS[i % len(TASKS)]
        stage = STAGES[(i // len(TASKS)) % len(STAGES)]
        outcome = _MIX[i % len(_MIX)]
        run = f"{task}-run{i % 2}"
        parent_id = None
        if stage != "draft":
            parent_outcome = "keyerror" if stage == "debug" else "clean"
            parent = make_record(
                10_000 + i,
                task_id=task,
                stage="draft",
                outcome=parent_outcome,
                run_id=run,
                node_id=f"p{i:04d}",
                metric=0.7 + 0.001 * i,
            )
            parents.append(parent)
            parent_id = parent.node_id
        held.append(
            make_record(
                i,
                task_id=task,
                stage=stage,
                outcome=outcome,
                run_id=run,
                parent_id=parent_id,
                metric=round(0.75 + 0.003 * i, 4),
            )
        )
    return held, parents


# ---------------------------------------------------------------------------
# World models: real classes implementing the protocol.
# ---------------------------------------------------------------------------


class _Base:
    name = "test"

    def observe(self, record: object) -> None:
        raise AssertionError("evaluation must never let a model observe the holdout")

    def predict_batch(self, queries: Sequence[Query]) -> list[Prediction]:
        out = []
        for query in queries:
            start = time.perf_counter()
            prediction = self.predict_one(query)
            prediction.backend = self.name
            prediction.latency_ms = (time.perf_counter() - start) * 1000.0 + 0.5
            out.append(prediction)
        return out

    def predict_one(self, query: Query) -> Prediction:
        raise NotImplementedError


class OracleModel(_Base):
    """Knows every observed outcome: the upper bound every field must reach."""

    name = "oracle"

    def __init__(self, records: Sequence[Record]) -> None:
        self.truth = {r.x.program: r for r in records}

    def predict_one(self, query: Query) -> Prediction:
        r = self.truth[query.x.program]
        return Prediction(
            exc_type=r.y.exc_type,
            exc_probs={r.y.exc_type: 0.95, "Other": 0.05},
            term_out=r.y.term_out,
            metric=r.y.metric,
            submission=r.y.submission,
            runtime_s=r.runtime_s,
        )


class ConstantModel(_Base):
    """Always a clean run with no output, no metric and a submission."""

    name = "constant"

    def predict_one(self, query: Query) -> Prediction:
        return Prediction(
            exc_type="None", exc_probs={"None": 0.6, "KeyError": 0.4}, submission=True
        )


class NoConfidenceModel(_Base):
    """Predicts a class with no distribution (p_max None), like a prompted model without logits."""

    name = "noconf"

    def predict_one(self, query: Query) -> Prediction:
        return Prediction(exc_type="None", term_out="", submission=True)


@dataclass
class HalfRightModel(_Base):
    """Right (and confident) on every other program, wrong (and unsure) on the rest."""

    records: Sequence[Record]
    name: str = "half"

    def __post_init__(self) -> None:
        self.truth = {r.x.program: (i, r) for i, r in enumerate(self.records)}

    def predict_one(self, query: Query) -> Prediction:
        i, r = self.truth[query.x.program]
        if i % 2 == 0:
            return Prediction(
                exc_type=r.y.exc_type,
                exc_probs={r.y.exc_type: 0.9, "Other": 0.1},
                term_out=r.y.term_out,
                metric=r.y.metric,
                submission=r.y.submission,
            )
        wrong = "MemoryError" if r.y.exc_type != "MemoryError" else "None"
        return Prediction(
            exc_type=wrong,
            exc_probs={wrong: 0.4, "None": 0.3, "Other": 0.3}
            if wrong != "None"
            else {"None": 0.4, "Other": 0.6},
            term_out='Traceback (most recent call last):\n  File "runfile.py", line 2, in <module>\nMemoryError: Unable to allocate 80.0 GiB for an array\n',
            metric=None if r.y.metric is None else r.y.metric * 2,
            submission=not r.y.submission,
        )
