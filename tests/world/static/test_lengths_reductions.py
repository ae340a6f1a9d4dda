"""Length mismatches from known row counts, numeric reductions over text, typos on Series results.

Each crashing snippet runs for real (conftest.run_real) on the test data folder
(train.csv: 6 rows, test.csv and sample_submission.csv: 2 rows); the analysis of the
same text must name the class and the exact text Python prints. The valid snippets
run cleanly and get no finding: right lengths, rows the walk cannot count (masks,
splits, folds), reductions on numbers only or with numeric_only.
"""

from __future__ import annotations

from pathlib import Path

from mleworld.world.static import analyze
from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.model_selection import KFold, train_test_split\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
    "sample = pd.read_csv('./input/sample_submission.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
)
FIT = READ + "model = LogisticRegression(max_iter=500).fit(train[NUM], train['species'])\n"


def board(skipped: str) -> str:
    """A results table of every model's name beside the scores of the models a set skips."""
    return (
        FIT + skipped + "names, scored, scores = ['lr', 'tree', 'knn'], [], []\n"
        "for name in names:\n"
        "    if name in SKIP:\n"
        "        continue\n"
        "    scored.append(name)\n"
        "    scores.append(model.score(train[NUM], train['species']))\n"
        "print(pd.DataFrame({'model': names, 'score': scores}))\n"
    )


