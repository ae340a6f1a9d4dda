"""`lightgbm.cv`'s result read under a key the installed LightGBM does not write (boosters.py).

LightGBM 4 keys its histories "valid l2-mean"; code written for LightGBM 3 asks for
"l2-mean" and gets Python's KeyError. Every snippet runs for real against the
penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import lightgbm as lgb\nimport pandas as pd\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "ds = lgb.Dataset(train[['bill_length_mm', 'bill_depth_mm']], train['body_mass_g'])\n"
    "params = {'objective': 'regression', 'metric': 'rmse', 'min_data_in_leaf': 1,"
    " 'min_data_in_bin': 1, 'verbose': -1}\n"
    "res = lgb.cv(params, ds, num_boost_round=3, nfold=2, stratified=False)\n"
    "print('done')\n"
)

CRASHES: dict[str, tuple[str, str]] = {
    "a_lightgbm_3_key": (READ + "print(res['rmse-mean'][-1])\n", "boosters"),
    "the_history_length_by_an_old_key": (READ + "best = len(res['rmse-mean'])\n", "boosters"),
    "the_booster_not_asked_for": (READ + "boosters = res['cvbooster']\n", "boosters"),
}

VALID = {
    "the_key_lightgbm_4_writes": READ + "print(res['valid rmse-mean'][-1])\n",
    "keys_read_from_the_result": READ + "key = [k for k in res if k.endswith('-mean')][0]\n"
    "print(res[key][-1])\n",
    "the_booster_asked_for": READ.replace(
        "stratified=False", "stratified=False, return_cvbooster=True"
    )
    + "boosters = res['cvbooster']\n",
    "a_default_for_a_missing_key": READ + "print(res.get('rmse-mean', [0.0])[-1])\n",
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
