"""LightGBM's own errors for literal lgb.train parameters, asked of the installed LightGBM.

A parameter may be a number analysis computed from the data (`neg / pos` of the target's
counts) and a dict may spread another (`{**base, "is_unbalance": True}`). A Dataset gives
its rows back (`get_data()`) only when built with `free_raw_data=False` and constructed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.world.static import analyze

READ = (
    "import lightgbm as lgb\nimport pandas as pd\n"
    "df = pd.read_csv('./input/train.csv')\n"
    "y = df['species'].map({'Adelie': 0, 'Chinstrap': 1, 'Gentoo': 2})\n"
    "ds = lgb.Dataset(df[['bill_length_mm', 'bill_depth_mm']], y)\n"
)

CRASHES = {
    "multiclass_without_num_class": READ
    + "params = dict(objective='multiclass', learning_rate=0.1, verbose=-1)\n"
    + "model = lgb.train(params, ds, num_boost_round=5)\n",
    "unknown_objective": READ
    + "model = lgb.train({'objective': 'multiclasss', 'verbose': -1}, ds, num_boost_round=5)\n",
}
BINARY = (
    READ + "target = (df['species'] == 'Adelie').to_numpy().astype(int)\n"
    "spw = (target == 0).sum() / (target == 1).sum()\n"
    "base = {'objective': 'binary', 'scale_pos_weight': spw, 'min_data_in_leaf': 1,"
    " 'verbose': -1}\n"
    "binary = lgb.Dataset(df[['bill_length_mm', 'bill_depth_mm']], target)\n"
)
CRASHES["computed_weight_spread_into_a_conflicting_config"] = (
    BINARY + "for cfg in [base, {**base, 'num_leaves': 7, 'is_unbalance': True}]:\n"
    "    lgb.train(cfg, binary, num_boost_round=3)\n"
)
REG = "params = {'objective': 'regression', 'min_data_in_leaf': 1, 'verbose': -1}\n"
CRASHES["rows_of_a_trained_dataset_whose_raw_data_is_freed"] = (
    READ + REG + "model = lgb.train(params, ds, 3)\nprint(model.predict(ds.get_data()).shape)\n"
)
CRASHES["rows_of_a_validation_set_after_training"] = (
    READ + REG + "va = lgb.Dataset(df[['bill_length_mm', 'bill_depth_mm']], y, reference=ds)\n"
    "model = lgb.train(params, ds, 3, valid_sets=[va])\nrows = va.get_data()\n"
)
CRASHES["rows_of_a_dataset_never_constructed"] = READ + "rows = ds.get_data()\n"
VALID = {
    "rows_of_a_dataset_that_keeps_them": READ
    + REG
    + "kept = lgb.Dataset(df[['bill_length_mm', 'bill_depth_mm']], y, free_raw_data=False)\n"
    + "model = lgb.train(params, kept, 3)\nprint(model.predict(kept.get_data()).shape)\n",
    "computed_weight_spread_into_another_config": BINARY
    + "for cfg in [base, {**base, 'num_leaves': 7}]:\n"
    + "    lgb.train(cfg, binary, num_boost_round=3)\n",
    "multiclass_with_num_class": READ
    + "params = dict(objective='multiclass', num_class=3, min_data_in_leaf=1, verbose=-1)\n"
    + "model = lgb.train(params, ds, num_boost_round=5)\n",
    "regression": READ
    + "model = lgb.train({'objective': 'regression', 'min_data_in_leaf': 1, 'verbose': -1}, ds, 5)\n",
}


@pytest.fixture(scope="module")
def real(run_real) -> dict[str, str | None]:  # type: ignore[no-untyped-def]
    return run_real({**CRASHES, **VALID})


@pytest.mark.parametrize("name", sorted(CRASHES))
def test_lightgbm_names_the_error(name: str, real: dict[str, str | None], data_dir: Path) -> None:
    observed = real[name]
    assert observed is not None, "the snippet must really crash"
    first = analyze(CRASHES[name], data_dir).first_fatal
    assert first is not None and first.detector == "boosters", first
    assert first.exc_type == "LightGBMError"
    assert first.message == observed.splitlines()[0]


@pytest.mark.parametrize("name", sorted(VALID))
def test_parameters_lightgbm_accepts_get_no_finding(
    name: str, real: dict[str, str | None], data_dir: Path
) -> None:
    assert real[name] is None, real[name]
    assert analyze(VALID[name], data_dir).first_fatal is None


def test_analysis_prints_nothing_of_lightgbm_s_own(
    data_dir: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    program = READ + "lgb.train({'objective': 'multiclass', 'learning_rate': 0.2}, ds)\n"
    assert analyze(program, data_dir).first_fatal is not None
    out, err = capfd.readouterr()
    assert "LightGBM" not in out + err