CRASHES: dict[str, tuple[str, str]] = {
    "correlations_of_a_frame_with_text": (READ + "print(train.corr())\n", "reductions"),
    "covariance_of_a_frame_with_text": (
        READ + "c = train.drop(columns=['id']).cov()\n",
        "reductions",
    ),
    # Across rows pandas names the first row's text: after a sort, the sorted frame's first
    # row (the sort is run for real on the file's values, static/computed.py).
    "row_statistic_of_sorted_rows": (
        READ + "train.sort_values('body_mass_g')[NUM + ['island']].mean(axis=1)\n",
        "reductions",
    ),
    "ids_from_the_training_rows": (
        FIT
        + "pred = model.predict(test[NUM])\n"
        + "pd.DataFrame({'id': train['id'], 'species': pred})\n",
        "lengths",
    ),
    "fold_average_from_zeros": (
        FIT
        + "final = np.zeros(len(test))\n"
        + "for _ in range(3):\n"
        + "    final += model.predict_proba(test[NUM])[:, 1] / 3\n"
        + "pd.DataFrame({'id': train['id'].values, 'p': final, 'q': 1})\n"
        + "sub = pd.DataFrame({'id': train['id'], 'p': final})\n",
        "lengths",
    ),
    "zeros_from_shape_and_copied_frames": (
        FIT
        + "X_test = test[NUM].fillna(0).copy().to_numpy()\n"
        + "final = np.zeros(X_test.shape[0])\n"
        + "sub = pd.DataFrame({'id': train.copy()['id'], 'p': final})\n",
        "lengths",
    ),
    "arrays_of_two_lengths": (
        FIT + "pd.DataFrame({'a': model.predict(train[NUM]), 'b': model.predict(test[NUM])})\n",
        "lengths",
    ),
    "column_of_the_wrong_length": (
        FIT + "sub = sample.copy()\nsub['Adelie'] = model.predict_proba(train[NUM])[:, 0]\n",
        "lengths",
    ),
    "lag_by_slicing_values": (
        READ + "for df in (train, test):\n    df['prev'] = df['body_mass_g'].values[:-1]\n",
        "lengths",
    ),
    "blend_of_two_pipelines": (
        READ
        + "from sklearn.pipeline import make_pipeline\n"
        + "W = 0.7\n"
        + "a = make_pipeline(LogisticRegression()).fit(train[NUM], train['species'])\n"
        + "b = make_pipeline(LogisticRegression(C=0.5)).fit(train[NUM], train['species'])\n"
        + "p = W * a.predict_proba(test[NUM])[:, 1] + (1 - W) * b.predict_proba(test[NUM])[:, 1]\n"
        + "pd.DataFrame({'id': train['id'], 'p': np.clip(np.expm1(p), 0, None)})\n",
        "lengths",
    ),
    "arrays_that_do_not_broadcast": (
        FIT + "d = model.predict_proba(train[NUM])[:, 1] - model.predict_proba(test[NUM])[:, 1]\n",
        "lengths",
    ),
    "typo_on_a_prediction_array": (
        FIT + "print(model.predict(test[NUM]).to_list())\n",
        "lengths",
    ),
    "validation_predictions_submitted": (
        FIT
        + "X_tr, X_va, y_tr, y_va = train_test_split(train[NUM], train['species'], test_size=0.5)\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = model.predict_proba(X_va)[:, 0]\n",
        "lengths",
    ),
    "validation_rows_of_an_array": (
        FIT
        + "X = train[NUM].to_numpy()\n"
        + "X_tr, X_va = train_test_split(X, train_size=0.6, random_state=0)\n"
        + "pd.DataFrame({'id': test['id'], 'p': model.predict(X_va)})\n",
        "lengths",
    ),
    "mean_over_text": (READ + "fill = train[NUM + ['sex']].mean()\n", "reductions"),
    "median_over_a_text_column": (
        READ + "X = train.drop(columns=['id', 'species']).copy()\nX.median()\n",
        "reductions",
    ),
    "median_after_feature_engineering": (
        READ
        + "for df in (train, test):\n"
        + "    for col in ['bill_length_mm', 'body_mass_g']:\n"
        + "        df[col] = np.log1p(df[col].clip(lower=0))\n"
        + "    df['ratio'] = df['bill_length_mm'] / (df['bill_depth_mm'].abs() + 1)\n"
        + "    df['heavy'] = (df['body_mass_g'] > 8).astype(int)\n"
        + "cols = [c for c in test.columns if c != 'id']\n"
        + "X = train[cols].copy()\n"
        + "X[cols].median()\n",
        "reductions",
    ),
    "row_mean_over_a_text_column": (
        READ
        + "for df in (train, test):\n"
        + "    df['n_missing'] = df.isna().sum(axis=1)\n"
        + "    df['m'] = df[NUM + ['island']].mean(axis=1)\n",
        "reductions",
    ),
    "date_parts_then_a_mean": (
        READ
        + "when = pd.to_datetime(train['year'].astype(str), format='%Y')\n"
        + "train['y'] = when.dt.year\n"
        + "train['q'] = when.dt.quarter\n"
        + "train[['y', 'q', 'sex']].mean()\n",
        "reductions",
    ),
    "std_of_a_text_series": (READ + "print(train['island'].std())\n", "reductions"),
    "groupby_mean_with_text": (READ + "train.groupby('island').mean()\n", "reductions"),
    "groupby_selected_text": (
        READ + "train.groupby('island')[['sex', 'year']].median()\n",
        "reductions",
    ),
    "typo_on_concatenated_series": (
        READ + "freq = pd.concat([train['sex'], test['sex']]).value_count(normalize=True)\n",
        "columns",
    ),
    "typo_on_a_mapped_series": (
        READ + "s = train['sex'].map({'male': 1, 'female': 0}).fillna(0)\nprint(s.summ())\n",
        "columns",
    ),
    "a_board_of_every_name_and_the_scores_of_the_models_not_skipped": (
        board("SKIP = {'tree', 'knn'}\n"),
        "lengths",
    ),
}

