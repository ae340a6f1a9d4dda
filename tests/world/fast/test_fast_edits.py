"""The edit features (child minus parent) and the edit head that prices them in the fast model."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mleworld.errors import MleWorldError
from mleworld.world.fast.batch import query_facts
from mleworld.world.fast.edits import (
    EDIT_NAMES,
    EditHead,
    edit_inputs,
    edit_row,
    pair_order_accuracy,
)
from mleworld.world.fast.features import TaskStats
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.inputs import query_for_program
from mleworld.world.prediction import Parent

PARENT = textwrap.dedent(
    """\
    import pandas as pd
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.model_selection import cross_val_score
    train = pd.read_csv("./input/train.csv")
    X, y = train.drop(columns=["target"]), train["target"]
    model = RandomForestClassifier(n_estimators=100, max_depth=6, n_jobs=-1)
    print("Validation AUC:", cross_val_score(model, X, y, cv=3, scoring="roc_auc").mean())
    """
)
CHILD = textwrap.dedent(
    """\
    import numpy as np
    import pandas as pd
    from lightgbm import LGBMClassifier
    from sklearn.model_selection import cross_val_score
    from sklearn.preprocessing import StandardScaler
    train = pd.read_csv("./input/train.csv")
    X, y = train.drop(columns=["target"]), np.log1p(train["target"])
    X = StandardScaler().fit_transform(X)
    model = LGBMClassifier(n_estimators=400, learning_rate=0.05, max_depth=6, reg_lambda=1.0)
    print("Validation AUC:", cross_val_score(model, X, y, cv=5, scoring="roc_auc").mean())
    """
)


def feature(row: np.ndarray, name: str) -> float:
    return float(row[EDIT_NAMES.index(name)])


def query(program: str, parent: str | None, metric: float = 0.8) -> Any:
    seen = None if parent is None else Parent(program=parent, exc_type="None", metric=metric)
    return query_for_program(program, stage="improve" if parent else "draft", parent=seen)


def test_an_edit_is_described_as_what_the_child_changed() -> None:
    row = edit_row(query_facts(query(CHILD, PARENT)), PARENT, 0.5, False)
    assert row.shape == (len(EDIT_NAMES),)
    assert feature(row, "edit_family_changed") == 1.0  # random forest -> LightGBM
    assert feature(row, "edit_log_n_estimators") == pytest.approx(math.log(4))
    assert feature(row, "edit_log_max_depth") == 0.0  # kept at 6
    assert feature(row, "edit_log_n_splits") == pytest.approx(math.log(5 / 3))
    # A learning rate the parent never set: no ratio, but the child set one.
    assert math.isnan(feature(row, "edit_log_learning_rate"))
    assert feature(row, "edit_set_learning_rate") == 1.0
    assert feature(row, "edit_set_l_reg") == 1.0 and math.isnan(feature(row, "edit_log_l_reg"))
    assert feature(row, "edit_count_scaler") == 1.0
    assert feature(row, "edit_target_transform") >= 1.0
    assert feature(row, "edit_log_work") > 0  # 4x the trees, 5/3 the folds
    assert 0 < feature(row, "edit_lines_changed_frac") <= 2
    assert feature(row, "parent_gain_z") == 0.5 and feature(row, "lower_is_better") == 0.0

    same = edit_row(query_facts(query(PARENT, PARENT)), PARENT, math.nan, None)
    assert feature(same, "edit_family_changed") == 0.0
    assert feature(same, "edit_log_n_estimators") == 0.0
    assert feature(same, "edit_lines_changed_frac") == 0.0
    assert math.isnan(feature(same, "lower_is_better"))
    # The reverse edit reads as the opposite change.
    back = edit_row(query_facts(query(PARENT, CHILD)), CHILD, 0.0, False)
    assert feature(back, "edit_log_n_estimators") == pytest.approx(-math.log(4))
    assert feature(back, "edit_count_scaler") == -1.0 and feature(back, "edit_set_l_reg") == -1.0


def test_the_task_medians_of_both_families_are_read_against_the_parent() -> None:
    stats = TaskStats(metric_median=0.8, metric_scale=0.1)
    stats.family_metric = {"random_forest": 0.82, "lgbm": 0.9}
    child = query_facts(query(CHILD, PARENT))
    row = edit_row(child, PARENT, 0.0, False, parent_metric=0.8, stats=stats)
    assert feature(row, "family_gain_child") == pytest.approx(1.0)  # lgbm: 0.9 vs 0.8
    assert feature(row, "family_gain_parent") == pytest.approx(0.2)  # random forest: 0.82
    assert feature(row, "family_gain_switch") == pytest.approx(0.8)
    # Lower is better: the same numbers are losses.
    lower = edit_row(child, PARENT, 0.0, True, parent_metric=0.8, stats=stats)
    assert feature(lower, "family_gain_child") == pytest.approx(-1.0)
    # Without statistics (or a parent metric) there is nothing to compare with.
    for bare in (
        edit_row(child, PARENT, 0.0, False),
        edit_row(child, PARENT, 0.0, False, stats=stats),
    ):
        assert math.isnan(feature(bare, "family_gain_child"))
    # edit_inputs passes each query's task statistics and its parent's metric through.
    X, _ = edit_inputs([query(CHILD, PARENT, metric=0.8)], [child], [stats])
    assert X[0, EDIT_NAMES.index("family_gain_switch")] == pytest.approx(0.8)


def test_a_query_without_a_parent_has_no_edit_and_the_direction_follows_the_metric() -> None:
    queries = [query(CHILD, None), query(CHILD, PARENT)]
    queries[1].metric_name, queries[1].lower_is_better = "rmse", True
    X, direction = edit_inputs(queries, [query_facts(q) for q in queries])
    assert np.isnan(X[0]).all() and not np.isnan(X[1]).all()
    assert direction.tolist() == [1.0, -1.0]


def test_pair_order_accuracy_counts_pairs_within_groups_and_ties_as_half() -> None:
    real = np.array([1.0, 2.0, 3.0, 0.0, 5.0])
    groups = ["a", "a", "a", "b", "c"]
    assert pair_order_accuracy(real, real, groups) == 1.0
    assert pair_order_accuracy(-real, real, groups) == 0.0
    assert pair_order_accuracy(np.zeros(5), real, groups) == 0.5
    assert math.isnan(pair_order_accuracy(real, real, ["a", "b", "c", "d", "e"]))


def synthetic(n: int, seed: int, signal: bool) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Edit rows where (with `signal`) more trees help and dropping the scaler hurts."""
    rng = np.random.default_rng(seed)
    X = np.full((n, len(EDIT_NAMES)), np.nan)
    trees = rng.normal(0, 1, n)
    scaler = rng.integers(-1, 2, n).astype(float)
    X[:, EDIT_NAMES.index("edit_log_n_estimators")] = trees
    X[:, EDIT_NAMES.index("edit_count_scaler")] = scaler
    noise = rng.normal(0, 0.05, n)
    gain = 0.2 * trees + 0.1 * scaler + noise if signal else rng.normal(0, 0.3, n)
    return X, gain, [f"task{i % 4}" for i in range(n)]


