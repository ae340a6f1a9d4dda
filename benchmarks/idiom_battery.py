"""Benchmark: common idioms of ML scripts, run for real, against what static analysis says.

Short programs in the habits of LLM agents and notebooks (old pandas, scikit-learn and
LightGBM APIs, slips such as `df.drop("col")` without an axis or `f"{scores:.4f}"` of an
array) each run in a subprocess over the penguins suite task's public data; static analysis
reads the same text. Reported per idiom: what the run printed last (or that it ran clean)
and static analysis' first fatal finding; then how many crashes were named exactly (class
and last line), by class only, or missed, and how many clean runs got a finding.

Written by the team that writes the detectors, from the list of what the installed
versions refuse: a checklist of kinds, not a reading on fresh code (the foreign set's
halves are that). Results go to benchmarks/results/idiom_battery.json.

    python benchmarks/idiom_battery.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mleworld.tasks.suite import suite_data_dir
from mleworld.world.static import analyze

OUT = Path(__file__).resolve().parent / "results" / "idiom_battery.json"
HEAD = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "train = pd.read_csv('input/train.csv')\n"
    "test = pd.read_csv('input/test.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
    "X = train[NUM].fillna(0)\n"
    "y = train['species']\n"
)
IDIOMS: dict[str, str] = {
    "groupby_mean_text": "print(train.groupby('species').mean())\n",
    "frame_mean_text": "print(train.mean())\n",
    "corr_text": "print(train.corr())\n",
    "append": "both = train.append(test)\n",
    "iteritems": "for k, v in train.iteritems():\n    pass\n",
    "ohe_sparse": "from sklearn.preprocessing import OneHotEncoder\nOneHotEncoder(sparse=False).fit(train[['island']])\n",
    "mse_squared": "from sklearn.metrics import mean_squared_error\nprint(mean_squared_error([1.0, 2.0], [1.5, 2.5], squared=False))\n",
    "lgb_verbose_fit": "import lightgbm as lgb\nlgb.LGBMClassifier(n_estimators=5).fit(X, y, eval_set=[(X, y)], verbose=False)\n",
    "lgb_train_verbose_eval": "import lightgbm as lgb\nlgb.train({'objective':'multiclass','num_class':3,'verbose':-1}, lgb.Dataset(X, y.astype('category').cat.codes), 5, verbose_eval=False)\n",
    "fillna_method": "train = train.fillna(method='ffill')\n",
    "swapaxes": "print(train.swapaxes(0, 1).shape)\n",
    "applymap": "print(train[NUM].applymap(lambda v: v).shape)\n",
    "value_counts_normalize_pos": "print(train['species'].value_counts(True))\n",
    "lr_penalty_l1_lbfgs": "from sklearn.linear_model import LogisticRegression\nLogisticRegression(penalty='l1').fit(X, y)\n",
    "np_float_alias": "a = np.float(3)\n",
    "np_int_alias": "a = X.values.astype(np.int)\n",
    "datetime_infer": "train['d'] = pd.to_datetime(train['year'], infer_datetime_format=True)\n",
    "read_csv_squeeze": "s = pd.read_csv('input/train.csv', usecols=['species'], squeeze=True)\n",
    "groupby_axis1": "g = train[NUM].groupby([0, 0, 1, 1], axis=1).sum()\n",
    "delim_whitespace": "d = pd.read_csv('input/train.csv', delim_whitespace=True)\n",
    "series_dt_week": "train['d'] = pd.to_datetime(train['year'].astype(str))\nprint(train['d'].dt.week.head())\n",
    "get_dummies_text_to_lr": "from sklearn.linear_model import LogisticRegression\nLogisticRegression().fit(train[NUM + ['island']].fillna(0), y)\n",
    "kfold_shuffle_seed": "from sklearn.model_selection import KFold\nKFold(5, random_state=0)\n",
    "rf_max_features_auto": "from sklearn.ensemble import RandomForestClassifier\nRandomForestClassifier(max_features='auto').fit(X, y)\n",
    "gbr_loss_ls": "from sklearn.ensemble import GradientBoostingRegressor\nGradientBoostingRegressor(loss='ls').fit(X, train['body_mass_g'].fillna(0))\n",
    "sgd_log_loss": "from sklearn.linear_model import SGDClassifier\nSGDClassifier(loss='log').fit(X, y)\n",
    "svc_probability_predict_proba": "from sklearn.svm import SVC\nm = SVC().fit(X, y)\nprint(m.predict_proba(X)[:2])\n",
    "plot_confusion": "from sklearn.metrics import plot_confusion_matrix\n",
    "series_str_concat_number": "print('rows: ' + len(train))\n",
    "to_numpy_text_target_tts": "from sklearn.model_selection import train_test_split\na,b,c,d = train_test_split(X, y.values, test_size=0.2, random_state=0)\n",
    "lgb_cv_key": "import lightgbm as lgb\nr = lgb.cv({'objective':'regression','verbose':-1}, lgb.Dataset(X, train['body_mass_g'].fillna(0)), 5, nfold=3, stratified=False)\nprint(r['l2-mean'][-1])\n",
    "xgb_import": "import xgboost as xgb\n",
    "categorical_astype_lgb": "import lightgbm as lgb\nZ = train[NUM + ['island']].copy()\nlgb.LGBMClassifier(n_estimators=5, verbose=-1).fit(Z, y)\n",
    "hgb_text": "from sklearn.ensemble import HistGradientBoostingClassifier\nHistGradientBoostingClassifier().fit(train[NUM + ['island']], y)\n",
    "labelencoder_unseen": "from sklearn.preprocessing import LabelEncoder\nle = LabelEncoder().fit(train['island'])\nle.transform(['Mars'])\n",
    "ordinal_unknown": "from sklearn.preprocessing import OrdinalEncoder\noe = OrdinalEncoder().fit(train[['island']])\noe.transform(pd.DataFrame({'island': ['Mars']}))\n",
    "drop_no_axis": "train = train.drop('species')\n",
    "auc_multiclass_no_mode": "from sklearn.linear_model import LogisticRegression\nfrom sklearn.metrics import roc_auc_score\nm = LogisticRegression(max_iter=500).fit(X, y)\nprint(roc_auc_score(y, m.predict_proba(X)))\n",
    "skf_continuous": "from sklearn.model_selection import StratifiedKFold\nfor a, b in StratifiedKFold(5).split(X, train['body_mass_g'].fillna(0)):\n    pass\n",
    "lr_continuous": "from sklearn.linear_model import LogisticRegression\nLogisticRegression().fit(X, train['body_mass_g'].fillna(0))\n",
    "msle_negative": "from sklearn.metrics import mean_squared_log_error\nprint(mean_squared_log_error([1.0, 2.0], [-1.0, 2.0]))\n",
    "dt_on_text": "print(train['species'].dt.year)\n",
    "le_2d": "from sklearn.preprocessing import LabelEncoder\nLabelEncoder().fit_transform(train[['island', 'sex']])\n",
    "imputer_median_text": "from sklearn.impute import SimpleImputer\nSimpleImputer(strategy='median').fit(train[['island']])\n",
    "scaler_text": "from sklearn.preprocessing import StandardScaler\nStandardScaler().fit(train)\n",
    "inconsistent_samples": "from sklearn.linear_model import LinearRegression\nLinearRegression().fit(X, train['body_mass_g'].fillna(0)[:100])\n",
    "scoring_rmse": "from sklearn.model_selection import cross_val_score\nfrom sklearn.linear_model import Ridge\ncross_val_score(Ridge(), X, train['body_mass_g'].fillna(0), scoring='rmse')\n",
    "knn_too_many": "from sklearn.neighbors import KNeighborsClassifier\nKNeighborsClassifier(n_neighbors=500).fit(X, y).predict(X)\n",
    "json_int64": "import json\nprint(json.dumps({'n': train['year'].sum()}))\n",
    "json_float32": "import json\nprint(json.dumps({'m': np.float32(train['body_mass_g'].mean())}))\n",
    "fstring_array_format": "from sklearn.model_selection import cross_val_score\nfrom sklearn.linear_model import LogisticRegression\ns = cross_val_score(LogisticRegression(max_iter=500), X, y, cv=3)\nprint(f'CV: {s:.4f}')\n",
    "round_array_fstring": "from sklearn.model_selection import cross_val_score\nfrom sklearn.linear_model import LogisticRegression\ns = cross_val_score(LogisticRegression(max_iter=500), X, y, cv=3)\nprint('CV %.4f' % s)\n",
    "lgb_early_stop_no_valid": "import lightgbm as lgb\nlgb.train({'objective':'regression','verbose':-1}, lgb.Dataset(X, train['body_mass_g'].fillna(0)), 20, callbacks=[lgb.early_stopping(5)])\n",
    "torch_object": "import torch\nt = torch.tensor(train[NUM + ['island']].values)\n",
    "lgb_text_label": "import lightgbm as lgb\nlgb.train({'objective':'multiclass','num_class':3,'verbose':-1}, lgb.Dataset(X, y), 5)\n",
    "series_reshape": "a = train['body_mass_g'].reshape(-1, 1)\n",
    "values_reshape_ok": "a = train['body_mass_g'].values.reshape(-1, 1)\nprint(a.shape)\n",
    "int_of_nan_col": "train['s'] = train['body_mass_g'].astype(int)\n",
    "map_then_astype_int": "train['sx'] = train['sex'].map({'male': 1, 'female': 0}).astype(int)\n",
    "predict_before_fit": "from sklearn.linear_model import LogisticRegression\nm = LogisticRegression()\nm.predict(X)\n",
    "proba_regressor": "from sklearn.linear_model import LinearRegression\nm = LinearRegression().fit(X, train['body_mass_g'].fillna(0))\nm.predict_proba(X)\n",
    "to_csv_index_label_missing_col": "sub = pd.DataFrame({'id': test['id']})\nsub['species'] = 'Adelie'\nprint(sub[['id', 'Species']].head())\n",
    "sum_text_concat_axis1": "train['k'] = train[['island', 'sex']].sum(axis=1)\n",
    "fillna_dict_numbers_text": "train = train.fillna(train.mean(numeric_only=True))\nprint(train.isna().sum().sum())\n",
    "iloc_past": "print(train.iloc[:, 20])\n",
    "np_hstack_mismatch": "a = np.hstack([X.values, np.zeros((5, 1))])\n",
    "model_selection_cv_dict": "from sklearn.model_selection import cross_validate\nfrom sklearn.linear_model import LogisticRegression\nr = cross_validate(LogisticRegression(max_iter=500), X, y, cv=3)\nprint(r['test_accuracy'].mean())\n",
    "cv_results_key": "from sklearn.model_selection import GridSearchCV\nfrom sklearn.linear_model import LogisticRegression\ng = GridSearchCV(LogisticRegression(max_iter=500), {'C': [1.0]}, cv=3).fit(X, y)\nprint(g.cv_results_['mean_test_accuracy'])\n",
    "best_estimator_before_fit": "from sklearn.model_selection import GridSearchCV\nfrom sklearn.linear_model import LogisticRegression\ng = GridSearchCV(LogisticRegression(), {'C': [1.0]})\nprint(g.best_params_)\n",
    "feature_importances_lr": "from sklearn.linear_model import LogisticRegression\nm = LogisticRegression(max_iter=500).fit(X, y)\nprint(m.feature_importances_)\n",
    "coef_forest": "from sklearn.ensemble import RandomForestClassifier\nm = RandomForestClassifier(n_estimators=5).fit(X, y)\nprint(m.coef_)\n",
    "value_counts_by_position": "print(y.value_counts()[0])\n",
    "accuracy_of_probabilities": "from sklearn.linear_model import LogisticRegression\nfrom sklearn.metrics import accuracy_score\nyb = (y == 'Adelie').astype(int)\nm = LogisticRegression(max_iter=500).fit(X, yb)\nprint(accuracy_score(yb, m.predict_proba(X)[:, 1]))\n",
    "argmax_scored_against_text_labels": "from sklearn.linear_model import LogisticRegression\nfrom sklearn.metrics import accuracy_score\nm = LogisticRegression(max_iter=500).fit(X, y)\nprint(accuracy_score(y, m.predict_proba(X).argmax(axis=1)))\n",
    "cross_val_score_then_predict": "from sklearn.linear_model import LogisticRegression\nfrom sklearn.model_selection import cross_val_score\nm = LogisticRegression(max_iter=500)\nprint(cross_val_score(m, X, y, cv=3).mean())\nm.predict(X)\n",
    "tfidf_into_hist_boosting": "from sklearn.ensemble import HistGradientBoostingClassifier\nfrom sklearn.feature_extraction.text import TfidfVectorizer\nfrom sklearn.pipeline import make_pipeline\nmake_pipeline(TfidfVectorizer(), HistGradientBoostingClassifier()).fit(train['island'], y)\n",
    "columns_upper_then_old_name": "train.columns = train.columns.str.upper()\nprint(train['species'].head())\n",
    "json_of_fold_scores": "import json\nfrom sklearn.linear_model import LogisticRegression\nfrom sklearn.model_selection import cross_val_score\nprint(json.dumps({'cv': cross_val_score(LogisticRegression(max_iter=500), X, y, cv=3)}))\n",
    "json_of_plain_floats_ok": "import json\nfrom sklearn.linear_model import LogisticRegression\nfrom sklearn.model_selection import cross_val_score\nprint(json.dumps({'cv': cross_val_score(LogisticRegression(max_iter=500), X, y, cv=3).tolist()}))\n",
}  # fmt: skip


def _run(program: str, data: Path) -> str | None:
    """The last line the program prints to stderr when it crashes; None when it runs clean."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "input").symlink_to(data)
        (work / "runfile.py").write_text(program)
        done = subprocess.run(
            [sys.executable, "runfile.py"], cwd=work, capture_output=True, text=True, timeout=300
        )
    return done.stderr.strip().splitlines()[-1] if done.returncode else None


def _class_of(line: str) -> str:
    return line.split(":")[0].rsplit(".", 1)[-1]


def main() -> None:
    data = suite_data_dir("penguins")
    assert data is not None
    began = time.perf_counter()
    rows: list[dict[str, Any]] = []
    for name, body in IDIOMS.items():
        program = HEAD + body
        real = _run(program, data)
        first = analyze(program, data).first_fatal
        said = first.message.strip().splitlines()[-1] if first is not None else None
        if real is None:
            verdict = "clean" if first is None else "false finding"
        elif first is None:
            verdict = "missed"
        elif said == real:
            verdict = "exact"
        else:
            verdict = "class" if first.exc_type == _class_of(real) else "other class"
        rows.append({"idiom": name, "run": real, "static": said, "verdict": verdict})
        print(f"{verdict:13} {name}")
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["verdict"]] = counts.get(row["verdict"], 0) + 1
    result = {"counts": counts, "seconds": round(time.perf_counter() - began, 1), "idioms": rows}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
