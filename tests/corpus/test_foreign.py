"""Program sets (corpus/foreign.py): writing, reading, the split, the shipped tasks, and errors.

A tiny set is written by hand into a temporary folder: real programs with the
outputs they print, one task of its own (task.yaml and public/ with a real CSV)
and one suite task.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from mleworld.corpus.foreign import (
    RECORDS,
    SPLIT,
    TASKS,
    batch_of,
    is_program_set,
    open_program_set,
    stratified_halves,
    write_program_set,
)
from mleworld.corpus.record import Record
from mleworld.errors import MleWorldError
from mleworld.world.format import WorldInput, WorldTarget

PROGRAM = """import pandas as pd
from sklearn.linear_model import LogisticRegression

train = pd.read_csv("./input/train.csv")
model = LogisticRegression().fit(train[["{column}"]], train["label"])
print(f"Validation accuracy: {{model.score(train[['x']], train['label']):.3f}}")
"""
CLEAN_OUT = "Validation accuracy: 0.750\n"
KEY_OUT = (
    "Traceback (most recent call last):\n"
    '  File "runfile.py", line 5, in <module>\n'
    "KeyError: \"None of [Index(['{column}'], dtype='str')] are in the [columns]\"\n"
)


def record(name: str, task: str, column: str) -> Record:
    clean = column == "x"
    return Record(
        task_id=task,
        x=WorldInput(program=PROGRAM.format(column=column) + f"# {name}\n", time_limit_s=60.0),
        y=WorldTarget(
            exc_type="None" if clean else "KeyError",
            term_out=CLEAN_OUT if clean else KEY_OUT.format(column=column),
            metric=0.75 if clean else None,
            submission=False,
        ),
        generator="foreign",
        run_id="foreign",
        node_id=name,
    )


def tiny_records() -> list[Record]:
    out = [record(f"clean_{i}", "tiny-task", "x") for i in range(5)]
    out += [record(f"key_{i}", "tiny-task", f"col{i}") for i in range(3)]
    out += [record("penguin_key", "penguins", "bill")]
    return out


def tiny_task(root: Path) -> Path:
    task = root / "tiny-task"
    (task / "public").mkdir(parents=True)
    (task / "task.yaml").write_text(
        "id: tiny-task\nmetric: accuracy\nid_column: id\ntarget_columns: [label]\n"
        "direction: maximize\ntime_limit_s: 60\n"
    )
    (task / "public" / "train.csv").write_text("id,x,label\n1,0.5,0\n2,1.5,1\n3,2.5,1\n4,0.1,0\n")
    return task


def by_class(r: Record) -> str:
    return r.y.exc_type


@pytest.fixture
def tiny_set(tmp_path: Path) -> Path:
    records = tiny_records()
    out = tmp_path / "set"
    write_program_set(
        records,
        stratified_halves(records, seed=3, key=by_class),
        out,
        tasks={"tiny-task": tiny_task(tmp_path / "tasks")},
        meta={"seed": 3},
    )
    return out


def test_the_halves_split_every_outcome_class_evenly_and_cover_the_set() -> None:
    records = tiny_records()
    halves = stratified_halves(records, seed=3, key=by_class)
    dev, test = set(halves["dev"]), set(halves["test"])
    assert not dev & test and dev | test == {r.node_id for r in records}
    for cls in ("None", "KeyError"):
        names = {r.node_id for r in records if r.y.exc_type == cls}
        assert abs(len(names & dev) - len(names & test)) <= 1
    # Two odd-sized strata: the extra program goes to a different half each time.
    assert abs(len(dev) - len(test)) <= 1
    assert stratified_halves(records, seed=3, key=by_class) == halves
    assert any(stratified_halves(records, seed=s, key=by_class) != halves for s in range(4, 10))


def test_a_written_set_reads_back_with_its_halves(tiny_set: Path) -> None:
    assert is_program_set(tiny_set) and not is_program_set(tiny_set / "nowhere")
    programs = open_program_set(tiny_set)
    assert len(programs.records) == 9
    assert programs.meta == {"seed": 3}
    dev, test = programs.half("dev"), programs.half("test")
    assert len(dev) + len(test) == 9 and len(programs.half("all")) == 9
    assert {r.node_id for r in dev}.isdisjoint({r.node_id for r in test})
    assert Counter(r.y.exc_type for r in programs.records) == {"None": 5, "KeyError": 4}
    with pytest.raises(MleWorldError, match="no half 'holdout'"):
        programs.half("holdout")


def test_a_calibration_half_is_kept_apart_and_named_for_calibration(
    tiny_set: Path, tmp_path: Path
) -> None:
    programs = open_program_set(tiny_set)
    assert programs.calibration_halves == ("dev",)  # a set without calib calibrates on dev
    records = list(programs.records)
    halves = {
        "dev": list(programs.halves["dev"]),
        "test": list(programs.halves["test"]),
        "calib": ["penguin_key"],
    }
    halves["dev"] = [n for n in halves["dev"] if n != "penguin_key"]
    halves["test"] = [n for n in halves["test"] if n != "penguin_key"]
    write_program_set(records, halves, tmp_path / "with_calib")
    again = open_program_set(tmp_path / "with_calib")
    assert again.calibration_halves == ("dev", "calib")
    assert [r.node_id for r in again.half("calib")] == ["penguin_key"]
    calibration = {r.node_id for r in again.calibration_records()}
    assert calibration == {"penguin_key", *halves["dev"]}
    assert len(again.half("dev")) + len(again.half("test")) == 8
    halves["test"].append("penguin_key")
    write_program_set(records, halves, tmp_path / "overlap")
    with pytest.raises(MleWorldError, match="in two halves"):
        open_program_set(tmp_path / "overlap")


def test_the_shipped_tasks_are_unpacked_once_and_resolve_as_input_folders(
    tiny_set: Path,
) -> None:
    programs = open_program_set(tiny_set)
    dirs = programs.task_dirs()
    assert set(dirs) == {"tiny-task"}
    public = programs.data_dir()("tiny-task")
    assert public == dirs["tiny-task"] / "public"
    assert (public / "train.csv").read_text().startswith("id,x,label")
    assert open_program_set(tiny_set).task_dirs() == dirs  # the same unpacked folder
    assert programs.data_dir()("penguins").name == "public"  # a suite task: its own folder
    assert programs.data_dir()("no-such-task") is None


def test_a_task_file_that_climbs_out_of_its_folder_is_refused(
    tiny_set: Path, tmp_path: Path
) -> None:
    import gzip
    import json as js

    bad = tmp_path / "bad"
    bad.mkdir()
    for name in (RECORDS, SPLIT):
        (bad / name).write_bytes((tiny_set / name).read_bytes())
    row = {"task": "tiny-task", "file": "public/../../escape.txt", "text": "x"}
    with gzip.open(bad / TASKS, "wt") as handle:
        handle.write(js.dumps(row) + "\n")
    with pytest.raises(MleWorldError, match="unexpected entry"):
        open_program_set(bad).task_dirs()
    assert not list(tmp_path.rglob("escape.txt"))


def test_writing_is_byte_for_byte_repeatable(tiny_set: Path, tmp_path: Path) -> None:
    programs = open_program_set(tiny_set)
    again = tmp_path / "again"
    write_program_set(
        programs.records,
        programs.halves,
        again,
        tasks={"tiny-task": tmp_path / "tasks" / "tiny-task"},
        meta={"seed": 3},
    )
    for name in (RECORDS, SPLIT, TASKS):
        assert (again / name).read_bytes() == (tiny_set / name).read_bytes(), name
    assert open_program_set(again).digest == programs.digest


def test_a_broken_set_is_one_clear_error(tiny_set: Path, tmp_path: Path) -> None:
    split = json.loads((tiny_set / SPLIT).read_text())
    split["halves"]["dev"].append("not_a_program")
    (tiny_set / SPLIT).write_text(json.dumps(split))
    with pytest.raises(MleWorldError, match="names programs the records do not have"):
        open_program_set(tiny_set)
    split["halves"]["dev"] = split["halves"]["test"][:1]
    (tiny_set / SPLIT).write_text(json.dumps(split))
    with pytest.raises(MleWorldError, match="in two halves"):
        open_program_set(tiny_set)
    split["halves"]["dev"] = []
    split["halves"]["extra"] = []
    (tiny_set / SPLIT).write_text(json.dumps(split))
    with pytest.raises(MleWorldError, match="optionally calib"):
        open_program_set(tiny_set)
    (tiny_set / SPLIT).unlink()
    with pytest.raises(MleWorldError, match="split file"):
        open_program_set(tiny_set)
    with pytest.raises(MleWorldError, match="is not a program set"):
        open_program_set(tmp_path / "empty")
    twice = tiny_records()[:2]
    twice[1].node_id = twice[0].node_id
    write_program_set(twice, {"dev": [], "test": []}, tmp_path / "dup")
    with pytest.raises(MleWorldError, match="repeated"):
        open_program_set(tmp_path / "dup")


def test_a_program_name_gives_its_batch() -> None:
    assert batch_of("telco_h13_model_zoo") == "h"
    assert batch_of("breast_c149_gridsearch_zoo_joblib") == "c"  # three digits
    assert batch_of("wine_05_lgb_cv") is None  # the first, unlettered batches
