"""The fast model's parts: TF-IDF vectors, neighbour pools, feature rows and the safe file format."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from mleworld.corpus.record import Record
from mleworld.errors import MleWorldError
from mleworld.world.fast.batch import query_facts
from mleworld.world.fast.code import code_tokens, strip_comments
from mleworld.world.fast.features import FeatureSpec, TaskStats, featurize, overview_facts
from mleworld.world.fast.neighbours import STAT_NAMES, NeighbourPool, stat
from mleworld.world.fast.persist import (
    atomic_directory,
    check_directory,
    load_array,
    save_array,
    save_json,
)
from mleworld.world.fast.tfidf import CodeTfidf
from mleworld.world.inputs import query_for_record


def _tokens(records: list[Record]) -> list[list[str]]:
    return [code_tokens(strip_comments(r.x.program)) for r in records]


def test_tfidf_rows_are_unit_vectors_and_survive_save_load(
    dev_records: list[Record], tmp_path: Path
) -> None:
    tokens = _tokens(dev_records[:60])
    tfidf = CodeTfidf.fit(tokens)
    matrix = tfidf.transform(tokens)
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1))).ravel()
    assert np.allclose(norms, 1.0, atol=1e-5)
    tfidf.save(tmp_path)
    again = CodeTfidf.load(tmp_path)
    assert again.vocabulary == tfidf.vocabulary
    assert abs(again.transform(tokens) - matrix).max() == 0


def test_neighbour_stats_leave_out_the_query_program_and_stay_within_the_task(
    dev_records: list[Record],
) -> None:
    records = [r for r in dev_records if r.task_id in ("penguins", "digits")][:60]
    tokens = _tokens(records)
    tfidf = CodeTfidf.fit(tokens)
    vectors = tfidf.transform(tokens)
    metric = np.array([r.y.metric if r.y.metric is not None else np.nan for r in records])
    pool = NeighbourPool(
        vectors,
        [r.task_id for r in records],
        [r.id for r in records],
        np.array([0 if r.y.exc_type == "None" else 1 for r in records]),
        np.log1p([r.runtime_s for r in records]),
        metric,
    )
    tasks = [r.task_id for r in records]
    with_self = pool.stats(vectors, tasks)
    without_self = pool.stats(vectors, tasks, exclude_ids=[r.id for r in records])
    # A program is its own nearest neighbour; left out, its task has that many fewer candidates.
    assert np.allclose([stat(row, "nb_sim_max") for row in with_self], 1.0, atol=1e-5)
    for i, r in enumerate(records):
        copies = sum(1 for o in records if o.task_id == r.task_id and o.id == r.id)
        assert stat(without_self[i], "nb_count") == stat(with_self[i], "nb_count") - copies
    penguin_metrics = metric[
        [i for i, t in enumerate(tasks) if t == "penguins" and math.isfinite(metric[i])]
    ]
    for i, row in enumerate(without_self):
        if tasks[i] == "penguins" and stat(row, "nb_metric_count") > 0:
            assert penguin_metrics.min() <= stat(row, "nb_metric") <= penguin_metrics.max()
    # An unseen task has no neighbours.
    unseen = pool.stats(vectors[:1], ["never-seen"])
    assert stat(unseen[0], "nb_count") == 0 and math.isnan(stat(unseen[0], "nb_metric"))
    # Adding a program already in the pool replaces it.
    before = len(pool)
    pool.add(
        vectors[:3],
        tasks[:3],
        [r.id for r in records[:3]],
        [2, 2, 2],
        [9.0, 9.0, 9.0],
        [np.nan] * 3,
    )
    assert len(pool) == before
    assert (pool.outcome[-3:] == 2).all()
    # Nothing stats kept from the pool before the change answers for it after.
    fresh = NeighbourPool(
        pool.matrix, pool.tasks, pool.program_ids, pool.outcome, pool.log_runtime, pool.metric
    )
    assert np.array_equal(pool.stats(vectors, tasks), fresh.stats(vectors, tasks), equal_nan=True)


def test_overview_facts_read_sizes_from_a_real_overview(dev_records: list[Record]) -> None:
    overview = next(r.x.data_overview for r in dev_records if r.task_id == "telco-churn")
    facts = overview_facts(overview)
    assert facts["n_files"] == 3
    assert facts["n_tables"] == 3
    assert 1000 < math.expm1(facts["log_train_rows"]) < 7043
    assert facts["train_cols"] >= 20
    assert all(math.isnan(v) for k, v in overview_facts("").items() if k != "n_tables")


def test_feature_rows_have_one_value_per_named_column(dev_records: list[Record]) -> None:
    from mleworld.world.static import analyze

    records = dev_records[:8]
    queries = [query_for_record(r) for r in records]
    reports = [analyze(q.x.program, None) for q in queries]
    spec = FeatureSpec.fit(reports, hash_dim=32)
    facts = [query_facts(q) for q in queries]
    stats = [
        TaskStats.from_outcomes(["None", "KeyError"], ["draft", "debug"], [1.0, 0.5], [0.9, None])
    ] * len(queries)
    neighbours = np.full((len(queries), len(STAT_NAMES)), np.nan)
    X = featurize(spec, queries, facts, reports, stats, neighbours)
    assert X.shape == (len(queries), len(spec.names))
    assert len(set(spec.names)) == len(spec.names)
    assert FeatureSpec.from_dict(spec.to_dict()) == spec
    column = spec.names.index("log_time_limit")
    assert np.allclose(X[:, column], np.log([q.x.time_limit_s for q in queries]))


def test_arrays_never_load_pickles(tmp_path: Path) -> None:
    path = tmp_path / "objects.npy"
    np.save(path, np.array([{"a": 1}], dtype=object), allow_pickle=True)
    with pytest.raises(MleWorldError, match="objects.npy"):
        load_array(path)
    save_array(tmp_path / "ok.npy", np.arange(4.0))
    with pytest.raises(MleWorldError, match="rows were expected"):
        load_array(tmp_path / "ok.npy", length=5)


def test_atomic_directory_replaces_a_model_whole_or_not_at_all(tmp_path: Path) -> None:
    target = tmp_path / "model"
    with atomic_directory(target) as tmp:
        save_json(tmp / "model.json", {"schema_version": 7})
        save_json(tmp / "a.json", {"v": 1})
    assert check_directory(target, 7)["files"].keys() == {"a.json"}
    with pytest.raises(RuntimeError), atomic_directory(target) as tmp:
        save_json(tmp / "model.json", {"schema_version": 7})
        save_json(tmp / "a.json", {"v": 2})
        raise RuntimeError("killed mid-write")
    assert (target / "a.json").read_text().count('"v": 1') == 1
    assert [p.name for p in tmp_path.iterdir()] == ["model"]
    (target / "a.json").write_text('{"v": 3}\n')
    with pytest.raises(MleWorldError, match=r"a\.json is corrupt"):
        check_directory(target, 7)
    with pytest.raises(MleWorldError, match="schema version"):
        check_directory(target, 8)
