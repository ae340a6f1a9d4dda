"""Text that reaches a fit on a fold's rows, when the frame's rows are no longer the file's.

Folds kept as a list (`list(skf.split(X, y))`) are walked like the splitter's own (a
TimeSeriesSplit's first fold is its leading rows, values and all), a column
name computed from names a fold loop does not rebind (`col + "_te"` inside `for col in`)
is known, and `s.str.split().str[0]` is computed on the column's values. A fit on a fold of
a frame with a text column then raises scikit-learn's "could not convert string to float",
naming the first text cell the fold holds (analysis names the table's first: the snippets
keep that cell the same in the fold's first row). Each snippet runs for real
(conftest.run_real); valid look-alikes turn the text into numbers first.
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.ensemble import HistGradientBoostingClassifier\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.model_selection import KFold\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
)


def encoded_in_folds(word: str) -> str:
    """A word column, a target encoding filled fold by fold, then a model per fold."""
    return (
        READ + "folds = list(KFold(n_splits=3).split(train))\n"
        f"train['word'] = train['sex'].str.upper().str.split('A'){word}\n"
        "for col in ['body_mass_g']:\n"
        "    train[col + '_te'] = np.nan\n"
        "    for a, b in folds:\n"
        "        train.loc[train.index[b], col + '_te'] = train[col].values[a].mean()\n"
        "FEATS = [c for c in train.columns if c not in ('id', 'species', 'island', 'sex')]\n"
        "for a, b in folds:\n"
        "    model = HistGradientBoostingClassifier(max_iter=5)\n"
        "    model.fit(train.iloc[a][FEATS], train['species'].values[a])\n"
    )


def fitted_on_folds(columns: str) -> str:
    return (
        READ + f"X, y = train[{columns}], train['species'].values\n"
        "for a, b in KFold(n_splits=3).split(X):\n"
        "    LogisticRegression(max_iter=200).fit(X.iloc[a], y[a])\n"
    )


def fitted_on_time_folds(columns: str) -> str:
    """TimeSeriesSplit: the first fold trains on the leading rows, known exactly."""
    return (
        READ + "from sklearn.model_selection import TimeSeriesSplit\n"
        f"X, y = train[{columns}], train['species'].values\n"
        "for a, b in TimeSeriesSplit(n_splits=2).split(X):\n"
        "    model = LogisticRegression(max_iter=200).fit(X.iloc[a], y[a])\n"
        "    print(model.score(X.iloc[b], y[b]))\n"
    )


CRASHES = {
    "text_column_on_the_leading_rows_of_a_time_split": fitted_on_time_folds("NUM + ['island']"),
    "first_word_reaches_boosting_on_a_fold": encoded_in_folds(".str[0]"),
    "text_column_reaches_a_linear_model_on_a_fold": fitted_on_folds("NUM + ['sex']"),
    "first_of_a_list_of_folds": READ + "folds = list(KFold(n_splits=3).split(train))\n"
    "a, b = folds[0]\n"
    "LogisticRegression(max_iter=200).fit(train.iloc[a][NUM + ['sex']], train['species'].values[a])\n",
}

VALID = {
    "numbers_on_the_leading_rows_of_a_time_split": fitted_on_time_folds("NUM"),
    "word_lengths_are_numbers": encoded_in_folds(".str.len()"),
    "numbers_only_on_a_fold": fitted_on_folds("NUM"),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="dtypes")
)
