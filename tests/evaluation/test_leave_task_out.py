"""`evaluate_leave_task_out` (appendix R): each task's held-out programs are predicted by a
fast model that never saw the task.

Real builtin-agent records of eight suite tasks; the holdout is one whole run on
each of two tasks. What every model was trained on is asserted from the model
itself (its saved meta and its neighbour pool), not from what the driver says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mleworld.corpus.store import Corpus, read_jsonl
from mleworld.evaluation.holdout_eval import (
    LEAVE_TASK_OUT,
    evaluate_leave_task_out,
    find_parents,
)
from mleworld.world.fast.model import FastWorldModel

FIXTURE = (
    Path(__file__).resolve().parents[1] / "world" / "fast" / "fixtures" / "dev_records.jsonl.gz"
)
HELD = {"penguins": "penguins-0.5", "hpc-jobs": "hpc-jobs-0.5"}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    made = Corpus.create(tmp_path_factory.mktemp("lto") / "corpus")
    made.import_jsonl(FIXTURE)
    records = list(read_jsonl(FIXTURE))
    made.set_holdout(
        {
            task: {r.id for r in records if r.task_id == task and r.run_id == run}
            for task, run in HELD.items()
        }
    )
    return Corpus.open(made.path)


@pytest.fixture(scope="module")
def results(corpus: Corpus, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    from mleworld.training.fast import train_fast

    seen: dict[str, dict[str, Any]] = {}

    def train(corpus: Any, task: str, folder: Path) -> FastWorldModel:
        # The real training, without task data or the foreign calibration (speed).
        target = folder / task
        train_fast(corpus, target, data_dirs=None, exclude_tasks=[task], calibration_set=None)
        model = FastWorldModel.load(target, online=False)
        seen[task] = {
            "meta_tasks": set(model.meta["tasks"]),
            "pool_tasks": set(model.featurizer.pool.tasks),
            "stats_tasks": set(model.featurizer.task_stats),
        }
        return model

    held = list(corpus.iter_records(split="holdout"))
    out = evaluate_leave_task_out(
        corpus,
        held,
        parents=find_parents(corpus, held),
        data_dir=None,
        train=train,
        resamples=50,
        out_dir=tmp_path_factory.mktemp("lto_out"),
        plots=False,
    )
    out["_seen"] = seen
    return out


def test_each_task_is_predicted_by_a_model_that_never_saw_it(results: dict[str, Any]) -> None:
    seen = results["_seen"]
    assert set(seen) == set(HELD)
    everything = {r.task_id for r in read_jsonl(FIXTURE)}
    for task, trained in seen.items():
        assert task not in trained["meta_tasks"]
        assert task not in trained["pool_tasks"]
        assert task not in trained["stats_tasks"]
        # ... and every other task of the train split was trained on.
        assert everything - {task} <= trained["meta_tasks"]
    for task, info in results["leave_task_out"].items():
        assert info["excluded"] == [task]
        assert task not in info["trained_tasks"]
        assert info["programs"] == results["holdout"]["tasks"][task]


def test_the_results_have_the_same_tables_for_one_model(results: dict[str, Any]) -> None:
    assert list(results["models"]) == [LEAVE_TASK_OUT]
    entry = results["models"][LEAVE_TASK_OUT]
    held = results["holdout"]["programs"]
    assert set(results["holdout"]["tasks"]) == set(HELD)
    assert entry["exception_class"]["n"] == held
    assert entry["has_confidence"] and entry["ece"] is not None
    calib = results["quintiles"][LEAVE_TASK_OUT]
    assert sum(q["n"] for q in calib["quintiles"]) == held


def test_an_empty_holdout_is_refused(corpus: Corpus) -> None:
    from mleworld.errors import MleWorldError

    with pytest.raises(MleWorldError, match="holdout has no records"):
        evaluate_leave_task_out(corpus, [])
