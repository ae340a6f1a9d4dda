"""Calibration rows from tasks the class head never saw (training/fast_task_folds.py).

Real training on the 220 builtin-agent records of seven suite tasks
(tests/world/fast/fixtures), with the shipped foreign set's dev and calib halves as
the unfamiliar-code rows: the saved calibration rows must hold held-out runs of
every task group, read as a prediction for an unseen task reads them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mleworld.corpus.foreign import open_program_set
from mleworld.corpus.store import Corpus, read_jsonl
from mleworld.training.fast import train_fast
from mleworld.training.fast_task_folds import UNSEEN_TASK, as_unseen_task, task_groups
from mleworld.training.fast_unfamiliar import CalibrationRows, fit_rows, row_batches
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.fast.unfamiliar import SIGNALS
from mleworld.world.inputs import query_for_record

FIXTURE = Path(__file__).parents[1] / "world" / "fast" / "fixtures" / "dev_records.jsonl.gz"


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], Path]:
    root = tmp_path_factory.mktemp("folds")
    corpus = Corpus.create(root / "corpus")
    corpus.import_jsonl(FIXTURE)
    rows = root / "rows.npz"
    report = train_fast(
        Corpus.open(corpus.path), root / "model", data_dirs=None, calibration_rows=rows
    )
    return root / "model", report, rows


def test_task_groups_hold_every_task_once() -> None:
    tasks = [f"t{i}" for i in range(7) for _ in range(3)]
    groups = task_groups(tasks, 2, seed=1)
    flat = [t for g in groups for t in g]
    assert sorted(flat) == sorted(set(tasks)) and len(flat) == 7
    assert [len(g) for g in groups] == [2, 2, 2, 1]
    assert task_groups(tasks, 2, seed=1) == groups  # a seed gives the same groups
    # Two tasks: one each, so each group's head still has a task to learn from.
    assert sorted(map(len, task_groups(["a", "b", "a"], 5))) == [1, 1]
    assert task_groups(["a", "a"]) == []


def test_an_unseen_task_query_keeps_its_metric() -> None:
    record = next(r for r in read_jsonl(FIXTURE) if r.task_id == "credit-risk")
    query = as_unseen_task(query_for_record(record))
    assert query.task_id == UNSEEN_TASK
    assert query.metric_name == "logloss" and query.lower_is_better is True
    assert query.x is record.x


def test_training_calibrates_on_held_out_runs_of_tasks_the_head_never_saw(
    trained: tuple[Path, dict[str, Any], Path],
) -> None:
    out, report, path = trained
    unfamiliar = report["unfamiliar"]
    groups = unfamiliar["task_groups"]
    assert sorted(t for g in groups for t in g) == sorted(report["tasks"])
    rows = CalibrationRows.load(path)
    counts = unfamiliar["rows_by_source"]
    assert counts == {s: int(np.sum(rows.source == s)) for s in ("heldout", "task_fold", "foreign")}
    assert counts["task_fold"] == counts["heldout"] == report["heldout_records"]
    shipped = open_program_set("foreign")
    assert counts["foreign"] == len(shipped.calibration_records())  # dev and calib, not test
    assert shipped.calibration_halves == ("dev", "calib")
    batches = row_batches("foreign", rows)
    assert set(batches[rows.source == "foreign"]) >= {"-", "c", "m"}  # each weighs the same
    assert set(batches[rows.source != "foreign"]) == {""}
    test_ids = {r.id for r in shipped.half("test")}
    assert not test_ids & set(rows.ids[rows.source == "foreign"])
    fold = rows.subset(rows.source == "task_fold")
    held = rows.subset(rows.source == "heldout")
    assert sorted(fold.ids) == sorted(held.ids)  # the same runs, predicted another way
    assert np.all(fold.signals[:, SIGNALS.index("task_unseen")] == 1.0)
    assert np.all(held.signals[:, SIGNALS.index("task_unseen")] == 0.0)
    # Held-out runs helped build the vocabulary, so almost none of their identifiers is
    # unseen (only those too rare for it); measured against the other groups' programs
    # only, a new task's are.
    unseen = SIGNALS.index("tokens_unseen")
    assert held.signals[:, unseen].mean() < 0.005
    assert fold.signals[:, unseen].mean() > max(0.01, 3 * held.signals[:, unseen].mean())
    # Another head on other features: not the main head's held-out probabilities.
    by_id = {i: k for k, i in enumerate(held.ids)}
    same = held.probs[[by_id[i] for i in fold.ids]]
    assert np.abs(fold.probs - same).max() > 0.05

    model = FastWorldModel.load(out)
    assert model.meta["task_folds"] is True
    refit, _ = fit_rows(model.class_head.classes, rows, foreign_batches=batches)
    assert refit is not None
    assert np.allclose(refit.weight_coef, model.unfamiliar.weight_coef, atol=1e-3)


def test_without_task_folds_only_held_out_and_foreign_rows_calibrate(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "corpus")
    corpus.import_jsonl(FIXTURE)
    rows = tmp_path / "rows.npz"
    report = train_fast(
        Corpus.open(corpus.path),
        tmp_path / "m",
        data_dirs=None,
        task_folds=False,
        calibration_rows=rows,
    )
    assert report["unfamiliar"]["rows_by_source"]["task_fold"] == 0
    assert report["unfamiliar"]["task_groups"] == []
    assert set(CalibrationRows.load(rows).source) == {"heldout", "foreign"}


def test_fitted_rows_give_foreign_code_its_own_clean_rate_at_any_foreign_weight() -> None:
    rng = np.random.default_rng(0)
    classes = ["None", "ValueError", "Other"]
    n_own, n_foreign = 600, 40
    n = n_own + n_foreign
    signals = np.zeros((n, len(SIGNALS)))
    signals[n_own:, SIGNALS.index("calls_unseen")] = rng.uniform(0.15, 0.4, n_foreign)
    clean = np.concatenate([rng.random(n_own) < 0.95, rng.random(n_foreign) < 0.5])
    rows = CalibrationRows(
        probs=np.tile([0.96, 0.02, 0.02], (n, 1)),
        signals=signals,
        labels=np.where(clean, 0, 1),
        finding_class=np.full(n, -1),
        finding_weight=np.zeros(n),
        source=np.array(["heldout"] * n_own + ["foreign"] * n_foreign),
        ids=np.array([f"r{i}" for i in range(n)]),
    )
    foreign = rows.subset(rows.source == "foreign")
    rate = float(np.mean(foreign.labels == 0))
    for weight in (None, 0.5):
        fitted, report = fit_rows(classes, rows, foreign_weight=weight)
        assert fitted is not None and report["foreign_weight"] == weight
        # The foreign rows get their own clean rate, the head's 0.96 is left behind.
        assert abs(fitted.apply(foreign.probs, foreign.signals)[:, 0].mean() - rate) < 0.05
    heavy, _ = fit_rows(classes, rows, foreign_weight=0.5)
    own = rows.subset(rows.source == "heldout")
    np.testing.assert_allclose(heavy.apply(own.probs, own.signals), own.probs, atol=1e-9)
    assert fit_rows(classes, own)[0] is None  # no foreign rows: nothing to calibrate on


def test_batch_weights_give_each_foreign_batch_the_same_pull() -> None:
    classes = ["None", "ValueError", "Other"]
    n_own = 400
    # Foreign batch "a" (90 rows) runs clean, batch "b" (10 rows) always crashes.
    n = n_own + 100
    signals = np.zeros((n, len(SIGNALS)))
    signals[n_own:, SIGNALS.index("calls_unseen")] = 0.3
    labels = np.concatenate([np.zeros(n_own + 90, dtype=int), np.ones(10, dtype=int)])
    rows = CalibrationRows(
        probs=np.tile([0.9, 0.05, 0.05], (n, 1)),
        signals=signals,
        labels=labels,
        finding_class=np.full(n, -1),
        finding_weight=np.zeros(n),
        source=np.array(["heldout"] * n_own + ["foreign"] * 100),
        ids=np.array([f"r{i}" for i in range(n)]),
    )
    batches = np.array([""] * n_own + ["a"] * 90 + ["b"] * 10)
    foreign = rows.subset(rows.source == "foreign")
    by_row, _ = fit_rows(classes, rows, foreign_weight=0.5)
    by_batch, _ = fit_rows(classes, rows, foreign_weight=0.5, foreign_batches=batches)
    assert by_row is not None and by_batch is not None
    clean_by_row = by_row.apply(foreign.probs, foreign.signals)[:, 0].mean()
    clean_by_batch = by_batch.apply(foreign.probs, foreign.signals)[:, 0].mean()
    assert abs(clean_by_row - 0.9) < 0.05  # the big batch's clean rate
    assert abs(clean_by_batch - 0.5) < 0.05  # the two batches' rates, averaged
