"""Numbers whose type analysis knows, and text joined to them with `+`.

A scikit-learn metric or an estimator's `score` is a Python float, numpy's reduction of a
list or a numeric array a numpy.float64, `len(df)` an int; `"RMSE: " + rmse` is then Python's TypeError with
the number's type in the message. Every snippet runs for real against the penguin-like data
folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

FIT = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.metrics import accuracy_score, log_loss, mean_squared_error\n"
    "from sklearn.model_selection import cross_val_score\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm']\n"
    "X, y = train[NUM].fillna(0), train['species']\n"
    "model = LogisticRegression(max_iter=500).fit(X, y)\n"
    "pred = model.predict(X)\n"
)

CRASHES: dict[str, str] = {
    "metric_joined_to_text": FIT + "acc = accuracy_score(y, pred)\nprint('Accuracy: ' + acc)\n",
    "mean_of_fold_scores_joined_to_text": (
        FIT + "scores = []\nfor k in range(3):\n    scores.append(accuracy_score(y, pred))\n"
        "print('CV accuracy: ' + np.mean(scores))\n"
    ),
    "root_of_a_metric_joined_to_text": (
        FIT + "codes = y.astype('category').cat.codes\n"
        "rmse = np.sqrt(mean_squared_error(codes, codes * 0.5))\nprint('RMSE: ' + rmse)\n"
    ),
    "rounded_score_joined_to_text": (
        FIT + "score = round(model.score(X, y), 4)\nmessage = 'train accuracy ' + score\n"
    ),
    "number_first_then_text": (
        FIT + "loss = log_loss(y, model.predict_proba(X))\nprint(loss + ' logloss')\n"
    ),
    "column_mean_joined_to_text": (FIT + "print('mean mass: ' + train['body_mass_g'].mean())\n"),
    "a_row_count_joined_to_text": FIT + "print('rows: ' + len(train))\n",
    "fold_scores_formatted_as_one_number": (
        FIT + "scores = cross_val_score(model, X, y, cv=2)\nprint(f'CV accuracy: {scores:.4f}')\n"
    ),
    "a_literal_number_joined_to_text": FIT + "folds = 5\nlabel = 'folds=' + folds\n",
}

VALID: dict[str, str] = {
    "the_mean_of_fold_scores_formatted": (
        FIT + "scores = cross_val_score(model, X, y, cv=2)\n"
        "print(f'CV accuracy: {scores.mean():.4f} +/- {scores.std():.4f} {scores}')\n"
    ),
    "metric_through_str_and_fstrings": (
        FIT + "acc = accuracy_score(y, pred)\nprint('Accuracy: ' + str(acc))\n"
        "print(f'Accuracy: {acc:.4f}')\nprint('Accuracy: %.4f' % acc)\n"
        "print('mean: ' + str(np.mean([acc, acc])))\n"
    ),
    "numbers_combined_stay_numbers": (
        FIT + "acc = accuracy_score(y, pred)\nerr = 1 - acc\ntotal = acc + err * 2\n"
        "print('total', total + 1)\nprint('err: ' + format(err, '.3f'))\n"
    ),
    "per_class_scores_are_an_array": (
        FIT + "from sklearn.metrics import f1_score\n"
        "per_class = f1_score(y, pred, average=None)\nprint(per_class + 0.0)\n"
        "scores = cross_val_score(model, X, y, cv=2)\nprint(scores.mean())\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="scalars")
)
