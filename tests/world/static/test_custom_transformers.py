"""The program's own transformer, whose fit_transform scikit-learn's TransformerMixin gives.

`Custom().fit_transform(X)` runs the program's `fit`, then `transform` of what fit
returned, so the frame it gives is the program's transform's: a column it dropped is
pandas' KeyError, and a fit that returns nothing leaves the mixin calling `transform` on
None. Every snippet runs for real against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests


def custom(fit_returns: str, read: str) -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.base import BaseEstimator, TransformerMixin\n"
        "class DropIsland(BaseEstimator, TransformerMixin):\n"
        "    def fit(self, X, y=None):\n"
        "        self.n_ = len(X)\n"
        f"        {fit_returns}\n"
        "    def transform(self, X):\n"
        "        return X.drop(columns=['island'])\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "Z = DropIsland().fit_transform(train)\n"
        f"print({read})\n"
    )


CRASHES = {
    "a_column_its_transform_dropped": (custom("return self", "Z['island']"), "columns"),
    "a_fit_that_returns_nothing": (custom("pass", "Z"), "names"),
}
VALID = {"a_column_it_kept": custom("return self", "Z['sex']")}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
