"""Profiling a task from its public CSVs: kind, submission layout, column roles."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mleworld.codegen.builtin.examples import make_example_task
from mleworld.codegen.builtin.profile import profile_task
from mleworld.errors import TaskError
from mleworld.tasks.task import Task


@pytest.mark.parametrize(
    ("kind", "expected_kind", "output"),
    [
        ("binary", "binary", "proba"),
        ("multiclass", "multiclass", "proba_classes"),
        ("regression", "regression", "number"),
        ("multilabel", "multilabel", "proba_columns"),
        ("text", "binary", "label"),
        ("multi_regression", "multi_regression", "number"),
        ("label", "multiclass", "label"),
    ],
)
def test_kind_and_submission_layout(
    kind: str, expected_kind: str, output: str, tmp_path: Path
) -> None:
    profile = profile_task(make_example_task(kind, tmp_path, rows=80))
    assert (profile.kind, profile.output) == (expected_kind, output)
    assert profile.id_column == "row_id"
    assert "row_id" not in profile.feature_columns
    assert not set(profile.label_columns) & set(profile.feature_columns)


def test_column_roles_of_the_binary_example(tmp_path: Path) -> None:
    p = profile_task(make_example_task("binary", tmp_path, rows=150))
    assert p.categorical_columns == ("color", "city")
    assert p.date_columns == ("signup",)
    assert p.high_card_columns == ("code",)
    assert set(p.numeric_columns) == {"age", "income", "score", "hours"}
    assert p.has_missing and p.label_columns == ("churn",)


def test_multiclass_classes_map_to_the_probability_columns(tmp_path: Path) -> None:
    p = profile_task(make_example_task("multiclass", tmp_path, rows=150))
    assert p.label_columns == ("species",)
    assert p.classes == ("Adelie", "Chinstrap", "Gentoo")
    assert p.class_columns == {c: c for c in p.classes}


def test_text_column_and_nonnegative_regression_target(tmp_path: Path) -> None:
    text = profile_task(make_example_task("text", tmp_path / "t", rows=150))
    assert text.text_columns == ("review",) and text.numeric_columns == ("stars_hint",)
    reg = profile_task(make_example_task("regression", tmp_path / "r", rows=150))
    assert reg.nonnegative_target and reg.metric == "rmsle"


def test_one_hot_label_columns_in_train(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 3, size=90)
    public = tmp_path / "public"
    public.mkdir()
    frame = pd.DataFrame({"id": range(90), "x": rng.normal(size=90)})
    onehot = pd.get_dummies(pd.Series(labels).map({0: "a", 1: "b", 2: "c"})).astype(int)
    pd.concat([frame.iloc[:60], onehot.iloc[:60]], axis=1).to_csv(public / "train.csv", index=False)
    frame.iloc[60:].to_csv(public / "test.csv", index=False)
    sample = frame.iloc[60:][["id"]].assign(a=1 / 3, b=1 / 3, c=1 / 3)
    sample.to_csv(public / "sample_submission.csv", index=False)
    task = Task(
        path=tmp_path, id="onehot", metric="logloss", id_column="id", target_columns=("a", "b", "c")
    )
    p = profile_task(task)
    assert p.onehot_labels and p.output == "proba_classes" and p.classes == ("a", "b", "c")


def test_missing_public_file_is_a_clear_error(tmp_path: Path) -> None:
    task = make_example_task("binary", tmp_path, rows=50)
    (task.public_dir / "test.csv").unlink()
    with pytest.raises(TaskError, match="test.csv"):
        profile_task(task)


def test_boolean_target_and_awkward_column_names(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    n = 120
    frame = pd.DataFrame(
        {
            "id": [f"r{i}" for i in range(n)],
            "a b": rng.normal(size=n),
            "flag": rng.random(n) > 0.5,
            "kind:x": rng.choice(["p", "q"], size=n),
            "target": rng.random(n) > 0.5,
        }
    )
    public = tmp_path / "public"
    public.mkdir()
    frame.iloc[:90].to_csv(public / "train.csv", index=False)
    frame.iloc[90:].drop(columns=["target"]).to_csv(public / "test.csv", index=False)
    frame.iloc[90:][["id"]].assign(target=0.5).to_csv(public / "sample_submission.csv", index=False)
    task = Task(path=tmp_path, id="b", metric="auc", id_column="id", target_columns=("target",))
    p = profile_task(task)
    assert (p.kind, p.output, p.positive_label) == ("binary", "proba", "True")
    assert p.bool_columns == ("flag",) and p.categorical_columns == ("kind:x",)
    assert p.json_unsafe_names  # LightGBM's native categorical path is avoided for such names
