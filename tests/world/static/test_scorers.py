"""A scorer made with keywords its metric does not take (world/static/scorers.py).

`make_scorer(roc_auc_score, needs_proba=True)`: scikit-learn 1.6 removed `needs_proba`, so
the scorer hands it on to the metric, which refuses it when the scorer is called directly.
Inside `cross_val_score` the refusal is only a warning (the fold's score is NaN), so that
use is clean; so is a scorer asked for probabilities as scikit-learn now spells it. All run
for real (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests


def scored(options: str, use: str) -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.metrics import make_scorer, roc_auc_score\n"
        "from sklearn.model_selection import cross_val_score\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "X = train[['bill_length_mm', 'bill_depth_mm']]\n"
        "y = (train['sex'] == 'male').astype(int)\n"
        f"scorer = make_scorer(roc_auc_score, {options})\n"
        "model = LogisticRegression().fit(X, y)\n" + use
    )


CALL = "print(scorer(model, X, y))\n"
CV = "print(cross_val_score(LogisticRegression(), X, y, cv=2, scoring=scorer))\n"

CRASHES = {"a_scorer_called_with_a_removed_keyword": scored("needs_proba=True", CALL)}
VALID = {
    "a_scorer_asking_for_probabilities_as_now_spelt": scored(
        "response_method='predict_proba'", CALL
    ),
    "a_scorer_with_a_removed_keyword_inside_cross_validation": scored("needs_proba=True", CV),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="kwargs")
)
