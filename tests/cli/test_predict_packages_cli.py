"""`mleworld predict --packages FILE`: predicting for the machine a `pip freeze` describes.

A module no distribution in the file provides fails to import there, with
Python's message; a package whose version there differs from the one here is
named in the evidence and lowers the confidence; a bad file is one `error:`
line and exit 2. The model is a real fast model trained on real records.
"""

from __future__ import annotations

import importlib.metadata
import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fastkit import dev_model
from mleworld.cli import predict_cmd
from mleworld.errors import MleWorldError
from mleworld.tasks.suite import resolve_task
from mleworld.world.environment import canonical, environment_input, read_freeze
from mleworld.world.format import WorldInput

PROGRAM = """import lightgbm as lgb
import pandas as pd
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split

df = pd.read_csv("./input/train.csv").dropna()
X = df[["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]]
y = df["species"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=0)
clf = lgb.LGBMClassifier(n_estimators=50, verbose=-1).fit(X_tr, y_tr)
print(f"Validation accuracy: {accuracy_score(y_va, clf.predict(X_va)):.4f}")
"""


def _local(name: str) -> str:
    return importlib.metadata.version(name)


def _freeze(
    path: Path, *, drop: tuple[str, ...] = (), versions: dict[str, str] | None = None
) -> Path:
    """This machine's versions of the program's packages, as `pip freeze` writes them."""
    pins = {
        "numpy": _local("numpy"),
        "pandas": _local("pandas"),
        "scikit-learn": _local("scikit-learn"),
    }
    pins["lightgbm"] = _local("lightgbm")
    pins.update(versions or {})
    lines = ["# written by pip freeze", *(f"{n}=={v}" for n, v in pins.items() if n not in drop)]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="module")
def fast_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return dev_model(tmp_path_factory, calibrated=True)


def _predict(fast_model: Path, tmp_path: Path, packages: Path | None) -> tuple[int, str]:
    app = typer.Typer(pretty_exceptions_enable=False)

    @app.callback()
    def _root() -> None:
        """Test app."""

    predict_cmd.register(app)
    program = tmp_path / "solution.py"
    program.write_text(PROGRAM)
    args = [
        "predict",
        str(program),
        "--task",
        "penguins",
        "--world-model",
        f"fast:{fast_model}",
        "--json",
    ]
    if packages is not None:
        args += ["--packages", str(packages)]
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stdout


def test_a_module_missing_from_the_packages_file_fails_to_import(
    fast_model: Path, tmp_path: Path
) -> None:
    code, out = _predict(fast_model, tmp_path, _freeze(tmp_path / "req.txt", drop=("lightgbm",)))
    assert code == 0, out
    data = json.loads(out)
    assert data["exc_type"] == "ModuleNotFoundError"
    assert data["p_max"] > 0.9
    assert "ModuleNotFoundError: No module named 'lightgbm'" in data["term_out"]
    assert any(e["exc_type"] == "ModuleNotFoundError" and e["line"] == 1 for e in data["evidence"])


def test_the_same_versions_change_nothing(fast_model: Path, tmp_path: Path) -> None:
    code, plain = _predict(fast_model, tmp_path, None)
    assert code == 0, plain
    code, same = _predict(fast_model, tmp_path, _freeze(tmp_path / "req.txt"))
    assert code == 0, same
    a, b = json.loads(plain), json.loads(same)
    assert a["exc_type"] == b["exc_type"] == "None"
    assert b["p_max"] == pytest.approx(a["p_max"])
    assert not [e for e in b["evidence"] if e["detector"] == "packages"]


def test_a_version_difference_is_evidence_and_lowers_confidence(
    fast_model: Path, tmp_path: Path
) -> None:
    here = _local("lightgbm")
    older = f"{int(here.split('.')[0]) - 1}.0.0"
    code, plain = _predict(fast_model, tmp_path, None)
    code, other = _predict(
        fast_model, tmp_path, _freeze(tmp_path / "req.txt", versions={"lightgbm": older})
    )
    assert code == 0, other
    a, b = json.loads(plain), json.loads(other)
    notes = [e for e in b["evidence"] if e["detector"] == "packages"]
    assert len(notes) == 1
    assert notes[0]["evidence"] == f"lightgbm=={older}"
    assert f"lightgbm {older} there, {here} here" in notes[0]["message"]
    assert "major version differs" in notes[0]["message"]
    assert b["p_max"] < a["p_max"] - 0.05


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("numpy==2.0\nthis is not a requirement\n", "line 2: 'this is not a requirement'"),
        ("# only a comment\n\n", "lists no packages"),
    ],
)
def test_a_bad_packages_file_is_one_error_line_and_exit_2(
    fast_model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, problem: str
) -> None:
    from cli_runner import run_cli

    packages = tmp_path / "req.txt"
    packages.write_text(text)
    program = tmp_path / "solution.py"
    program.write_text(PROGRAM)
    code, out, err = run_cli(
        ["predict", str(program), "--task", "penguins", "--packages", str(packages)], capsys
    )
    assert code == 2
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert problem in lines[0] and "pip freeze" in lines[0]
    assert "Traceback" not in err + out


def test_a_missing_packages_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(MleWorldError, match="does not exist; write it with `pip freeze"):
        read_freeze(tmp_path / "nowhere.txt")


def test_freeze_lines_of_every_kind_are_read(tmp_path: Path) -> None:
    path = tmp_path / "req.txt"
    path.write_text(
        "\ufeffScikit_Learn==1.5.2\n"
        "torch===2.3.0+cpu ; python_version > '3.8'\n"
        "mypkg @ file:///home/me/mypkg\n"
        "-e git+https://example.org/repo.git@abc#egg=Local_Tool\n"
        "--index-url https://example.org/simple\n"
        "# a comment\n"
        "requests[socks]==2.32.0\n"
    )
    assert read_freeze(path) == {
        "scikit-learn": "1.5.2",
        "torch": "2.3.0+cpu",
        "mypkg": "",
        "local-tool": "",
        "requests": "2.32.0",
    }


def test_environment_input_lists_the_files_versions_and_its_missing_modules() -> None:
    program = "import os\nimport sklearn\nfrom xgboost import XGBClassifier\nimport cv2\n"
    packages = {"scikit-learn": "1.5.2", "numpy": "2.0.0", "opencv-python-headless": "4.10.0"}
    x = environment_input(WorldInput(program=program), packages)
    assert x.failing_imports == ["xgboost"]  # os is standard library; cv2 is opencv's
    assert x.packages["scikit-learn"] == "1.5.2" and x.packages["numpy"] == "2.0.0"
    assert canonical("opencv-python-headless") in x.packages


def test_a_module_the_file_provides_is_not_a_failure_there(fast_model: Path) -> None:
    # xgboost is not installed here; static analysis says it fails, the other machine has it.
    from mleworld.world.fast.model import FastWorldModel
    from mleworld.world.inputs import query_for_program

    program = "import xgboost\nprint('Validation accuracy: 0.9')\n"
    task = resolve_task("penguins")
    query = query_for_program(program, task=task)
    if not query.x.failing_imports:
        pytest.skip("xgboost is installed here")
    model = FastWorldModel.load(fast_model, online=False)
    (here,) = model.predict_batch([query])
    assert here.exc_type == "ModuleNotFoundError"
    query.x = environment_input(query.x, {"xgboost": "2.1.0", "numpy": _local("numpy")})
    (there,) = model.predict_batch([query])
    assert there.exc_type != "ModuleNotFoundError"
    assert not any(e["exc_type"] == "ModuleNotFoundError" for e in there.evidence)
