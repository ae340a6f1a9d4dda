"""The runtime model inside fast predictions: the work a program asks for against its limit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mleworld.world.fast.model import FastWorldModel
from mleworld.world.inputs import query_for_program

PROGRAM = (
    "import pandas as pd\n"
    "from sklearn.ensemble import RandomForestClassifier\n"
    "from sklearn.model_selection import GridSearchCV, StratifiedKFold\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X, y = train[['bill_length_mm', 'year']], train['species']\n"
    "grid = GridSearchCV(RandomForestClassifier(n_estimators={trees}),\n"
    "                    {{'max_depth': [None, 6, 12], 'min_samples_leaf': [1, 3, 5]}},\n"
    "                    cv=StratifiedKFold(5))\n"
    "grid.fit(X, y)\n"
    "print(grid.best_score_)\n"
)


@pytest.mark.slow
def test_a_program_asking_for_far_more_work_than_its_limit_is_a_predicted_timeout(
    trained: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    data = tmp_path / "input"
    data.mkdir()
    rows = ["id,bill_length_mm,year,species"]
    rows += [f"{i},{35 + i % 20},{2007 + i % 3},{('Adelie', 'Gentoo')[i % 2]}" for i in range(3000)]
    (data / "train.csv").write_text("\n".join(rows) + "\n")
    model = FastWorldModel.load(trained[0])
    heavy, light = model.predict_batch(
        [
            query_for_program(PROGRAM.format(trees=20000), data_dir=data, time_limit_s=30),
            query_for_program(PROGRAM.format(trees=5), data_dir=data, time_limit_s=600),
        ]
    )
    assert heavy.exc_type == "TimeoutError"
    assert heavy.exc_probs is not None and heavy.exc_probs["TimeoutError"] > 0.9
    runtime = [e for e in heavy.evidence if e.get("detector") == "runtime"]
    assert len(runtime) == 1 and runtime[0]["runtime_s"] > 60
    assert "GridSearchCV: 9 candidates x 5 folds" in runtime[0]["evidence"]
    assert light.exc_probs is not None and light.exc_probs["TimeoutError"] < 0.5
    light_runtime = [e for e in light.evidence if e.get("detector") == "runtime"]
    assert light_runtime and light_runtime[0]["runtime_s"] < runtime[0]["runtime_s"] / 100
