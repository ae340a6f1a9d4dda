"""A task training never saw: the metric starts from its reference ladder (references.py)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from mleworld.tasks.factory import create_task
from mleworld.tasks.reference_summary import LadderSummary
from mleworld.tasks.task import Task, load_task
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.fast.references import reference_score, task_references
from mleworld.world.inputs import query_for_program

LGBM_DRAFT = """
import lightgbm as lgb
import pandas as pd
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X, y = train[["x1", "x2"]], train["y"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=0)
model = lgb.LGBMRegressor(n_estimators=200, verbose=-1).fit(X_tr, y_tr)
print(f"Validation RMSE: {mean_squared_error(y_va, model.predict(X_va)) ** 0.5:.4f}")
pd.DataFrame({"id": test["id"], "y": model.predict(test[["x1", "x2"]])}).to_csv(
    "./submission/submission.csv", index=False
)
"""
LINEAR_DRAFT = (
    LGBM_DRAFT.replace("import lightgbm as lgb\n", "")
    .replace("lgb.LGBMRegressor(n_estimators=200, verbose=-1)", "Ridge()")
    .replace(
        "import pandas as pd\n", "import pandas as pd\nfrom sklearn.linear_model import Ridge\n"
    )
)


@pytest.fixture(scope="module")
def new_task(tmp_path_factory: pytest.TempPathFactory) -> Task:
    """A regression task built by the factory (so with a reference ladder) from data of its own."""
    rng = np.random.default_rng(7)
    x1, x2 = rng.normal(size=400), rng.uniform(-2, 2, size=400)
    df = pd.DataFrame(
        {"x1": x1, "x2": x2, "y": 3.0 * x1 + np.sin(3 * x2) + rng.normal(0, 0.3, 400)}
    )
    return create_task(df, "y", "rmse", "wavy-lines", tmp_path_factory.mktemp("task") / "wavy")


def test_a_task_s_ladder_is_read_from_the_task_yaml_beside_its_public_folder(
    new_task: Task, tmp_path: Path
) -> None:
    references = task_references(Path(new_task.public_dir), "rmse")
    summary = LadderSummary.of(load_task(new_task.path))
    assert summary is not None and references == summary.references
    assert reference_score(references, "lgbm") == references["lightgbm"]
    assert reference_score(references, "linear") == references["linear"]
    assert reference_score(references, "mlp") == references["lightgbm"]  # no closer reference
    bare = tmp_path / "data" / "public"
    bare.mkdir(parents=True)
    assert task_references(bare, "rmse") is None and task_references(None, "rmse") is None
    # a query not scored by the task's metric (or by no known metric) gets no scores
    public = Path(new_task.public_dir)
    assert task_references(public, "mae") is None and task_references(public, None) is None
    assert math.isnan(reference_score(None, "lgbm"))


def test_an_unseen_task_s_metric_is_the_reference_of_the_program_s_model_family(
    trained: tuple[Path, dict[str, Any]], new_task: Task, tmp_path: Path
) -> None:
    model = FastWorldModel.load(trained[0], online=False)
    references = task_references(Path(new_task.public_dir), "rmse")
    assert references is not None
    lgbm, linear = model.predict_batch(
        [query_for_program(p, task=new_task) for p in (LGBM_DRAFT, LINEAR_DRAFT)]
    )
    assert lgbm.metric == pytest.approx(references["lightgbm"])
    assert linear.metric == pytest.approx(references["linear"])
    # The same data without its task.yaml: no ladder, so another task's scale stands in.
    bare = tmp_path / "bare" / "public"
    bare.parent.mkdir()
    bare.symlink_to(Path(new_task.public_dir), target_is_directory=True)
    query = query_for_program(LGBM_DRAFT, data_dir=bare, time_limit_s=600)
    (fallback,) = model.predict_batch([replace(query, metric_name="rmse", lower_is_better=True)])
    assert fallback.metric is None or fallback.metric != pytest.approx(
        references["lightgbm"], rel=0.05
    )
