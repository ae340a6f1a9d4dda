"""A running best kept inside a loop (world/static/flow.py `running_best`).

`if score > best: best = score; ...` while `best` still holds the floor it started from
(`-inf`, `0`, `-1`), or `if loss < best` under an infinite ceiling, is taken in the first
round that reaches it: what its body does surely happens, so a checkpoint saved into a
folder nothing made fails as Python says, though analysis cannot tell the scores. Every
snippet runs for real against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "import pickle\n"
    "from sklearn.linear_model import LogisticRegression, Ridge\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X = train[['bill_length_mm', 'bill_depth_mm']]\n"
    "y = train['species']\n"
)
SEARCH = (
    "best = {start}\n"
    "for C in np.logspace(-2, 2, 5):\n"
    "    model = LogisticRegression(C=C, max_iter=500).fit(X, y)\n"
    "    score = model.score(X, y)\n"
    "    if score > best:\n"
    "        best = score\n"
)
LOSSES = (
    "best_loss = {start}\n"
    "for alpha in np.logspace(-2, 2, 5):\n"
    "    model = Ridge(alpha=alpha).fit(X, train['body_mass_g'])\n"
    "    loss = float(np.mean((model.predict(X) - train['body_mass_g']) ** 2))\n"
    "    if loss < best_loss:\n"
    "        best_loss = loss\n"
)
PICKLED = "        with open('models/best.pkl', 'wb') as fh:\n            pickle.dump(model, fh)\n"
SAVED = "        pd.DataFrame({'p': model.predict(X)}).to_csv('out/preds.csv', index=False)\n"

CRASHES: dict[str, tuple[str, str]] = {
    "a_best_score_from_zero_pickled_into_a_folder_never_made": (
        READ + SEARCH.format(start="0.0") + PICKLED,
        "files",
    ),
    "a_best_score_from_minus_infinity": (
        READ + SEARCH.format(start="float('-inf')") + PICKLED,
        "files",
    ),
    "a_best_loss_under_infinity_written_into_a_folder_never_made": (
        READ + LOSSES.format(start="np.inf") + SAVED,
        "files",
    ),
}

VALID = {
    "the_folder_made_first": (
        READ
        + "import os\nos.makedirs('models', exist_ok=True)\n"
        + SEARCH.format(start="0.0")
        + PICKLED
    ),
    "the_best_model_used_after_the_loop": (
        READ + "best_model = None\n" + SEARCH.format(start="-1") + "        best_model = model\n"
        "print(best_model.predict(X)[:3])\n"
    ),
    "a_best_that_starts_from_a_real_score": (
        READ
        + "baseline = LogisticRegression(C=1e-4, max_iter=500).fit(X, y).score(X, y)\n"
        + SEARCH.format(start="baseline")
        + "        print('better', score)\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
