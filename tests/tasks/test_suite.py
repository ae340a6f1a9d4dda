"""The bundled offline suite: entries, offline loading, prepare (cache, determinism), resolve."""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.errors import MleWorldError, TaskError
from mleworld.tasks.grading import grade_file
from mleworld.tasks.metrics import METRICS
from mleworld.tasks.suite import (
    KINDS,
    SUITE_VERSION,
    get_entry,
    list_suite,
    load_suite_data,
    prepare_suite_task,
    resolve_task,
    suite_names,
)
from mleworld.tasks.task import load_task
from mleworld.tasks.validation import validate_task


def files_of(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MLEWORLD_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_suite_spans_the_kinds_and_sizes_the_issue_asks_for() -> None:
    entries = list_suite()
    assert len(entries) >= 10
    assert len(set(suite_names())) == len(entries)
    assert {e.kind for e in entries} == set(KINDS)
    assert sum(e.rows >= 5000 for e in entries) >= 3
    assert all(e.rows <= 10_000 for e in entries)
    for e in entries:
        assert e.metric in METRICS
        assert e.time_limit_s > 0 and e.source and e.about
        assert set(e.to_dict()) >= {"name", "metric", "kind", "rows", "time_limit_s", "source"}


@pytest.mark.parametrize("name", suite_names())
def test_each_entry_loads_offline_with_its_declared_rows(name: str) -> None:
    entry = next(e for e in list_suite() if e.name == name)
    frame = load_suite_data(name)
    assert len(frame.dropna(subset=list(entry.target))) == entry.rows
    for column in (*entry.target, entry.group_column, entry.time_column):
        if column:
            assert column in frame.columns


def test_prepare_is_deterministic_per_seed(tmp_path: Path) -> None:
    first = prepare_suite_task("diabetes", tmp_path / "a")
    second = prepare_suite_task("diabetes", tmp_path / "b")
    other = prepare_suite_task("diabetes", tmp_path / "c", seed=1)
    assert files_of(first) == files_of(second)
    assert files_of(other)["private/answers.csv"] != files_of(first)["private/answers.csv"]
    task = load_task(first)
    assert (task.id, task.metric, task.extra["kind"]) == ("diabetes", "rmse", "regression")
    assert validate_task(first) == []
    assert grade_file(task, task.sample_submission_path).valid


def test_prepare_caches_under_home_and_reuses_it(home: Path) -> None:
    path = prepare_suite_task("breast-cancer")
    assert path == home / "tasks" / "breast-cancer"
    stamp = (path / "task.yaml").stat().st_mtime_ns
    assert prepare_suite_task("breast-cancer") == path
    assert (path / "task.yaml").stat().st_mtime_ns == stamp, "a current cache is reused"

    spec = path / "task.yaml"
    current = f"suite_version: {SUITE_VERSION}"
    spec.write_text(spec.read_text().replace(current, "suite_version: 0"))
    assert prepare_suite_task("breast-cancer") == path
    assert current in spec.read_text(), "a stale cache is rebuilt"
    assert prepare_suite_task("breast-cancer", seed=3) == home / "tasks" / "breast-cancer-seed3"


def test_resolve_task_by_directory_and_by_name(home: Path, tmp_path: Path) -> None:
    built = prepare_suite_task("diabetes", tmp_path / "mine")
    assert resolve_task(str(built)).path == built
    by_name = resolve_task("diabetes")
    assert by_name.path == home / "tasks" / "diabetes" and by_name.id == "diabetes"
    with pytest.raises(TaskError) as info:
        resolve_task("no-such-task")
    assert "penguins" in str(info.value) and "diabetes" in str(info.value)


def test_prepare_refuses_to_overwrite_another_directory(tmp_path: Path) -> None:
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("keep")
    with pytest.raises(MleWorldError, match="not empty"):
        prepare_suite_task("diabetes", tmp_path / "busy")
    with pytest.raises(TaskError, match="unknown suite task"):
        prepare_suite_task("nope", tmp_path / "x")


@pytest.mark.slow
@pytest.mark.parametrize("name", suite_names())
def test_every_suite_task_builds_and_validates(name: str) -> None:
    # One task per test: a build fits the strong references, up to minutes on 2 cores. It
    # builds into the session's MLEWORLD_HOME, where the other tests that run a suite task
    # reuse it, rather than into a folder of its own: the suite then builds each task once.
    entry = get_entry(name)
    path = prepare_suite_task(entry.name)
    task = load_task(path)
    assert validate_task(path) == [], entry.name
    rows = task.extra["rows"]
    assert rows["train"] + rows["test"] == entry.rows
    sample = grade_file(task, task.sample_submission_path)
    assert sample.valid
    assert sample.normalized_score == pytest.approx(0.0, abs=1e-4), "the sample is the constant"
    assert sample.percentile is not None and sample.percentile < 0.5
