"""`mleworld predict` on a real suite task, with corpus baselines fitted on a small real corpus."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from mleworld.cli import predict_cmd
from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError, TaskError
from mleworld.tasks.suite import resolve_task
from mleworld.world.format import WorldInput, WorldTarget
from mleworld.world.prediction import Prediction

TEMPLATE = """import pandas as pd
from sklearn.ensemble import {model}
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
features = {features!r}
X, y = train[features].fillna(0), train["species"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.25, random_state=0)
clf = {model}(n_estimators={n}).fit(X_tr, y_tr)
print(f"Validation LogLoss: {{log_loss(y_va, clf.predict_proba(X_va)):.4f}}")
sub = pd.DataFrame(clf.predict_proba(test[features].fillna(0)), columns=clf.classes_)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
"""
CLEAN = TEMPLATE.format(
    model="RandomForestClassifier", features=["bill_length_mm", "bill_depth_mm"], n=200
)
CRASH = TEMPLATE.format(model="ExtraTreesClassifier", features=["bill_length", "body_mass_g"], n=50)
OTHER = TEMPLATE.format(
    model="GradientBoostingClassifier", features=["flipper_length_mm", "year"], n=80
)
CRASH_OUT = (
    "Traceback (most recent call last):\n"
    '  File "runfile.py", line 9, in <module>\n'
    "KeyError: \"['bill_length'] not in index\"\n"
)
PREDICTION_KEYS = {f.name for f in dataclasses.fields(Prediction)} | {
    "p_max",
    "p_clean",
    "uncertainty",
}


def penguins_record(code: str, exc: str, out: str, metric: float | None, node: str) -> Record:
    return Record(
        task_id="penguins",
        x=WorldInput(program=code, python_version="3.11.9", time_limit_s=300.0),
        y=WorldTarget(exc_type=exc, term_out=out, metric=metric, submission=exc == "None"),
        stage="draft",
        run_id="run-1",
        node_id=node,
        runtime_s=4.5 if exc == "None" else 1.2,
    )


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("predict") / "corpus"
    Corpus.create(root).append(
        [
            penguins_record(CLEAN, "None", "Validation LogLoss: 0.0713\n", 0.0713, "n1"),
            penguins_record(CRASH, "KeyError", CRASH_OUT, None, "n2"),
            penguins_record(OTHER, "None", "Validation LogLoss: 0.1520\n", 0.152, "n3"),
        ]
    )
    return root


@pytest.fixture(scope="module")
def penguins_public() -> Path:
    return resolve_task("penguins").public_dir


@pytest.fixture
def cli() -> typer.Typer:
    app = typer.Typer(pretty_exceptions_enable=False)

    @app.callback()
    def _root() -> None:
        """Test app."""

    predict_cmd.register(app)
    return app


def run(app: typer.Typer, *args: str) -> tuple[int, str, BaseException | None]:
    result = CliRunner().invoke(app, ["predict", *args])
    error = result.exception if not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.stdout, error


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_json_has_every_prediction_field(
    cli: typer.Typer, corpus_dir: Path, penguins_public: Path, tmp_path: Path
) -> None:
    program = write(tmp_path, "solution.py", CRASH)
    code, out, error = run(
        cli,
        str(program),
        "--task",
        "penguins",
        "--world-model",
        "baseline:nearest",
        "--corpus",
        str(corpus_dir),
        "--json",
    )
    assert error is None and code == 0, out
    data = json.loads(out)
    assert set(data) == PREDICTION_KEYS
    assert data["exc_type"] == "KeyError"
    assert data["term_out"] == CRASH_OUT
    assert data["submission"] is False and data["metric"] is None
    assert data["runtime_s"] == pytest.approx(1.2)
    assert math.isclose(sum(data["exc_probs"].values()), 1.0, rel_tol=1e-9)
    assert data["p_max"] == max(data["exc_probs"].values())
    assert data["uncertainty"] == pytest.approx(1 - data["p_max"])
    assert data["p_clean"] == pytest.approx(data["exc_probs"].get("None", 0.0))
    assert data["backend"] == "baseline:nearest" and data["latency_ms"] > 0
    assert data["evidence"][0]["node_id"] == "n2"
    Prediction.from_dict(data)  # the JSON reads back as a Prediction


def test_human_output_shows_the_distribution_and_the_output(
    cli: typer.Typer, corpus_dir: Path, tmp_path: Path
) -> None:
    program = write(tmp_path, "solution.py", CLEAN)
    code, out, error = run(
        cli,
        str(program),
        "--task",
        "penguins",
        "--world-model",
        "baseline:nearest",
        "--corpus",
        str(corpus_dir),
    )
    assert error is None and code == 0, out
    for label in ("exception", "top classes", "p_max", "p_clean", "metric", "submission"):
        assert label in out
    assert "None" in out and "0.0713" in out and "yes" in out and "4.50 s" in out
    assert out.index("predicted terminal output") < out.index("Validation LogLoss: 0.0713")


def test_majority_says_it_predicts_no_output(
    cli: typer.Typer, corpus_dir: Path, tmp_path: Path
) -> None:
    program = write(tmp_path, "solution.py", OTHER)
    code, out, error = run(
        cli,
        str(program),
        "--task",
        "penguins",
        "--world-model",
        "baseline:majority",
        "--corpus",
        str(corpus_dir),
    )
    assert error is None and code == 0, out
    assert "predicts no output" in out
    assert "None 0.667" in out and "KeyError 0.333" in out


def test_parent_and_its_output_make_a_debug_query(
    cli: typer.Typer, corpus_dir: Path, tmp_path: Path
) -> None:
    parent = write(tmp_path, "parent.py", CRASH)
    parent_out = write(tmp_path, "parent.txt", CRASH_OUT)
    child = write(tmp_path, "child.py", CRASH.replace('"bill_length"', '"bill_length_mm"'))
    code, out, error = run(
        cli,
        str(child),
        "--task",
        "penguins",
        "--world-model",
        "baseline:parent",
        "--corpus",
        str(corpus_dir),
        "--parent",
        str(parent),
        "--parent-output",
        str(parent_out),
        "--json",
    )
    assert error is None and code == 0, out
    data = json.loads(out)
    assert data["exc_type"] == "KeyError" and data["term_out"] == CRASH_OUT
    assert data["evidence"][0]["kind"] == "parent"
    # Without the parent's output its outcome is unknown: the draft fallback answers.
    code, out, error = run(
        cli,
        str(child),
        "--task",
        "penguins",
        "--world-model",
        "baseline:parent",
        "--corpus",
        str(corpus_dir),
        "--parent",
        str(parent),
        "--json",
    )
    assert error is None and code == 0
    assert json.loads(out)["evidence"][0]["reason"] == "parent outcome unknown"


def test_a_bare_data_dir_works(
    cli: typer.Typer, corpus_dir: Path, penguins_public: Path, tmp_path: Path
) -> None:
    program = write(tmp_path, "solution.py", CLEAN)
    code, out, error = run(
        cli,
        str(program),
        "--data-dir",
        str(penguins_public),
        "--world-model",
        "baseline:random",
        "--corpus",
        str(corpus_dir),
        "--time-limit",
        "30",
        "--json",
    )
    assert error is None and code == 0, out
    data = json.loads(out)
    assert data["evidence"][0]["level"] == "stage"  # no task id: the stage over all tasks


@pytest.mark.parametrize(
    ("args", "kind", "text"),
    [
        (["missing.py", "--task", "penguins"], MleWorldError, "does not exist"),
        (["{prog}"], MleWorldError, "exactly one of --task"),
        (["{prog}", "--task", "penguins", "--data-dir", "{tmp}"], MleWorldError, "exactly one"),
        (["{prog}", "--task", "no-such-task"], TaskError, "neither a task directory"),
        (["{prog}", "--data-dir", "{tmp}/nope"], MleWorldError, "does not exist"),
        (["{prog}", "--task", "penguins", "--stage", "polish"], MleWorldError, "stage 'polish'"),
        (["{prog}", "--task", "penguins", "--time-limit", "0"], MleWorldError, "positive"),
        (["{prog}", "--task", "penguins", "--parent-output", "{prog}"], MleWorldError, "--parent"),
        (
            ["{prog}", "--task", "penguins", "--world-model", "oracle", "--corpus", "{corpus}"],
            MleWorldError,
            "unknown world model 'oracle'",
        ),
        (["{bin}", "--task", "penguins"], MleWorldError, "not UTF-8"),
    ],
)
def test_user_errors_are_one_line(
    cli: typer.Typer,
    corpus_dir: Path,
    tmp_path: Path,
    args: list[str],
    kind: type,
    text: str,
) -> None:
    prog = write(tmp_path, "p.py", CLEAN)
    binary = tmp_path / "b.py"
    binary.write_bytes(b"\xff\xfe\x00print(1)\n")
    filled = [
        a.format(prog=prog, tmp=tmp_path, corpus=corpus_dir, bin=binary).replace(
            "missing.py", str(tmp_path / "missing.py")
        )
        for a in args
    ]
    code, _, error = run(cli, *filled)
    assert isinstance(error, kind), error
    assert text in str(error) and "\n" not in str(error)
