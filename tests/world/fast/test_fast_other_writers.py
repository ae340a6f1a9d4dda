"""Programs written elsewhere score elsewhere: the other writers' median and the lean towards it.

The tiny model of conftest.py is calibrated on the shipped foreign set, whose
development and calibration halves (never its test half) give each task its clean
programs' metrics. A draft unlike the corpus is anchored on their median,
its own run left out; the corpus writer's own programs, and programs with a parent,
keep their anchor.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_fast_unfamiliar import FOREIGN_STYLE

from mleworld.corpus.foreign import open_program_set
from mleworld.corpus.record import Record
from mleworld.world.fast.features import task_metric
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.fast.other_writers import (
    MIN_PROGRAMS,
    UNSEEN_FULL,
    WEIGHT,
    lean,
    median_of,
    other_writers_runs,
)
from mleworld.world.fast.unfamiliar import SIGNALS
from mleworld.world.format import WorldInput, WorldTarget
from mleworld.world.inputs import query_for_record
from mleworld.world.prediction import Parent


def _run(task: str, out: str, exc: str = "None", metric: float | None = None) -> Record:
    return Record(
        task_id=task,
        x=WorldInput(program=f"print({out!r})  # {task} {metric} {exc}"),
        y=WorldTarget(exc_type=exc, term_out=out, metric=metric, submission=exc == "None"),
    )


def test_the_median_counts_clean_runs_that_print_the_tasks_metric_but_the_own() -> None:
    runs = [
        _run("t", "Validation AUC: 0.80\n", metric=0.80),
        _run("t", "fold 1 done\nCV auc = 0.90\n", metric=0.90),
        _run("t", "score: 0.70\n", metric=0.70),  # unnamed: counted
        _run("t", "Validation logloss: 0.30\n", metric=0.30),  # another metric: not counted
        _run("t", "Traceback ...\nValueError: x\n", exc="ValueError"),
        _run("few", "Validation AUC: 0.5\n", metric=0.5),
        _run("few", "Validation AUC: 0.6\n", metric=0.6),
        _run("unnamed", "accuracy 0.5\n", metric=0.5),
        _run("unnamed", "accuracy 0.7\n", metric=0.7),
        _run("unnamed", "val accuracy: 0.9\n", metric=0.9),
        _run("unnamed", "rmse 0.1\n", metric=0.1),
    ]
    kept = other_writers_runs(runs, {"t": "auc", "few": "auc", "unnamed": None})
    assert sorted(v for _, v in kept["t"]) == [0.70, 0.80, 0.90]
    assert median_of(kept["t"], "print('another program')") == pytest.approx(0.80)
    assert median_of(kept["few"], "x = 1") is None  # fewer than MIN_PROGRAMS
    assert MIN_PROGRAMS == 3
    # an unknown task metric: the name most of its programs print
    assert median_of(kept["unnamed"], "x = 1") == pytest.approx(0.7)
    # a program of the set itself is predicted without its own run: two runs are too few
    assert median_of(kept["t"], runs[0].x.program) is None
    kept["t"].append(("another", 0.60))
    assert median_of(kept["t"], runs[0].x.program) == pytest.approx(0.70)  # of 0.9, 0.7, 0.6


def test_lean_is_whole_for_unfamiliar_drafts_and_nothing_for_the_corpus_writer_or_a_child() -> None:
    assert lean(0.0, has_parent=False) == 0.0
    assert lean(0.4, has_parent=True) == 0.0
    assert lean(0.4, has_parent=False) == WEIGHT == 1.0
    assert lean(UNSEEN_FULL / 2, has_parent=False) == pytest.approx(WEIGHT / 2)
    assert lean(math.nan, has_parent=False) == 0.0


def test_the_trained_model_takes_the_runs_from_the_calibration_halves_only(
    trained: tuple[Path, dict[str, Any]],
) -> None:
    model = FastWorldModel.load(trained[0], online=False)
    shipped = open_program_set("foreign")
    records = shipped.calibration_records()
    names = {r.task_id: task_metric(query_for_record(r))[0] for r in records}
    assert model.featurizer.other_runs == other_writers_runs(records, names)
    assert len(model.featurizer.other_runs["penguins"]) >= MIN_PROGRAMS
    with_test = other_writers_runs(records + shipped.half("test"), names)
    assert with_test != model.featurizer.other_runs


def test_a_foreign_draft_takes_the_median_and_the_corpus_writers_program_and_a_child_do_not(
    trained: tuple[Path, dict[str, Any]], dev_records: list[Record]
) -> None:
    model = FastWorldModel.load(trained[0], online=False)
    drafts = [  # drafts training saw
        query_for_record(r)
        for r in dev_records
        if r.task_id == "penguins"
        and r.parent_id is None
        and r.run_id != "penguins-0.5"  # conftest's held run
    ]
    unseen = model.featurizer.prepare(drafts).unfamiliar[:, SIGNALS.index("tokens_unseen")]
    own = drafts[int(np.flatnonzero(unseen == 0.0)[0])]  # every identifier one training saw
    foreign = dataclasses.replace(own, x=dataclasses.replace(own.x, program=FOREIGN_STYLE))
    parent = Parent(program=own.x.program, exc_type="None", metric=0.25, term_out="", runtime_s=1)
    child = dataclasses.replace(foreign, parent=parent)
    queries = [own, foreign, child]

    leaning = model.featurizer.prepare(queries)
    other = median_of(model.featurizer.other_runs["penguins"], FOREIGN_STYLE)
    model.featurizer.other_runs = {}
    plain = model.featurizer.prepare(queries)

    assert leaning.anchor[0] == plain.anchor[0]
    assert leaning.anchor[1] == pytest.approx(other)
    assert leaning.anchor[1] != pytest.approx(plain.anchor[1])
    assert leaning.anchor[2] == plain.anchor[2] == pytest.approx(0.25)  # anchored on its parent
