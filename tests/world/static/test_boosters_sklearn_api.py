"""LightGBM's own errors for the literal parameters of its scikit-learn estimators.

`lgb.LGBMRegressor(**params)` passes the parameters it does not name itself on to the
booster, which checks them when `fit` starts training: a tweedie variance power of 2, an
L1 objective with linear trees. Analysis asks the installed LightGBM (two small synthetic
sets, two rounds) and reports the error at `fit` with LightGBM's message, also where the
parameters are a dict spread from a per-target config inside a loop. Each snippet runs
for real (conftest.run_real).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.world.static import analyze
from static_snippets import snippet_tests

READ = (
    "import lightgbm as lgb\n"
    "import pandas as pd\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
    "base = {'n_estimators': 20, 'learning_rate': 0.1, 'min_child_samples': 1, 'verbose': -1}\n"
)


def per_target(power: float) -> str:
    return (
        READ + "per = {'a': {'objective': 'poisson'},\n"
        f"       'b': {{'objective': 'tweedie', 'tweedie_variance_power': {power}}}}}\n"
        "for name in ['a', 'b']:\n"
        "    params = {**base, **per[name]}\n"
        "    params['random_state'] = 0\n"
        "    model = lgb.LGBMRegressor(**params)\n"
        "    model.fit(train[NUM], train['year'])\n"
    )


CRASHES = {
    "tweedie_power_of_two_from_a_per_target_config": per_target(2.0),
    "l1_objective_with_linear_trees": READ
    + "model = lgb.LGBMRegressor(objective='regression_l1', linear_tree=True, **base)\n"
    + "model.fit(train[NUM], train['year'])\n",
}

VALID = {
    "tweedie_power_below_two": per_target(1.5),
    "linear_trees_with_l2": READ
    + "model = lgb.LGBMRegressor(objective='regression', linear_tree=True, **base)\n"
    + "model.fit(train[NUM], train['year'])\n",
}

real, _, test_valid_programs_get_no_finding = snippet_tests(CRASHES, VALID, detector="params")


@pytest.mark.parametrize("name", sorted(CRASHES))
def test_lightgbm_names_the_error_at_fit(
    name: str, real: dict[str, str | None], data_dir: Path
) -> None:
    observed = real[name]
    assert observed is not None, "the snippet must really crash"
    first = analyze(CRASHES[name], data_dir).first_fatal
    assert first is not None and first.detector == "params", first
    assert first.exc_type == "LightGBMError"
    assert first.message == observed  # Python prints the class as lightgbm.basic.LightGBMError
