"""Common slips of ML scripts, named as Python prints them: the idiom battery's kinds
(benchmarks/idiom_battery.py) and those the foreign set's r batch showed.

- json.dump / json.dumps of what json cannot write (json_values.py): a numpy count, a
  float32, a fold-score array, a frame, an estimator;
- an estimator used before any fit (unfitted.py): `cross_val_score(model, ...)` then
  `model.predict`, a search's `best_params_` before its fit;
- casts and shapes run on values analysis holds: `map(...).astype(int)` of a column the
  mapping leaves NaN in (casts.py), a LabelEncoder given two columns (encoders.py),
  `np.hstack` of arrays whose rows differ (lengths.py), `"%.4f" % scores` (scalars.py),
  a text label in an `lgb.Dataset` (dtypes.py);
- inputs of different lengths paired by one scikit-learn call (samples.py): a fit, a
  metric, `train_test_split`;
- text left in the test frame a LightGBM model predicts on (dtypes.py), a text
  vectorizer's sparse matrix reaching a model that needs dense input (sparse_inputs.py;
  in every fold of a cross-validation: test_fit_failures.py), and the columns of a
  grouping's named aggregation merged back and filtered by a substring of their names
  (reductions.grouped_shape), columns renamed by `df.columns.str.upper()` (columns.py);
- a count read by position from a Series keyed by text (pandas 3 reads `counts[0]` as a
  label: computed_series.label_item), and a model's probabilities or a linear regressor's
  predictions scored by a classification metric (samples.py);
- a grouping by a column the frame lacks (columns.check_groupby_keys): the test file
  grouped by the target, as the training file was;
- pandas 3's text columns are not `object`: a keyed concat of the files keeps its columns'
  dtypes (kinds.of_concat), so `[c for c in d.columns if d[c].dtype == "O"]` is empty and
  the text reaches `lgb.train` (dtypes.check_lgb_dataset);
- a multi-output classifier fitted fold by fold answers predict_proba with a list
  (predictions.fitted: the first fit of a new model decides its outputs);
- the memory-saving loop that skips `object` columns: under pandas 3 a text column's
  minimum meets `np.finfo(np.float32).min` (type_limits.py);
- one-hot columns made apart for train and test (`df.pipe(pd.get_dummies, columns=...)` of
  a frame whose other values were lost: frame_sources.get_dummies) reaching a model whose
  grid value the walk lost (features_in.py).

Every snippet runs for real against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import json\n"
    "import numpy as np\n"
    "import pandas as pd\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm']\n"
    "X, y = train[NUM], train['species']\n"
)
SCORED = (
    READ + "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.metrics import accuracy_score\n"
    "from sklearn.model_selection import GridSearchCV, cross_val_score\n"
    "model = LogisticRegression(max_iter=500)\n"
    "scores = cross_val_score(model, X, y, cv=2)\n"
    "print('cv', round(float(scores.mean()), 3))\n"
)
FITTED = SCORED + "model.fit(X, y)\nacc = accuracy_score(y, model.predict(X))\n"
TEXT = (
    READ + "from sklearn.ensemble import HistGradientBoostingClassifier\n"
    "from sklearn.feature_extraction.text import TfidfVectorizer\n"
    "from sklearn.model_selection import cross_val_score\n"
    "from sklearn.pipeline import Pipeline\n"
    "text = train['island']\n"
    "labels = (train['year'] > 2007).astype(int)\n"
)
LGB = (
    READ + "import lightgbm as lgb\n"
    "params = {'objective': 'regression', 'min_data_in_leaf': 1, 'min_data_in_bin': 1,"
    " 'verbose': -1}\n"
)

KEYED = (
    "import pandas as pd\nimport lightgbm as lgb\n"
    "train = pd.read_csv('./input/train.csv')\ntest = pd.read_csv('./input/test.csv')\n"
    "d = pd.concat([train, test], keys=['tr', 'te'])\n"
)
KEYED_FIT = (
    "d = d.assign(**{c: d[c].astype('category') for c in cat})"
    ".assign(r=lambda d: d.bill_length_mm / d.bill_depth_mm)\n"
    "X = d.loc['tr', ['island', 'bill_length_mm', 'r']]\n"
    "params = {'objective': 'regression', 'verbose': -1, 'min_data_in_leaf': 1}\n"
    "booster = lgb.train(params, lgb.Dataset(X, label=train['body_mass_g']), 2)\n"
    "print(booster.num_trees())\n"
)
MULTI = (
    "from sklearn.model_selection import KFold\n"
    "from sklearn.multioutput import MultiOutputClassifier\n"
    "from sklearn.tree import DecisionTreeClassifier\n"
    "Y = train[['year', 'body_mass_g']].values\n"
    "for a, b in KFold(2, shuffle=True, random_state=0).split(X):\n"
    "    mo = MultiOutputClassifier(DecisionTreeClassifier()).fit(X.iloc[a], Y[a])\n"
)


def shrink(skip: str) -> str:
    """The memory-saving loop of Kaggle notebooks, skipping the columns `skip` names."""
    return (
        "import numpy as np\nimport pandas as pd\n"
        "def reduce_mem_usage(df):\n"
        "    for col in df.columns:\n"
        "        col_type = df[col].dtype\n"
        f"        if {skip}:\n"
        "            c_min, c_max = df[col].min(), df[col].max()\n"
        "            if str(col_type)[:3] == 'int':\n"
        "                if c_min > np.iinfo(np.int8).min and c_max < np.iinfo(np.int8).max:\n"
        "                    df[col] = df[col].astype(np.int8)\n"
        "                elif c_min > np.iinfo(np.int16).min and c_max < np.iinfo(np.int16).max:\n"
        "                    df[col] = df[col].astype(np.int16)\n"
        "            elif c_min > np.finfo(np.float32).min and c_max < np.finfo(np.float32).max:\n"
        "                df[col] = df[col].astype(np.float32)\n"
        "        else:\n"
        "            df[col] = df[col].astype('category')\n"
        "    return df\n"
        "train = reduce_mem_usage(pd.read_csv('./input/train.csv'))\n"
        "print(train.dtypes.astype(str).tolist())\n"
    )


DUMMIES = (
    "import numpy as np\nimport pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "train = pd.read_csv('./input/train.csv')\ntest = pd.read_csv('./input/test.csv')\n"
    "fx = lambda d: (d[['island', 'bill_length_mm']].assign(r=lambda e: e.bill_length_mm / 10)"
    ".pipe(pd.get_dummies, columns=['island'], dtype=int))\n"
    "X, Xt = fx(train), fx(test)\n"
    "C = float(np.random.rand() + 0.5)\n"
    "m = LogisticRegression(C=C, max_iter=500).fit(X, train['species'])\n"
)

CRASHES: dict[str, tuple[str, str]] = {
    "a_numpy_count_in_a_json_dict": (
        READ + "print(json.dumps({'n_2007': (train['year'] == 2007).sum()}))\n",
        "json",
    ),
    "a_float32_in_a_json_dict": (
        READ + "print(json.dumps({'m': np.float32(train['body_mass_g'].mean())}))\n",
        "json",
    ),
    "fold_scores_in_saved_metrics": (
        FITTED + "metrics = {'accuracy': acc}\nmetrics['folds'] = scores\n"
        "with open('working/metrics.json', 'w') as fh:\n    json.dump(metrics, fh, indent=2)\n",
        "json",
    ),
    "the_estimator_in_a_json_dict_sorted": (
        FITTED + "print(json.dumps({'z': acc, 'model': model}, sort_keys=True))\n",
        "json",
    ),
    "predict_after_cross_val_score_only": (
        SCORED + "pred = model.predict(X)\n",
        "unfitted",
    ),
    "probabilities_of_a_model_never_fitted": (
        SCORED + "proba = model.predict_proba(X)[:, 1]\n",
        "unfitted",
    ),
    "best_params_before_the_search_is_fitted": (
        SCORED + "search = GridSearchCV(model, {'C': [0.5, 1.0]}, cv=2)\n"
        "print(search.best_params_)\n",
        "unfitted",
    ),
    "mapped_codes_with_a_gap_cast_to_int": (
        READ + "train['isl'] = train['island'].map({'Torgersen': 0, 'Biscoe': 1}).astype(int)\n",
        "dtypes",
    ),
    "label_encoder_given_two_columns": (
        READ + "from sklearn.preprocessing import LabelEncoder\n"
        "codes = LabelEncoder().fit_transform(train[['island', 'sex']])\n",
        "computed",
    ),
    "hstack_of_train_probabilities_and_test_rows": (
        FITTED + "test = pd.read_csv('./input/test.csv')\n"
        "meta = np.hstack([model.predict_proba(X), np.zeros((len(test), 1))])\n",
        "lengths",
    ),
    "percent_format_of_fold_scores": (SCORED + "print('CV %.4f' % scores)\n", "scalars"),
    "percent_format_of_scores_in_a_tuple": (
        SCORED + "print('%s: %.3f (+/- %.3f)' % ('lr', scores, 0.1))\n",
        "scalars",
    ),
    "text_label_in_a_lightgbm_dataset": (
        LGB + "booster = lgb.train(params, lgb.Dataset(X, label=y), num_boost_round=2)\n",
        "dtypes",
    ),
    "target_sliced_apart_from_its_features": (
        READ + "from sklearn.linear_model import LinearRegression\n"
        "LinearRegression().fit(X, train['body_mass_g'][:4])\n",
        "lengths",
    ),
    "validation_labels_scored_against_test_predictions": (
        FITTED + "test = pd.read_csv('./input/test.csv')\n"
        "print(accuracy_score(y, model.predict(test[NUM])))\n",
        "lengths",
    ),
    "split_of_features_and_a_filtered_target": (
        READ + "from sklearn.model_selection import train_test_split\n"
        "target = train.loc[train['year'] > 2007, 'species']\n"
        "parts = train_test_split(X, target, test_size=0.5)\n",
        "lengths",
    ),
    "text_left_in_the_test_frame_of_a_lightgbm_model": (
        LGB + "test = pd.read_csv('./input/test.csv')\n"
        "train['sex'] = train['sex'].map({'male': 0, 'female': 1})\n"
        "cols = NUM + ['sex']\n"
        "m = lgb.LGBMRegressor(n_estimators=2, min_child_samples=1, verbose=-1)\n"
        "m.fit(train[cols], train['body_mass_g'])\nprint(m.predict(test[cols]))\n",
        "dtypes",
    ),
    "tfidf_matrix_into_naive_bayes": (
        TEXT + "from sklearn.naive_bayes import GaussianNB\n"
        "M = TfidfVectorizer().fit_transform(text)\nGaussianNB().fit(M, labels)\n",
        "dtypes",
    ),
    "a_dropped_ratio_column_named_after_a_grouped_merge": (
        READ + "train['bill_ratio'] = train['bill_length_mm'] / train['bill_depth_mm']\n"
        "train.loc[train['bill_ratio'] > 3, 'bill_ratio'] = 3.0\n"
        "agg = train.groupby('island')['body_mass_g'].agg(mass_mean='mean', mass_max='max')"
        ".reset_index()\n"
        "train = train.merge(agg, on='island', how='left')\n"
        "ratios = [c for c in train.columns if '_ratio' in c]\n"
        "train = train.drop(columns=ratios)\n"
        "print(train[['mass_mean', 'bill_ratio']].shape)\n",
        "columns",
    ),
    "an_old_name_after_the_columns_are_upper_cased": (
        READ + "train.columns = train.columns.str.upper()\nprint(train['species'].nunique())\n",
        "columns",
    ),
    "a_count_read_by_position_under_pandas_3": (
        READ + "counts = train['species'].value_counts()\nprint(counts[0])\n",
        "columns",
    ),
    "accuracy_of_probabilities": (
        SCORED + "yb = (y == 'Adelie').astype(int)\n"
        "m = LogisticRegression(max_iter=500).fit(X, yb)\n"
        "print(accuracy_score(yb, m.predict_proba(X)[:, 1]))\n",
        "lengths",
    ),
    "f1_of_a_regressors_predictions_on_a_validation_split": (
        SCORED + "from sklearn.linear_model import Ridge\n"
        "from sklearn.metrics import f1_score\n"
        "from sklearn.model_selection import train_test_split\n"
        "yb = (y == 'Adelie').astype(int)\n"
        "a, b, ya, yv = train_test_split(X, yb, test_size=0.5, random_state=0)\n"
        "print(f1_score(yv, Ridge().fit(a, ya).predict(b)))\n",
        "lengths",
    ),
    "test_file_grouped_by_the_target": (
        "import pandas as pd\ntest = pd.read_csv('./input/test.csv')\n"
        "m = test.groupby('species')['body_mass_g'].transform('median')\n",
        "columns",
    ),
    "grouped_by_a_list_with_a_missing_key": (
        "import pandas as pd\ntest = pd.read_csv('./input/test.csv')\nd = test.copy()\n"
        "d['island'] = d['island'].str.strip()\n"
        "m = d.groupby(['island', 'sex', 'species'])['body_mass_g'].mean()\n",
        "columns",
    ),
    "text_of_a_keyed_concat_reaches_lightgbm": (
        KEYED + "cat = [c for c in d.columns if d[c].dtype == 'O']\n" + KEYED_FIT,
        "dtypes",
    ),
    "multi_output_probabilities_indexed_in_a_fold_loop": (
        READ + MULTI + "    p = mo.predict_proba(X.iloc[b])[:, 0]\n",
        "positions",
    ),
    "memory_saving_loop_that_skips_object_columns": (shrink("col_type != object"), "operations"),
    "one_hot_columns_made_apart_for_train_and_test": (
        DUMMIES + "print(m.predict(Xt))\n",
        "features_in",
    ),
}

VALID: dict[str, str] = {
    "one_hot_columns_aligned_before_predicting": (
        DUMMIES + "print(m.predict(Xt.reindex(columns=X.columns, fill_value=0)))\n"
    ),
    "memory_saving_loop_that_skips_text_columns": shrink(
        "str(col_type) not in ('str', 'object', 'category')"
    ),
    "memory_saving_loop_on_numbers_only": shrink("pd.api.types.is_numeric_dtype(df[col])"),
    "text_of_a_keyed_concat_made_categories": (
        KEYED + "cat = [c for c in d.columns if d[c].dtype in ('O', 'str')]\n" + KEYED_FIT
    ),
    "multi_output_probabilities_taken_per_target": (
        READ + MULTI + "    p = [q[:, 0] for q in mo.predict_proba(X.iloc[b])]\n"
    ),
    "grouped_by_an_index_level_name": (
        "import pandas as pd\ntest = pd.read_csv('./input/test.csv').set_index('island')\n"
        "print(test.groupby('island')['body_mass_g'].mean().round(1).to_dict())\n"
    ),
    "a_list_of_one_label_per_row": (
        "import pandas as pd\ntest = pd.read_csv('./input/test.csv')\n"
        "print(test.groupby(['a', 'species'])['body_mass_g'].mean().to_dict())\n"
    ),
    "grouped_by_present_columns": (
        READ + "print(train.groupby(['island', 'species'])['body_mass_g'].mean().size)\n"
    ),
    "a_count_read_by_label_and_by_position": READ + "counts = train['species'].value_counts()\n"
    "print(counts['Adelie'], counts.iloc[0], train['year'].value_counts()[2007])\n",
    "accuracy_of_thresholded_probabilities": SCORED + "yb = (y == 'Adelie').astype(int)\n"
    "m = LogisticRegression(max_iter=500).fit(X, yb)\n"
    "print(accuracy_score(yb, (m.predict_proba(X)[:, 1] > 0.5).astype(int)))\n",
    "the_new_names_after_the_columns_are_renamed": READ
    + "train.columns = train.columns.str.replace('_mm', '').str.upper()\n"
    "print(train[['BILL_LENGTH', 'SPECIES']].shape)\n",
    "tfidf_into_logistic_regression_in_every_fold": TEXT
    + "from sklearn.linear_model import LogisticRegression\n"
    "pipe = Pipeline([('tfidf', TfidfVectorizer()), ('clf', LogisticRegression())])\n"
    "print(len(cross_val_score(pipe, text, labels, cv=2)))\n",
    "grouped_merge_then_the_kept_columns": READ
    + "agg = train.groupby('island')['body_mass_g'].agg(mass_mean='mean').reset_index()\n"
    "train = train.merge(agg, on='island', how='left')\n"
    "print(train[[c for c in train.columns if 'mass' in c]].shape)\n",
    "fold_parts_fitted_and_scored": SCORED + "from sklearn.model_selection import KFold\n"
    "for tr, va in KFold(3).split(X):\n"
    "    m = LogisticRegression(max_iter=500).fit(X.iloc[tr], y.iloc[tr])\n"
    "    print(round(accuracy_score(y.iloc[va], m.predict(X.iloc[va])), 3))\n",
    "split_parts_fitted_and_scored": READ + "from sklearn.model_selection import train_test_split\n"
    "from sklearn.linear_model import LinearRegression\n"
    "from sklearn.metrics import mean_absolute_error\n"
    "a, b, ya, yb = train_test_split(X, train['body_mass_g'], test_size=0.5, random_state=0)\n"
    "print(mean_absolute_error(yb, LinearRegression().fit(a, ya).predict(b)) >= 0)\n",
    "json_of_plain_numbers": FITTED
    + "print(json.dumps({'accuracy': acc, 'folds': scores.tolist(), 'mean': float(scores.mean()),"
    " 'n': int((train['year'] == 2007).sum()), 'cols': list(X.columns), 'avg': np.mean(scores)}))\n",
    "json_with_a_default_encoder": FITTED
    + "print(json.dumps({'folds': scores, 'model': model}, default=str)[:9])\n",
    "json_of_fold_scores_as_floats": SCORED
    + "print(json.dumps([float(s) for s in scores]), json.dumps(list(X.shape)))\n",
    "predict_after_fit": FITTED + "print(len(model.predict(X)))\n",
    "predict_after_a_chained_fit": SCORED
    + "model2 = LogisticRegression(max_iter=500).fit(X, y)\nprint(len(model2.predict(X)))\n",
    "fitted_inside_a_pipeline": SCORED
    + "from sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import StandardScaler\n"
    "pipe = make_pipeline(StandardScaler(), model)\npipe.fit(X, y)\nprint(len(model.predict(X)))\n",
    "fitted_by_an_own_function": SCORED + "def train_it(est):\n    est.fit(X, y)\n    return est\n"
    "train_it(model)\nprint(len(model.predict(X)))\n",
    "best_params_after_the_search_is_fitted": SCORED
    + "search = GridSearchCV(model, {'C': [0.5, 1.0]}, cv=2)\nsearch.fit(X, y)\n"
    "print(sorted(search.best_params_))\n",
    "mapped_codes_without_a_gap_cast_to_int": READ
    + "m = {'Torgersen': 0, 'Biscoe': 1, 'Dream': 2}\n"
    "train['isl'] = train['island'].map(m).astype(int)\nprint(train['isl'].sum())\n",
    "label_encoder_given_one_column": READ + "from sklearn.preprocessing import LabelEncoder\n"
    "print(LabelEncoder().fit_transform(train['island']).max())\n",
    "hstack_of_the_same_rows": FITTED
    + "print(np.hstack([model.predict_proba(X), np.zeros((len(X), 1))]).shape)\n",
    "percent_format_of_the_mean_score": SCORED
    + "print('CV %.4f +/- %.4f' % (scores.mean(), scores.std()), '%s' % scores)\n",
    "numeric_label_in_a_lightgbm_dataset": LGB
    + "booster = lgb.train(params, lgb.Dataset(X, label=train['body_mass_g']), num_boost_round=2)\n"
    "print(booster.num_trees())\n",
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
