"""Sample weights of the whole set given to the fit of one part of it (samples.py).

`compute_sample_weight("balanced", y)` gives a weight a row of y; made before the split and
handed to the training part's fit, it has two more weights than that part has rows, and
scikit-learn refuses them ("sample_weight.shape == (6,), expected (4,)!"). Weights made of
the part's own labels fit. Both run for real (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests


def weighted(labels: str) -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.model_selection import train_test_split\n"
        "from sklearn.utils.class_weight import compute_sample_weight\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "X = train[['bill_length_mm', 'bill_depth_mm']]\n"
        "y = (train['sex'] == 'male').astype(int).values\n"
        "X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=2, random_state=0)\n"
        f"sw = compute_sample_weight('balanced', {labels})\n"
        "LogisticRegression().fit(X_tr, y_tr, sample_weight=sw)\n"
    )


CRASHES = {"weights_of_every_row_for_the_training_part": weighted("y")}
VALID = {"weights_of_the_training_part": weighted("y_tr")}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="lengths")
)