def test_the_edit_head_learns_which_edits_help_and_keeps_their_order() -> None:
    X, gain, groups = synthetic(400, 0, signal=True)
    anchor = np.full(len(gain), 10.0)
    scale = np.full(len(gain), 1.0)
    direction = np.ones(len(gain))
    head, report = EditHead.fit(
        X,
        gain,
        direction,
        scale,
        fit_rows=np.arange(300),
        cal_rows=np.arange(300, 400),
        anchor=anchor,
        groups=groups,
    )
    assert head.active and 0 < head.shrink <= 1 and report["cal_pair_accuracy"] > 0.8
    # Never worse than the bare parent metric on closeness, by construction of the shrink.
    assert report["cal_within5"] >= report["cal_within5_anchor"]
    test_X, test_gain, test_groups = synthetic(200, 1, signal=True)
    assert pair_order_accuracy(head.gain(test_X), test_gain, test_groups) > 0.8


def test_an_edit_head_that_learned_nothing_stays_off() -> None:
    X, gain, groups = synthetic(400, 2, signal=False)
    ones = np.ones(len(gain))
    head, report = EditHead.fit(
        X,
        gain,
        ones,
        ones,
        fit_rows=np.arange(300),
        cal_rows=np.arange(300, 400),
        anchor=np.full(len(gain), 10.0),
        groups=groups,
    )
    assert not head.active and head.shrink == 0.0 and report["cal_pair_accuracy"] < 0.6
    assert (head.gain(X[:5]) == 0).all()
    few, _ = EditHead.fit(X[:10], gain[:10], ones[:10], ones[:10])
    assert not few.active


