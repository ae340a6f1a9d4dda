"""Keyword arguments checked against the installed signatures."""

from __future__ import annotations

import pytest

from mleworld.world.static import analyze


def fatal(program: str) -> list[str]:
    return [f.message for f in analyze(program).findings if f.fatal and f.confidence >= 0.5]


@pytest.mark.parametrize(
    "program",
    [
        "import lightgbm as lgb\nm = lgb.LGBMRegressor(n_estimators=5, anything_goes=1, verbose=-1)\n",
        "from sklearn.ensemble import RandomForestClassifier\nm = RandomForestClassifier(n_estimators=5, max_depth=3)\n",
        "import pandas as pd\nopts = dict(sepp=',')\ndf = pd.read_csv('x.csv', **opts) if False else None\n",
        "def train_test_split(a, b, stratified=None):\n    return a, b\ntrain_test_split(1, 2, stratified=True)\n",
        "from sklearn.pipeline import Pipeline\np = Pipeline(steps=[], memory=None)\np.fit([[1]], [1], model__sample_weight=None) if False else None\n",
        "from sklearn.metrics import mean_squared_error\nmean_squared_error(y_true=[1], y_pred=[1])\n",
    ],
)
def test_accepted_keywords_are_fine(program: str) -> None:
    assert fatal(program) == []


def test_a_wrapped_function_with_a_missing_argument_is_left_alone() -> None:
    # inspect.Signature.bind reports the missing argument first: a different message
    assert (
        fatal(
            "from sklearn.metrics import mean_squared_error\nmean_squared_error([1], squared=False)\n"
        )
        == []
    )


def test_the_first_unexpected_keyword_in_call_order_is_named() -> None:
    program = (
        "from sklearn.model_selection import KFold\nkf = KFold(n_folds=5, shuffle=True, seeds=1)\n"
    )
    assert fatal(program) == [
        "TypeError: KFold.__init__() got an unexpected keyword argument 'n_folds'"
    ]


def test_an_estimator_returned_by_a_helper_is_followed() -> None:
    program = (
        "from sklearn.ensemble import ExtraTreesClassifier\n\n"
        "def make():\n    return ExtraTreesClassifier(n_estimators=3)\n\n"
        "model = make()\nmodel.fit([[1], [2]], [0, 1], sample_weights=None)\n"
    )
    assert fatal(program) == [
        "TypeError: BaseForest.fit() got an unexpected keyword argument 'sample_weights'"
    ]
