"""Columns built with Series methods keep the frame's real values (static/computed.py).

`df["x"].map({...})`, `.fillna(0)`, `.replace(...)`, `.astype(...)`, `.clip(...)`,
`.where(mask, 0)`, window statistics (`.rolling(3).mean()`, `.shift(1)`), the calendar
numbers of `.dt` (of `pd.to_datetime(...)` or of a column of dates), `np.where` /
`np.select` of masks, numpy ufuncs, `value_counts()`, a groupby's `transform("mean")` and a
column's statistics (`fillna(s.median())`), two such Series compared (`s.dt.year == df["year"]`)
are run for real on the column's values, so
a frame that gets such a column assigned still holds its values: NaN that `map` leaves
for a category the dict lacks, or text that `replace` leaves behind, is seen where it
reaches an estimator that refuses it. Every snippet runs for real against the
penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "train = pd.read_csv('./input/train.csv')\n"
)
FIT = "LogisticRegression(max_iter=500).fit(train[['island', 'year']], train['species'])\n"

CRASHES: dict[str, tuple[str, str]] = {
    "a_str_accessor_flag_keeps_the_frame_known": (
        READ + "train['dream'] = train['island'].str.contains('ream').astype(int)\n"
        "train['isl_len'] = train['island'].str.lower().str.len()\n"
        "train['island'] = train['island'].map({'Biscoe': 0, 'Torgersen': 2})\n"
        "LogisticRegression(max_iter=500).fit(train[['island', 'dream', 'isl_len']],"
        " train['species'])\n",
        "dtypes",
    ),
    "map_leaves_nan_for_a_category_the_dict_lacks": (
        READ + "train['island'] = train['island'].map({'Biscoe': 0, 'Dream': 1})\n" + FIT,
        "dtypes",
    ),
    "replace_leaves_text_behind": (
        READ + "train['island'] = train['island'].replace({'Biscoe': 0, 'Dream': 1})\n" + FIT,
        "dtypes",
    ),
    "calendar_numbers_keep_the_frame_known": (
        READ + "train['when'] = pd.to_datetime(train['year'], format='%Y').dt.year\n"
        "train['island'] = train['island'].map({'Biscoe': 0, 'Torgersen': 2})\n"
        "LogisticRegression(max_iter=500).fit(train[['island', 'when']], train['species'])\n",
        "dtypes",
    ),
    "rolling_means_start_with_nan": (
        READ + "train = train.sort_values('year').reset_index(drop=True)\n"
        "train['mass_3'] = train['body_mass_g'].rolling(3).mean()\n"
        "LogisticRegression(max_iter=500).fit(train[['mass_3', 'year']], train['species'])\n",
        "dtypes",
    ),
    "lags_of_a_dated_frame_start_with_nan": (
        READ + "train['when'] = pd.to_datetime(train['year'], format='%Y')\n"
        "train['month'] = train['when'].dt.month\n"
        "train['prev'] = train['bill_depth_mm'].shift(1)\n"
        "LogisticRegression(max_iter=500).fit(train[['month', 'prev']], train['species'])\n",
        "dtypes",
    ),
    "where_keeps_the_text_it_does_not_replace": (
        READ + "keep = train['island'] != 'Dream'\n"
        "train['island'] = train['island'].where(keep, 0)\n" + FIT,
        "dtypes",
    ),
    "np_where_gives_text": (
        READ + "import numpy as np\n"
        "train['size'] = np.where(train['body_mass_g'] > 4000, 'big', 'small')\n"
        "LogisticRegression(max_iter=500).fit(train[['size', 'year']], train['species'])\n",
        "dtypes",
    ),
    "np_where_with_nan_after_a_group_transform": (
        READ + "import numpy as np\n"
        "train['mass_dev'] = train['body_mass_g'] - train.groupby('island')['body_mass_g']"
        ".transform('mean')\n"
        "train['dream'] = np.where(train['island'] == 'Dream', 1.0, np.nan)\n"
        "LogisticRegression(max_iter=500).fit(train[['mass_dev', 'dream']], train['species'])\n",
        "dtypes",
    ),
    "median_fill_of_one_column_keeps_the_others_nan": (
        READ + "train['a'] = train['bill_length_mm'].where(train['year'] > 2007)\n"
        "train['b'] = train['bill_depth_mm'].where(train['year'] > 2008)\n"
        "train['a'] = train['a'].fillna(train['a'].median())\n"
        "LogisticRegression(max_iter=500).fit(train[['a', 'b']], train['species'])\n",
        "dtypes",
    ),
    "a_column_checked_against_a_computed_one": (
        READ + "train['bill_cm'] = train['bill_length_mm'] / 10\n"
        "assert (train['bill_cm'].round() * 10 == train['bill_length_mm']).all(), 'not whole cm'\n",
        "computed",
    ),
}

VALID: dict[str, str] = {
    "a_column_checked_against_a_computed_one_that_agrees": (
        READ + "train['mass_kg'] = train['body_mass_g'] / 1000\n"
        "assert (train['mass_kg'] * 1000 == train['body_mass_g']).all(), 'mass mismatch'\n"
    ),
    "str_accessor_flags_fitted": (
        READ + "train['dream'] = train['island'].str.contains('ream').astype(int)\n"
        "train['isl_len'] = train['island'].str.strip().str.len()\n"
        "LogisticRegression(max_iter=500).fit(train[['year', 'dream', 'isl_len']],"
        " train['species'])\n"
    ),
    "median_fills_every_gap": (
        READ + "train['a'] = train['bill_length_mm'].where(train['year'] > 2007)\n"
        "train['a'] = train['a'].fillna(train['a'].median())\n"
        "LogisticRegression(max_iter=500).fit(train[['a', 'year']], train['species'])\n"
    ),
    "select_frequencies_and_group_means": (
        READ + "import numpy as np\n"
        "train['kind'] = np.select([train['year'] == 2007, train['year'] == 2008], [0, 1], 2)\n"
        "train['island_n'] = train['island'].map(train['island'].value_counts())\n"
        "train['mass_dev'] = np.log1p(train['body_mass_g']) - train.groupby('sex')"
        "['body_mass_g'].transform('median')\n"
        "cols = ['kind', 'island_n', 'mass_dev']\n"
        "LogisticRegression(max_iter=500).fit(train[cols], train['species'])\n"
    ),
    "rolling_means_filled": (
        READ + "train['mass_3'] = train['body_mass_g'].rolling(3, min_periods=1).mean()\n"
        "train['prev'] = train['bill_depth_mm'].shift(1).fillna(0)\n"
        "LogisticRegression(max_iter=500).fit(train[['mass_3', 'prev']], train['species'])\n"
    ),
    "map_covers_every_category": (
        READ
        + "train['island'] = train['island'].map({'Biscoe': 0, 'Dream': 1, 'Torgersen': 2})\n"
        + FIT
    ),
    "fillna_after_map_fills_the_gaps": (
        READ + "train['island'] = train['island'].map({'Biscoe': 0, 'Dream': 1}).fillna(-1)\n" + FIT
    ),
    "astype_of_a_clipped_number": (
        READ + "train['year'] = train['year'].clip(2007, 2008).astype('float64')\n"
        "train['island'] = train['island'].map({'Biscoe': 0, 'Dream': 1, 'Torgersen': 2})\n" + FIT
    ),
    "calendar_numbers_of_dates": (
        READ + "train['when'] = pd.to_datetime(train['year'], format='%Y').dt.year\n"
        "LogisticRegression(max_iter=500).fit(train[['when', 'bill_depth_mm']], train['species'])\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
