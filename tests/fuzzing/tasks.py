"""Task directories and submissions (tasks/task.py, tasks/validation.py, tasks/grading.py).

Both targets start from a small, valid task written by hand (one per metric
kind: labels, probabilities, one-hot classes, numbers) and damage one thing.

Task directories: task.yaml replaced by YAML of any shape (the right keys
with values of every type, other keys, deep nesting, not UTF-8), or any of
its files (answers, sample submission, leaderboard, description, train and
test) cut, overwritten, replaced by random bytes, removed, or made a folder.
A correct result: `load_task` gives a Task whose fields have their types (a
known metric, a finite positive time limit) or one TaskError line;
`validate_task` gives a list of one-line problems; and when it finds none,
the sample submission grades.

Submissions: the answers rewritten as a submission and then changed: rows
shuffled (which must still score perfectly), dropped, repeated, ids changed,
columns renamed, dropped, added or repeated, values replaced by text, nan,
inf, negatives or huge numbers, the file cut, overwritten, emptied, not
UTF-8, a folder, missing. A correct result: a valid GradeResult with a finite
score (the metric's best for a shuffled copy of the answers) or an invalid
one with a one-line error; never a TaskError, since the task is fine.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import yaml
from hypothesis import strategies as st

from mleworld.errors import TaskError
from mleworld.tasks.grading import GradeResult, grade_file
from mleworld.tasks.metrics import get_metric
from mleworld.tasks.task import Task, load_task
from mleworld.tasks.validation import validate_task

from .garble import NESTED, SCALARS, WORDS, damage, deep_nesting, scratch
from .harness import Target

N_ROWS = 24
KINDS = ("accuracy", "auc", "logloss", "rmse")
_CLASSES = ["cat", "dog", "fox"]
_MEDALS = {None, "gold", "silver", "bronze"}


def _answers(kind: str) -> pd.DataFrame:
    rng = np.random.default_rng(7)
    ids = [f"r{i:03d}" for i in range(N_ROWS)]
    if kind == "accuracy":
        return pd.DataFrame({"id": ids, "label": rng.permutation(_CLASSES * (N_ROWS // 3))})
    if kind == "auc":
        return pd.DataFrame({"id": ids, "target": np.tile([0, 1], N_ROWS // 2)})
    if kind == "logloss":
        which = np.arange(N_ROWS) % 3
        return pd.DataFrame(
            {"id": ids, **{c: (which == k).astype(float) for k, c in enumerate(_CLASSES)}}
        )
    return pd.DataFrame({"id": ids, "y": rng.normal(10, 3, N_ROWS).round(3)})


def write_task(root: Path, kind: str) -> Task:
    """A small valid task of one metric kind at `root` (what validate_task accepts)."""
    answers = _answers(kind)
    targets = [c for c in answers.columns if c != "id"]
    (root / "public").mkdir(parents=True)
    (root / "private").mkdir()
    spec = {
        "id": f"fuzz-{kind}",
        "name": f"fuzz {kind}",
        "metric": kind,
        "id_column": "id",
        "target_columns": targets,
        "time_limit_s": 60,
        "schema_version": 1,
    }
    (root / "task.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    (root / "description.md").write_text("Predict the target of each test id.\n", encoding="utf-8")
    answers.to_csv(root / "private" / "answers.csv", index=False)
    sample = answers.copy()
    for c in targets:
        sample[c] = _constant(kind, answers[c], len(targets))
    sample.to_csv(root / "public" / "sample_submission.csv", index=False)
    spread = np.abs(np.random.default_rng(3).normal(0, 0.2, 60))
    scores = np.clip(1 - spread, 0, 1) if get_metric(kind).higher_is_better else 0.5 + spread
    pd.DataFrame({"teamId": range(60), "score": scores.round(4)}).to_csv(
        root / "private" / "leaderboard.csv", index=False
    )
    return load_task(root)


def _constant(kind: str, column: pd.Series, n_targets: int) -> Any:
    if kind == "accuracy":
        return column.mode()[0]
    if kind == "auc":
        return 0.5
    if kind == "logloss":
        return 1.0 / n_targets
    return float(column.mean())


# --- task directories ----------------------------------------------------------------------

_FILES = (
    "task.yaml",
    "description.md",
    "public/sample_submission.csv",
    "private/answers.csv",
    "private/leaderboard.csv",
)
_SPEC_VALUES = st.one_of(
    SCALARS,
    NESTED,
    st.sampled_from(["auc", "accuracy", "rmse", "nope", "maximize", "minimize", "id", "label"]),
    st.sampled_from(["nan", ".nan", "-5", "inf", "1e400", "0", "  60 "]),
    st.lists(WORDS, max_size=3),
)


@dataclass(frozen=True)
class TaskDamage:
    kind: str  # the task's metric kind
    target: str  # the file damaged
    how: str  # "spec" (task.yaml rewritten), "bytes", "remove", "folder"
    data: bytes = b""


@st.composite
def _spec_text(draw: st.DrawFn) -> bytes:
    how = draw(st.sampled_from(["keys", "keys", "keys", "deep", "not_utf8", "text"]))
    if how == "deep":
        return ("id: x\nmetric: " + draw(deep_nesting("[", "]"))).encode()
    if how == "not_utf8":
        return b"id: caf\xe9\nmetric: auc\n"
    if how == "text":
        return draw(st.text(max_size=200)).encode("utf-8", "surrogatepass")
    spec: dict[Any, Any] = {
        "id": "t",
        "metric": "auc",
        "id_column": "id",
        "target_columns": ["target"],
    }
    for key in draw(
        st.lists(
            st.sampled_from([*spec, "direction", "time_limit_s", "name", "source", "other"]),
            max_size=4,
        )
    ):
        if draw(st.integers(0, 4)) == 0:
            spec.pop(key, None)
        else:
            spec[key] = draw(_SPEC_VALUES)
    return yaml.safe_dump(spec, allow_unicode=True).encode("utf-8")


@st.composite
def task_damages(draw: st.DrawFn) -> TaskDamage:
    kind = draw(st.sampled_from(KINDS))
    target = draw(st.sampled_from(_FILES))
    how = draw(st.sampled_from(["spec", "bytes", "bytes", "remove", "folder"]))
    if how == "spec":
        return TaskDamage(kind, "task.yaml", how, draw(_spec_text()))
    if how == "bytes":
        return TaskDamage(kind, target, how, draw(damage(_original(kind, target))))
    return TaskDamage(kind, target, how)


@functools.cache
def _files(kind: str) -> dict[str, bytes]:
    """The bytes of every file of a fresh task of this kind (written once, copied after)."""
    with scratch() as tmp:
        root = Path(tmp) / "task"
        write_task(root, kind)
        return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def _original(kind: str, name: str) -> bytes:
    return _files(kind)[name]


def _built(kind: str, tmp: Path) -> Path:
    root = tmp / "task"
    for name, data in _files(kind).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def _typed_task(task: Task) -> None:
    assert isinstance(task.id, str) and task.id
    assert isinstance(task.id_column, str) and task.id_column
    assert isinstance(task.target_columns, tuple) and task.target_columns
    assert all(isinstance(c, str) for c in task.target_columns)
    assert isinstance(task.time_limit_s, float) and math.isfinite(task.time_limit_s)
    assert task.time_limit_s > 0, task.time_limit_s
    assert task.direction in ("", "maximize", "minimize")
    get_metric(task.metric)
    assert isinstance(task.is_lower_better, bool)


def check_task_dir(spec: TaskDamage, _env: object = None) -> None:
    with scratch() as tmp:
        root = _built(spec.kind, Path(tmp))
        path = root / spec.target
        if spec.how in ("spec", "bytes"):
            path.write_bytes(spec.data)
        else:
            path.unlink()
            if spec.how == "folder":
                path.mkdir()
        problems = validate_task(root)
        assert isinstance(problems, list)
        for problem in problems:
            assert isinstance(problem, str) and problem and "\n" not in problem, problem
        task = load_task(root)  # a TaskError here is the clear error
        _typed_task(task)
        if not problems:
            result = grade_file(task, task.sample_submission_path)
            assert result.valid, f"validate_task found no problem but the sample: {result.error}"


# --- submissions -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Submission:
    kind: str
    data: bytes | None  # None: the path is a folder or missing
    perfect: bool  # a shuffled copy of the answers
    missing: bool = False

    def __repr__(self) -> str:
        shown = self.data if self.data is None else self.data[:400]
        return f"Submission(kind={self.kind!r}, perfect={self.perfect}, data={shown!r})"


def _cell(draw: st.DrawFn) -> Any:
    return draw(
        st.one_of(
            st.sampled_from(["", "nan", "inf", "-inf", "NA", "None", "1e400", "-1", "2", "0.5"]),
            st.sampled_from(_CLASSES),
            st.floats(allow_nan=True, allow_infinity=True),
            st.integers(-(10**20), 10**20),
            WORDS,
            st.booleans(),
        )
    )


def _fresh(frame: pd.DataFrame) -> str:
    """A column name the frame does not have yet (the file's header is set afterwards)."""
    k = 0
    while f"__c{k}" in frame.columns:
        k += 1
    return f"__c{k}"


@st.composite
def submissions(draw: st.DrawFn) -> Submission:
    kind = draw(st.sampled_from(KINDS))
    frame = _answers(kind).astype(object)
    order = draw(st.permutations(range(N_ROWS)))
    frame = frame.iloc[list(order)].reset_index(drop=True)
    changes = draw(
        st.lists(
            st.sampled_from(
                [
                    "drop_rows",
                    "repeat_rows",
                    "change_ids",
                    "rename_column",
                    "drop_column",
                    "add_column",
                    "repeat_column",
                    "values",
                    "bytes",
                    "empty",
                    "header_only",
                    "folder",
                    "missing",
                    "not_utf8",
                    "semicolons",
                ]
            ),
            max_size=3,
        )
    )
    if not changes:
        return Submission(kind, frame.to_csv(index=False).encode(), perfect=True)
    columns = list(frame.columns)
    for change in changes:
        if change == "drop_rows" and len(frame) > 1:
            frame = frame.drop(index=frame.index[: draw(st.integers(1, len(frame) - 1))])
        elif change == "repeat_rows" and len(frame):
            frame = pd.concat([frame, frame.iloc[: draw(st.integers(1, len(frame)))]])
        elif change == "change_ids" and len(frame):
            frame.iloc[draw(st.integers(0, len(frame) - 1)), 0] = _cell(draw)
        elif change == "rename_column":
            j = draw(st.integers(0, len(columns) - 1))
            columns[j] = draw(st.one_of(WORDS, st.just(columns[j].upper()), st.just(" id")))
        elif change == "drop_column" and len(columns) > 1:
            j = draw(st.integers(0, len(columns) - 1))
            frame = frame.drop(columns=frame.columns[j])
            columns.pop(j)
        elif change == "add_column":
            frame[_fresh(frame)] = 0
            columns.append(draw(WORDS))
        elif change == "repeat_column":
            frame[_fresh(frame)] = frame.iloc[:, -1]
            columns.append(columns[-1])
        elif change == "values" and len(frame) and len(columns) > 1:
            frame = frame.astype(object)
            for _ in range(draw(st.integers(1, 5))):
                i = draw(st.integers(0, len(frame) - 1))
                j = draw(st.integers(1, len(frame.columns) - 1))
                frame.iloc[i, j] = _cell(draw)
    frame.columns = columns
    data = frame.to_csv(index=False).encode("utf-8")
    if "semicolons" in changes:
        data = data.replace(b",", b";")
    if "not_utf8" in changes:
        data = data.replace(b"r0", b"r\xe90", 1)
    if "header_only" in changes:
        data = data.split(b"\n", 1)[0] + b"\n"
    if "empty" in changes:
        data = b""
    if "bytes" in changes:
        data = draw(damage(data))
    if "folder" in changes:
        return Submission(kind, None, perfect=False)
    if "missing" in changes:
        return Submission(kind, None, perfect=False, missing=True)
    return Submission(kind, data, perfect=False)


def make_tasks() -> Any:
    """One valid task per metric kind, in a temporary directory (the grader's env)."""
    return _Tasks()


class _Tasks:
    def __enter__(self) -> dict[str, Task]:
        self._tmp = scratch()
        root = Path(self._tmp.__enter__())
        self.tasks = {kind: write_task(root / kind, kind) for kind in KINDS}
        return self.tasks

    def __exit__(self, *exc: object) -> None:
        self._tmp.__exit__(*exc)


def check_submission(sub: Submission, tasks: dict[str, Task]) -> None:
    task = tasks[sub.kind]
    with scratch() as tmp:
        path = Path(tmp) / "submission.csv"
        if sub.data is not None:
            path.write_bytes(sub.data)
        elif not sub.missing:
            path.mkdir()
        try:
            result = grade_file(task, path)
        except TaskError as exc:
            raise AssertionError(f"a submission was blamed on the task: {exc}") from None
    assert isinstance(result, GradeResult)
    if result.valid:
        assert result.error is None
        assert isinstance(result.score, float) and math.isfinite(result.score), result.score
        assert result.percentile is None or 0.0 <= result.percentile <= 100.0
        assert result.medal in _MEDALS, result.medal
    else:
        assert result.score is None
        assert isinstance(result.error, str) and result.error and "\n" not in result.error
    if sub.perfect:
        metric = get_metric(task.metric)
        best = 1.0 if metric.higher_is_better else 0.0
        assert result.valid and math.isclose(result.score or 0.0, best, abs_tol=1e-9), result


TASK_DIR = Target(
    "task_directory",
    "tasks.task.load_task, tasks.validation.validate_task (+ grading the sample)",
    task_damages(),
    check_task_dir,
)
GRADER = Target(
    "submission",
    "tasks.grading.grade_file (read_submission, grade)",
    submissions(),
    check_submission,
)
