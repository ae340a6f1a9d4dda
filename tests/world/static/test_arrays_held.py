"""Designs built by hand with numpy from values analysis holds: numpy run for real on them.

`df[cols].to_numpy(dtype=float)` of a frame whose values are known is the array itself;
columns taken, transformed in a helper's loop and stacked, codes compared with
`np.unique`'s levels, cells written in place, a list comprehension over `range(k)` of a
helper's number per column: each step is numpy's own, so a linear model
fitted on the design meets its real NaN or text cells, and an index numpy rejects is the
run's IndexError. A store on a line that may not run forgets the values instead of
guessing. Each snippet runs for real (conftest.run_real: train.csv has 6 rows).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import sys\n"
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "COLS = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm']\n"
    "A = train[COLS].to_numpy(dtype=float)\n"
    "y = train['species'].to_numpy()\n"
)


def logged(shift: int) -> str:
    """Each column's log after a shift, in a helper's loop: NaN where a value is below it."""
    return (
        READ + "def design(M):\n"
        "    out = []\n"
        "    for j in range(M.shape[1]):\n"
        f"        out.append(np.log(M[:, j] - {shift}))\n"
        "    return np.column_stack(out)\n"
        "LogisticRegression().fit(design(A), y)\n"
    )


def one_hot(source: str) -> str:
    """Island codes against np.unique's levels, stacked beside `source`."""
    return (
        READ + "S = train[['island']].to_numpy().astype(str)\n"
        "levels = np.unique(S[:, 0])[1:]\n"
        "codes = (S[:, 0, None] == levels).astype(float)\n"
        f"D = np.hstack([A, {source}])\n"
        "LogisticRegression(max_iter=500).fit(D, y)\n"
        "print(D.shape)\n"
    )


def screened(test_design: str) -> str:
    """Columns kept by a helper's score, one per column in a comprehension over `range`."""
    return (
        READ + "test = pd.read_csv('./input/test.csv')\n"
        "def spread(col):\n"
        "    return (col.max() - col.min()) / col.mean()\n"
        "scores = np.array([spread(A[:, j]) for j in range(A.shape[1])])\n"
        "keep = scores > 0.05\n"
        f"B = {test_design}\n"
        "print(keep.sum(), B[:, keep].shape)\n"
    )


CRASHES = {
    "nan_from_a_log_in_a_helpers_loop_reaches_a_linear_model": (logged(40), "dtypes"),
    "text_codes_stacked_instead_of_their_one_hot": (one_hot("S"), "dtypes"),
    "nan_written_in_place_by_column": (
        READ + "j = COLS.index('bill_depth_mm')\n"
        "A[:, j] = np.where(A[:, j] > 19, np.nan, A[:, j])\n"
        "LogisticRegression().fit(A, y)\n",
        "dtypes",
    ),
    "index_past_the_last_axis_of_a_reshaped_array": (
        READ + "cube = A.reshape(-1, 3, 1)\nprint(cube[:, :, 1].mean())\n",
        "arrays",
    ),
    "a_missing_column_after_a_list_of_held_columns_is_copied": (
        READ + "parts = [A[:, 0], A[:, 1]]\n"
        "kept = parts.copy()\n"
        "print(len(kept), train['bill_ratio'].mean())\n",
        "columns",
    ),
    "a_column_mask_one_longer_than_the_test_columns": (
        READ + "test = pd.read_csv('./input/test.csv')\n"
        "keep = A.std(axis=0) > 0\n"
        "B = test[COLS].to_numpy(dtype=float)[:, 1:]\n"
        "print(B[:, keep].shape)\n",
        "arrays",
    ),
    "a_mask_from_a_helper_run_per_column_one_longer_than_the_test_columns": (
        screened("test[COLS].to_numpy(dtype=float)[:, 1:]"),
        "arrays",
    ),
}
VALID = {
    "a_mask_from_a_helper_run_per_column_on_as_many_test_columns": (
        screened("test[COLS].to_numpy(dtype=float)")
    ),
    "logs_of_positive_values": logged(10),
    "one_hot_codes_stacked": one_hot("codes"),
    "nan_written_only_under_a_condition_that_does_not_hold": (
        READ + "if len(sys.argv) > 5:\n    A[:, 0] = np.nan\nLogisticRegression().fit(A, y)\n"
    ),
    "nan_written_then_filled_by_column_median": (
        READ + "A[:, 1] = np.where(A[:, 1] > 19, np.nan, A[:, 1])\n"
        "med = np.nanmedian(A, axis=0)\n"
        "rows, cols = np.where(np.isnan(A))\n"
        "A[rows, cols] = med[cols]\n"
        "LogisticRegression().fit(A, y)\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
