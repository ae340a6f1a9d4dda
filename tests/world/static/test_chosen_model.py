"""A model picked from a dict by its cross-validated score, which the walk cannot know.

Whichever model wins, `predict_proba(X)` gives a row for each of X's rows, so a frame
made of it has those rows and a column of another length is pandas' ValueError; with
the lengths alike it runs. Every snippet runs for real against the penguin-like data
folder (conftest.run_real: the test file has two rows).
"""

from __future__ import annotations

from static_snippets import snippet_tests


def chosen(rows: str) -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.ensemble import RandomForestClassifier\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.model_selection import cross_val_score\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "test = pd.read_csv('./input/test.csv')\n"
        "NUM = ['bill_length_mm', 'bill_depth_mm']\n"
        "X, y = train[NUM], train['species']\n"
        "models = {'lr': LogisticRegression(max_iter=500),\n"
        "          'rf': RandomForestClassifier(n_estimators=5, random_state=0)}\n"
        "scores = {name: cross_val_score(m, X, y, cv=2).mean() for name, m in models.items()}\n"
        "best = max(scores, key=scores.get)\n"
        "model = models[best].fit(X, y)\n"
        f"proba = model.predict_proba(test[NUM]{rows})\n"
        "sub = pd.DataFrame(proba, columns=model.classes_)\n"
        "sub.insert(0, 'id', test['id'].values)\n"
        "print(sub)\n"
    )


CRASHES = {"probabilities_for_fewer_rows_than_the_ids": chosen(".head(1)")}
VALID = {"probabilities_for_every_row": chosen("")}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="lengths")
)