VALID: dict[str, str] = {
    "a_board_of_the_names_scored": board("SKIP = {'tree', 'knn'}\n").replace(
        "'model': names", "'model': scored"
    ),
    "a_board_where_no_name_is_skipped": board("SKIP = {'svm'}\n"),
    "correlations_of_the_numbers": READ + "print(train[NUM].corr())\n",
    "correlations_told_numbers_only": READ + "print(train.corr(numeric_only=True).shape)\n",
    "ids_from_the_test_rows": (
        FIT
        + "final = np.zeros(len(test))\n"
        + "final += model.predict_proba(test[NUM])[:, 1]\n"
        + "pd.DataFrame({'id': test['id'], 'p': final, 'kind': 'x'})\n"
        + "sub = sample.copy()\nsub['Adelie'] = model.predict_proba(test[NUM])[:, 0]\n"
        + "sub.to_csv('./submission/submission.csv', index=False)\n"
    ),
    "array_arithmetic_keeps_the_length": (
        FIT
        + "p = model.predict_proba(test[NUM])[:, 1]\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = (p > 0.5).astype(int)\n"
        + "sub['Gentoo'] = np.clip(np.expm1(2 * p - 1), 0, None).round(3)\n"
        + "sub['Chinstrap'] = model.predict_proba(test[NUM]).max(axis=1)\n"
        + "print(p.tolist(), p.shape)\n"
    ),
    "two_series_of_different_frames_align": (
        READ + "pd.DataFrame({'a': train['id'], 'b': test['id']})\n"
    ),
    "rows_after_a_mask_are_unknown": (
        FIT
        + "part = train[train['year'] > 2007]\n"
        + "pd.DataFrame({'id': part['id'], 'p': model.predict(train[NUM].iloc[:4])})\n"
        + "keep = train.dropna()\n"
        + "pd.DataFrame({'id': keep['id'], 'p': model.predict(train[NUM].head(6))})\n"
    ),
    "split_and_fold_rows_are_unknown": (
        FIT
        + "X_tr, X_va = train_test_split(train[NUM], test_size=2, random_state=0)\n"
        + "rows = train[train['year'] > 2007]\n"
        + "A_tr, A_va = train_test_split(rows[NUM], test_size=0.5, random_state=0)\n"
        + "pd.DataFrame({'id': test['id'], 'p': model.predict(A_va)})\n"
        + "oof = np.zeros(len(train))\n"
        + "for a, b in KFold(n_splits=3).split(train):\n"
        + "    va = model.predict_proba(train[NUM].iloc[b])[:, 0]\n"
        + "    oof[b] = va\n"
        + "sub = sample.copy()\nsub['p'] = model.predict(X_va)\n"
    ),
    "lag_by_shift": (
        READ + "for df in (train, test):\n    df['prev'] = df['body_mass_g'].shift(1)\n"
    ),
    "empty_frame_takes_the_first_column": (
        FIT + "sub = pd.DataFrame()\nsub['p'] = model.predict(train[NUM])\n"
    ),
    "numeric_means": (
        READ
        + "print(train[NUM].mean(), train['year'].median(), train.mean(numeric_only=True))\n"
        + "print(train[NUM + ['sex']].min(), train['sex'].sum())\n"
        + "train.groupby('island')[NUM].mean()\n"
        + "train.groupby('island').mean(numeric_only=True)\n"
    ),
    "text_encoded_before_the_mean": (
        READ
        + "train['sex'] = (train['sex'] == 'male').astype(int)\nprint(train[NUM + ['sex']].mean())\n"
    ),
    "text_mapped_before_the_engineered_mean": (
        READ
        + "train['island'] = train['island'].map({'Torgersen': 0, 'Biscoe': 1, 'Dream': 2})\n"
        + "train['r'] = train['bill_length_mm'] - train['bill_depth_mm']\n"
        + "print(train[NUM + ['island', 'r']].mean(), train[NUM + ['r']].mean(axis=1))\n"
    ),
    "series_methods_that_exist": (
        READ
        + "print(pd.concat([train['sex'], test['sex']]).value_counts(normalize=True))\n"
        + "print(train['sex'].map({'male': 1}).fillna(0).sum())\n"
    ),
}


real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)


def test_a_frame_changed_in_place_loses_its_rows(data_dir: Path) -> None:
    program = (
        FIT + "train.dropna(inplace=True)\n"
        "pd.DataFrame({'id': train['id'], 'p': model.predict(test[NUM])})\n"
    )
    assert analyze(program, data_dir).first_fatal is None
