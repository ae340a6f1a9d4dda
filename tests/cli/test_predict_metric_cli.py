"""`mleworld predict` without a task reports the metric its own predicted output prints.

With only `--data-dir`, no task names the metric, so the fast model has no
anchor to predict a score from; the score it writes into the predicted output
is then the metric, read by the executor's own parser.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fastkit import dev_model
from mleworld.cli import predict_cmd
from mleworld.execution.parsing import parse_metric
from mleworld.tasks.suite import resolve_task

PROGRAM = """import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split

df = pd.read_csv("./input/train.csv").dropna()
X = df[["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]]
y = df["species"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=0)
clf = LogisticRegression(max_iter=1000).fit(X_tr, y_tr)
print(f"Validation accuracy: {accuracy_score(y_va, clf.predict(X_va)):.4f}")
"""


@pytest.fixture(scope="module")
def fast_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return dev_model(tmp_path_factory, calibrated=True)


def test_predict_without_a_task_reports_the_metric_its_output_shows(
    fast_model: Path, tmp_path: Path
) -> None:
    app = typer.Typer(pretty_exceptions_enable=False)

    @app.callback()
    def _root() -> None:
        """Test app."""

    predict_cmd.register(app)
    program = tmp_path / "solution.py"
    program.write_text(PROGRAM)
    public = resolve_task("penguins").public_dir
    result = CliRunner().invoke(
        app,
        [
            "predict",
            str(program),
            "--data-dir",
            str(public),
            "--world-model",
            f"fast:{fast_model}",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout)
    assert data["exc_type"] == "None"
    shown, line = parse_metric(data["term_out"])
    assert shown is not None and line is not None and line.startswith("Validation accuracy:")
    assert data["metric"] == pytest.approx(shown)
