"""Scores averaged as two-class by default, of a target of more classes (predictions.py).

`roc_auc_score` of three classes' probabilities wants `multi_class` and raises without it.

`f1_score`, `precision_score`, `recall_score`, `fbeta_score` and `jaccard_score` average as
`binary` unless told otherwise; a target holding three classes or more makes scikit-learn
refuse, in its own words; a fold's items of a held target (`y[va]`) hold each class common
enough in the whole. Every snippet runs for real against the penguin-like data folder
(conftest.run_real: `species` holds three classes, two rows each).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "from sklearn.metrics import f1_score, fbeta_score, precision_score, recall_score\n"
    "from sklearn.tree import DecisionTreeClassifier\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X = train[['bill_length_mm', 'bill_depth_mm']]\n"
    "y = train['species']\n"
    "pred = DecisionTreeClassifier(random_state=0).fit(X, y).predict(X)\n"
    "print('fitted')\n"
)


def folds(classes: int) -> str:
    """F1 per fold of a held array's items at each fold's positions (`y[va]`)."""
    return (
        "import numpy as np\n"
        "from sklearn.metrics import f1_score\n"
        "from sklearn.model_selection import StratifiedKFold\n"
        f"y = np.repeat(np.arange({classes}), 40)\n"
        "for tr, va in StratifiedKFold(n_splits=4, shuffle=True, random_state=0).split(y, y):\n"
        "    print(f1_score(y[va], np.zeros(len(va), dtype=int)))\n"
    )


CRASHES: dict[str, tuple[str, str]] = {
    "f1_of_three_classes": (READ + "print('F1:', f1_score(y, pred))\n", "params"),
    "recall_by_keywords": (READ + "r = recall_score(y_true=y, y_pred=pred)\n", "params"),
    "precision_told_binary": (READ + "p = precision_score(y, pred, average='binary')\n", "params"),
    "fbeta_of_three_classes": (READ + "s = fbeta_score(y, pred, beta=2)\n", "params"),
    "auc_of_three_class_probabilities": (
        READ + "from sklearn.metrics import roc_auc_score\n"
        "proba = DecisionTreeClassifier(random_state=0).fit(X, y).predict_proba(X)\n"
        "print(roc_auc_score(y, proba))\n",
        "lengths",
    ),
    "f1_of_a_folds_items_of_three_classes": (folds(3), "params"),
}

VALID = {
    "f1_of_a_folds_items_of_two_classes": folds(2),
    "f1_averaged_over_classes": READ + "print(f1_score(y, pred, average='macro'))\n",
    "f1_of_one_class_against_the_rest": (
        READ + "yes = (y == 'Adelie').astype(int)\n"
        "fit = DecisionTreeClassifier(random_state=0).fit(X, yes)\n"
        "print(f1_score(yes, fit.predict(X)))\n"
    ),
    "recall_per_class": READ + "print(recall_score(y, pred, average=None))\n",
    "auc_one_against_the_rest": (
        READ + "from sklearn.metrics import roc_auc_score\n"
        "proba = DecisionTreeClassifier(random_state=0).fit(X, y).predict_proba(X)\n"
        "print(roc_auc_score(y, proba, multi_class='ovr'))\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