def test_the_edit_head_saves_loads_and_refuses_other_columns(tmp_path: Path) -> None:
    X, gain, _ = synthetic(200, 3, signal=True)
    ones = np.ones(len(gain))
    head, _ = EditHead.fit(X, gain, ones, ones)
    head.save(tmp_path)
    back = EditHead.load(tmp_path)
    assert back.shrink == head.shrink and np.allclose(back.gain(X), head.gain(X))
    meta = (tmp_path / "edit_head.json").read_text()
    (tmp_path / "edit_head.json").write_text(meta.replace("edit_log_epochs", "edit_log_other"))
    with pytest.raises(MleWorldError, match="retrain it"):
        EditHead.load(tmp_path)


def test_the_model_ranks_siblings_by_their_edit_and_saves_the_head(
    trained: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    """Two revisions of one parent: the edit head moves them apart, in the learnt direction."""
    path, _ = trained
    model = FastWorldModel.load(path, online=False)
    X, gain, _ = synthetic(300, 4, signal=True)
    ones = np.ones(len(gain))
    model.edit_head, _ = EditHead.fit(X, gain, ones, ones)
    more = CHILD.replace("n_estimators=400", "n_estimators=1600")
    fewer = CHILD.replace("n_estimators=400", "n_estimators=100")
    parent = Parent(program=CHILD, exc_type="None", metric=0.8, term_out="Validation AUC: 0.8\n")
    queries = [
        query_for_program(code, stage="improve", parent=parent) for code in (more, fewer, CHILD)
    ]
    for q in queries:
        q.task_id, q.metric_name, q.lower_is_better = "penguins", "auc", False
    high, low, same = (p.metric for p in model.predict_batch(queries))
    assert high is not None and low is not None and same is not None
    assert high > same > low  # more trees was learnt to help, fewer to hurt
    inputs = model.featurizer.prepare(queries)
    expected = 0.8 + inputs.scale * model.edit_head.gain(inputs.X_edit)
    assert [high, low, same] == pytest.approx(expected.tolist())

    # The same metric pointing the other way: the gain now lowers the number.
    for q in queries:
        q.lower_is_better = True
    high_rmse, low_rmse, _ = (p.metric for p in model.predict_batch(queries))
    assert high_rmse is not None and low_rmse is not None and high_rmse < low_rmse

    copy = tmp_path / "model"
    model.save(copy)
    assert (copy / "edit_head.txt").is_file()
    back = FastWorldModel.load(copy, online=False)
    assert back.edit_head.shrink == model.edit_head.shrink
    assert [p.metric for p in back.predict_batch(queries)] == [
        p.metric for p in model.predict_batch(queries)
    ]
    # An edit head that is off leaves the parent's metric as the prediction (bare anchor).
    model.edit_head = EditHead(None, 0.0)
    for q in queries:
        q.lower_is_better = False
    assert len({p.metric for p in model.predict_batch(queries)}) == 1
