"""What analysis keeps of a frame through fold parts, `.loc` assignments and row statistics.

- `(df[cols] == "Yes").sum(axis=1)`: a frame compared with a literal is a frame of booleans
  computed from the values, and a row statistic of a known frame is a known Series, so the
  frame it is assigned to keeps its values (NaN a later `map` leaves is still seen).
- `df["x"] = np.nan` is a constant column like `df["x"] = 0`.
- `df.drop("col")` without an axis drops rows: a text label among rows numbered 0..n-1 is
  pandas' KeyError.
- `pd.DataFrame(index=df.index)` starts with no columns: the ones the program assigns are
  all it has, so reading another is pandas' KeyError.
- A fold's rows of a frame (`X.iloc[tr]`, `X.loc[tr, cols]` of a frame indexed 0..n-1) keep
  its columns' dtypes, so LightGBM's dtype check sees a text column in the first fold.
- A loop that assigns a column with `.loc` (out-of-fold target encoding) changes that column
  only: the others keep the dtypes their values had, and LightGBM refuses the text among
  them whatever the changed column holds.
Every snippet runs for real against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.model_selection import KFold\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "y = (train['species'] == 'Adelie').astype(int).to_numpy()\n"
)
LGB = (
    READ + "import lightgbm as lgb\n"
    "X = train.drop(columns=['species', 'id'])\n"
    "X['band'] = np.select([X['year'] < 2008, X['year'] < 2009], ['old', 'mid'], 'new')\n"
    "for c in ['island', 'sex']:\n"
    "    X[c] = X[c].astype('category')\n"
)
TARGET_ENCODED = (
    "X['te'] = np.nan\n"
    "for a, b in KFold(n_splits=3).split(X):\n"
    "    means = pd.Series(y[a]).groupby(X['island'].iloc[a].values).mean()\n"
    "    X.loc[b, 'te'] = X['island'].iloc[b].map(means).values\n"
)
FOLD_FIT = (
    "for a, b in KFold(n_splits=4, shuffle=True, random_state=0).split(X):\n"
    "    lgb.LGBMClassifier(n_estimators=3, min_child_samples=1, verbose=-1)"
    ".fit(X.loc[a, cols], y[a])\n"
)

CRASHES: dict[str, tuple[str, str]] = {
    "a_column_dropped_as_a_row_label": (READ + "X = train.drop('species')\n", "columns"),
    "columns_dropped_as_row_labels": (READ + "X = train.drop(['id', 'species'])\n", "columns"),
    "row_sum_of_a_comparison_keeps_the_frame_known": (
        READ + "train['n_male'] = (train[['sex', 'island']] == 'male').sum(axis=1)\n"
        "train['island'] = train['island'].map({'Biscoe': 0, 'Dream': 1})\n"
        "LogisticRegression(max_iter=300).fit(train[['island', 'n_male']], y)\n",
        "dtypes",
    ),
    "a_nan_constant_column_is_known": (
        READ + "train['gap'] = np.nan\n"
        "LogisticRegression(max_iter=300).fit(train[['year', 'gap']], y)\n",
        "dtypes",
    ),
    "fold_rows_of_a_frame_keep_its_text_column": (
        LGB + "cols = [c for c in X.columns if c != 'sex']\n" + FOLD_FIT,
        "dtypes",
    ),
    "a_target_encoded_column_leaves_the_other_dtypes_known": (
        LGB + TARGET_ENCODED + "cols = list(X.columns)\n" + FOLD_FIT,
        "dtypes",
    ),
    "a_feature_frame_built_from_an_index_lacks_a_column": (
        READ + "out = pd.DataFrame(index=train.index)\n"
        "out['mass_kg'] = train['body_mass_g'] / 1000\n"
        "out['long'] = (train['bill_length_mm'] > 45).astype(int)\n"
        "LogisticRegression(max_iter=300).fit(out[['mass_kg', 'long', 'deep']], y)\n",
        "columns",
    ),
}

VALID: dict[str, str] = {
    "a_column_dropped_on_its_axis": READ + "X = train.drop('species', axis=1)\n",
    "a_row_dropped_by_its_number": READ + "X = train.drop(0)\n",
    "row_labels_dropped_if_present": READ + "X = train.drop('species', errors='ignore')\n",
    "a_feature_frame_built_from_an_index": (
        READ + "out = pd.DataFrame(index=train.index)\n"
        "out['mass_kg'] = train['body_mass_g'] / 1000\n"
        "out['long'] = (train['bill_length_mm'] > 45).astype(int)\n"
        "LogisticRegression(max_iter=300).fit(out[['mass_kg', 'long']], y)\n"
    ),
    "row_statistics_of_numbers_fitted": (
        READ + "train['n_male'] = (train[['sex', 'island']] == 'male').sum(axis=1)\n"
        "train['big'] = (train[['bill_length_mm', 'body_mass_g']] > 45).mean(axis=1)\n"
        "LogisticRegression(max_iter=300).fit(train[['year', 'n_male', 'big']], y)\n"
    ),
    "text_cast_to_category_before_the_folds": (
        LGB
        + "X['band'] = X['band'].astype('category')\n"
        + TARGET_ENCODED
        + "cols = list(X.columns)\n"
        + FOLD_FIT
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
