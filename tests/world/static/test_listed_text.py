"""A text vectorizer given its column as a list in a column transformer.

`make_column_transformer((TfidfVectorizer(min_df=2, max_df=0.9), ["island"]))` hands the
vectorizer a one-column frame, and iterating a frame gives its column names: the vectorizer
is fitted on one document, the name, and `min_df=2` with `max_df=0.9` is refused
("max_df corresponds to < documents than min_df"). The same column given as a name is a
Series of documents and fits (with the default options in cross-validation, whose folds
hold three documents). Both run for real (conftest.run_real), also inside
`cross_validate(..., error_score="raise", n_jobs=1)`, whose folds are fitted in turn.
"""

from __future__ import annotations

from static_snippets import snippet_tests


def vectorized(columns: str, fit: str, options: str = "min_df=2, max_df=0.9") -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.compose import make_column_transformer\n"
        "from sklearn.feature_extraction.text import TfidfVectorizer\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.model_selection import cross_validate\n"
        "from sklearn.pipeline import make_pipeline\n"
        "train = pd.read_csv('./input/train.csv')\n"
        f"words = TfidfVectorizer({options})\n"
        f"pipe = make_pipeline(make_column_transformer((words, {columns})), LogisticRegression())\n"
        + fit
    )


FIT = "pipe.fit(train[['island']], train['sex'])\n"
CV = (
    "res = cross_validate(pipe, train[['island']], train['sex'], cv=2,"
    " error_score='raise', n_jobs=1)\n"
)

CRASHES = {
    "a_vectorizer_given_a_list_of_one_column": vectorized("['island']", FIT),
    "a_vectorizer_given_a_list_in_cross_validation": vectorized("['island']", CV),
}
VALID = {
    "a_vectorizer_given_its_column_by_name": vectorized("'island'", FIT),
    "a_vectorizer_given_its_column_by_name_in_cross_validation": vectorized("'island'", CV, ""),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="dtypes")
)
