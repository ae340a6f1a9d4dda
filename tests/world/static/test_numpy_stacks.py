"""Arrays a program builds by hand with numpy: shapes kept through arithmetic, then stacked.

A 2-D array taken from a frame keeps its shape through arithmetic with its own column
statistics (`(A - A.mean(0)) / A.std(0)`, in a helper), and `np.column_stack` of arrays
whose rows differ (a column of ones sized by the training rows next to the test matrix)
raises numpy's own ValueError, found where the arrays' shapes are known up to the first
mismatch. A scaler fitted and applied by hand (`sc.transform(X)`) lets NaN through, so a
linear model fitted on its array meets it, as in a pipeline of the two. Each snippet runs for real (conftest.run_real: train.csv has 6 rows, test.csv 2).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
    "cols = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm']\n"
    "A = train[cols].values.astype(float)\n"
    "B = test[cols].values.astype(float)\n"
    "n, p = A.shape\n"
    "def scale(M, ref):\n"
    "    m, s = ref.mean(0), ref.std(0)\n"
    "    return (M - m) / s\n"
)


def design(rows: str) -> str:
    return READ + f"Z = scale(B, A)\nD = np.column_stack([np.ones({rows}), Z, Z[:, 1] ** 2])\n"


def scaled_by_hand(feature: str) -> str:
    """A scaler fitted and applied by hand, its array fitted on: NaN passes the scaler."""
    return (
        READ + "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.preprocessing import StandardScaler\n"
        f"train['extra'] = {feature}\n"
        "X = train[cols + ['extra']]\n"
        "sc = StandardScaler().fit(X)\n"
        "LogisticRegression().fit(sc.transform(X), train['species'])\n"
    )


CRASHES = {
    "ones_sized_by_the_training_rows_next_to_the_test_matrix": (design("n"), "lengths"),
    "log_of_negatives_passes_a_scaler_into_a_linear_model": (
        scaled_by_hand("np.log(train['bill_length_mm'] - 40)"),
        "dtypes",
    ),
}
VALID = {
    "ones_sized_by_the_test_rows": design("len(Z)") + "print(D.shape)\n",
    "log_of_positives_passes_a_scaler_into_a_linear_model": scaled_by_hand(
        "np.log(train['bill_length_mm'] - 30)"
    ),
    "training_matrix_with_its_own_rows": READ
    + "Z = scale(A, A)\nprint(np.column_stack([np.ones(n), Z]).shape)\n",
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
