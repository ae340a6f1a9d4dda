"""Dicts a library returns, read under a key they do not have (result_keys.py).

LightGBM 4 keys lgb.cv's histories "valid l2-mean" (code written for LightGBM 3 asks for
"l2-mean"); `cross_validate` with one scorer keys "test_score", and a search's
`cv_results_` "mean_test_score", not "test_accuracy" / "mean_test_accuracy"; with named
scorers "test_<name>". Its "estimator" (`return_estimator=True`) holds each fold's fitted
copy, whose attributes are the model's own (a pipeline's last step by `pipe[-1]`). Every snippet
runs for real against the penguin-like data folder (conftest.run_real).
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

SKLEARN = (
    "import pandas as pd\n"
    "from sklearn.model_selection import GridSearchCV, cross_validate\n"
    "from sklearn.tree import DecisionTreeClassifier\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X, y = train[['bill_length_mm', 'bill_depth_mm']], train['sex']\n"
    "tree = DecisionTreeClassifier(random_state=0)\n"
)

# the model of the best fold, kept by cross_validate(return_estimator=True), asked why
FOLD_MODELS = SKLEARN + (
    "import numpy as np\n"
    "from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier\n"
    "from sklearn.pipeline import make_pipeline\n"
    "from sklearn.preprocessing import StandardScaler\n"
    "pipe = make_pipeline(StandardScaler(), {model}).set_output(transform='pandas')\n"
    "r = cross_validate(pipe, X, y, cv=2, scoring={{'acc': 'accuracy'}}, return_estimator=True)\n"
    "best = r['estimator'][int(np.argmax(r['test_acc']))]\n"
    "print(best[-1].feature_importances_.round(3))\n"
)

CRASHES: dict[str, tuple[str, str]] = {
    "a_single_scorer_read_by_its_name": (
        SKLEARN + "r = cross_validate(tree, X, y, cv=2, scoring='accuracy')\n"
        "print(r['test_accuracy'].mean())\n",
        "columns",
    ),
    "a_search_result_read_by_the_metric_name": (
        SKLEARN + "g = GridSearchCV(tree, {'max_depth': [1, 2]}, cv=2).fit(X, y)\n"
        "print(g.cv_results_['mean_test_accuracy'])\n",
        "columns",
    ),
    "a_lightgbm_3_key": (READ + "print(res['rmse-mean'][-1])\n", "columns"),
    "the_history_length_by_an_old_key": (READ + "best = len(res['rmse-mean'])\n", "columns"),
    "the_booster_not_asked_for": (READ + "boosters = res['cvbooster']\n", "columns"),
    "named_scorers_read_as_test_score": (
        SKLEARN + "r = cross_validate(tree, X, y, cv=2, scoring={'acc': 'accuracy'})\n"
        "print(r['test_score'].mean())\n",
        "columns",
    ),
    "the_importances_of_a_fold_model_that_has_none": (
        FOLD_MODELS.format(model="HistGradientBoostingClassifier(max_iter=5)"),
        "module_attrs",
    ),
}

VALID = {
    "the_importances_of_a_fold_forest": FOLD_MODELS.format(
        model="RandomForestClassifier(n_estimators=3, random_state=0)"
    ),
    "several_scorers_read_by_name": (
        SKLEARN + "r = cross_validate(tree, X, y, cv=2, scoring=['accuracy', 'f1_macro'])\n"
        "print(r['test_accuracy'].mean(), r['fit_time'].sum())\n"
    ),
    "a_search_result_read_as_written": (
        SKLEARN + "g = GridSearchCV(tree, {'max_depth': [1, 2]}, cv=2).fit(X, y)\n"
        "print(g.cv_results_['mean_test_score'], g.cv_results_['param_max_depth'])\n"
        "print(g.cv_results_['split0_test_score'])\n"
    ),
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
