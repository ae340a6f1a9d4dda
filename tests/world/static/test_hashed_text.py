"""Hashed text counts reweighted with a sublinear tf (text_terms.py).

A HashingVectorizer counts terms with alternating signs by default, so some counts are
negative; `TfidfTransformer(sublinear_tf=True)` takes their log, NaN, and its own
normalising refuses it. Counted without signs, or not normalised, they run. Every snippet
runs for real against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests


def reweighted(hashing: str, reweight: str) -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.feature_extraction.text import HashingVectorizer, TfidfTransformer\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "text = train['island']\n"
        f"counts = HashingVectorizer({hashing}).transform(text)\n"
        f"X = TfidfTransformer({reweight}).fit_transform(counts)\n"
        "print(X.shape)\n"
    )


CRASHES = {"signed_counts_under_a_sublinear_tf": reweighted("n_features=64", "sublinear_tf=True")}
VALID = {
    "counts_without_signs": reweighted("n_features=64, alternate_sign=False", "sublinear_tf=True"),
    "a_linear_tf": reweighted("n_features=64", ""),
    "left_unnormalised": reweighted("n_features=64", "sublinear_tf=True, norm=None"),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="computed")
)
