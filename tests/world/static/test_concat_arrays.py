"""A numpy array among the objects `pd.concat` joins: pandas' TypeError (frame_sources.py).

`np.where(...)` or a model's predictions put beside a frame with `pd.concat` instead of
being assigned as a column. Every snippet runs for real against the penguin-like data
folder (conftest.run_real), so the message is the installed pandas'.
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import numpy as np\nimport pandas as pd\n"
    "from sklearn.linear_model import LinearRegression\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X = train[['bill_length_mm', 'bill_depth_mm']]\n"
    "heavy = np.where(train['body_mass_g'] > 4000, 1, 0)\n"
    "pred = LinearRegression().fit(X, train['body_mass_g']).predict(X)\n"
    "print('ready')\n"
)

CRASHES: dict[str, tuple[str, str]] = {
    "a_where_array_beside_a_frame": (
        READ + "both = pd.concat([X, heavy], axis=1)\n",
        "arrays",
    ),
    "predictions_beside_the_ids": (
        READ + "out = pd.concat([train['id'], pred], axis=1)\n",
        "arrays",
    ),
}

VALID = {
    "the_array_made_a_series_first": (
        READ + "both = pd.concat([X, pd.Series(heavy, name='heavy')], axis=1)\n"
    ),
    "the_array_assigned_as_a_column": READ + "X = X.assign(heavy=heavy)\n",
    "arrays_stacked_by_numpy": READ + "both = np.column_stack([X.to_numpy(), heavy])\n",
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
