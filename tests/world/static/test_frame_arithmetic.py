"""Arithmetic of whole frames whose values are known (computed.frame_arithmetic).

`X.mean()`, `X.std()` and the other column statistics of a frame whose values analysis
holds are computed (one value a column), and so is arithmetic of such a frame with them,
with a number or with a frame of the same rows and columns: `(X - X.mean()) / X.std()`
keeps its values, so a constant column's NaN reaches the model's fit as it would, and
arithmetic pandas refuses is named in pandas' words. Every snippet runs for real against
the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "y = train['species']\n"
)
NUM = "X = train[['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm']].copy()\n"

CRASHES: dict[str, tuple[str, str]] = {
    "a_constant_column_standardized_by_hand": (
        READ + NUM + "X['ones'] = 1.0\n"
        "mu, sd = X.mean(), X.std()\n"
        "Z = (X - mu) / sd\n"
        "LogisticRegression(max_iter=500).fit(Z, y)\n",
        "dtypes",
    ),
    "a_constant_column_scaled_by_its_range": (
        READ + NUM + "X['ones'] = 1.0\n"
        "Z = (X - X.min()) / (X.max() - X.min())\n"
        "LogisticRegression(max_iter=500).fit(Z, y)\n",
        "dtypes",
    ),
    "text_in_a_frame_plus_a_number": (
        READ + "shifted = train[['island', 'year']] + 1\n",
        "computed",
    ),
}

VALID = {
    "numbers_standardized_by_hand": (
        READ + NUM + "Z = (X - X.mean()) / X.std()\n"
        "model = LogisticRegression(max_iter=500).fit(Z, y)\n"
        "print(model.predict(Z)[:2])\n"
    ),
    "a_frame_halved_and_added_to_itself": (
        READ + NUM + "W = X / 2 + X\nprint(W.round(1).head(2))\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
