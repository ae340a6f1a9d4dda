"""A generator the program calls once and loops over twice (streams.py).

The first loop runs `iter_folds(...)` to its end, so a second loop over the same object
gets nothing: its list is empty and stacking it is numpy's (or pandas') ValueError. Where
the first loop may stop early, may not run, sits in a `try`, or the generator is called
afresh, the second loop is not judged. Every snippet runs for real against the
penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

HEAD = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.model_selection import KFold\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X = train[['bill_length_mm', 'bill_depth_mm']].to_numpy()\n"
    "def iter_folds(n, k=3):\n"
    "    for fold, (tr, va) in enumerate(KFold(n_splits=k).split(np.arange(n))):\n"
    "        yield fold, tr, va\n"
)


def twice(first: str, second: str, setup: str = "folds = iter_folds(len(X))\n") -> str:
    return HEAD + setup + first + second


FIRST_LOOP = "for fold, tr, va in folds:\n    print(fold, X[va].mean())\n"
STACKED = (
    "preds = [X[va].mean(axis=0) for _, _, va in folds]\nprint(np.stack(preds).mean(axis=0))\n"
)

CRASHES = {
    "stacked_after_a_loop_spent_it": twice(FIRST_LOOP, STACKED),
    "spent_in_a_function_it_was_passed_to": twice(
        "def report(fs):\n    for fold, tr, va in fs:\n        print(fold, len(tr))\n"
        "report(folds)\n",
        "print(np.vstack([X[va] for _, _, va in folds]).shape)\n",
    ),
    "appended_in_a_loop_that_gets_nothing": twice(
        "print(len(list(folds)))\n",
        "parts = []\nfor _, _, va in folds:\n    parts.append(pd.DataFrame(X[va]))\n"
        "print(pd.concat(parts).shape)\n",
    ),
    "numbered_by_enumerate_then_stacked": twice(
        "for i, (fold, tr, va) in enumerate(folds):\n    print(i, fold)\n",
        "print(np.concatenate([va for _, _, va in folds]))\n",
    ),
}
VALID = {
    "a_list_of_the_folds_looped_twice": twice(
        FIRST_LOOP, STACKED, setup="folds = list(iter_folds(len(X)))\n"
    ),
    "called_afresh_for_the_second_loop": twice(
        FIRST_LOOP, "folds = iter_folds(len(X))\n" + STACKED
    ),
    "the_first_loop_stops_early": twice(
        "for fold, tr, va in folds:\n    print(fold)\n    if fold == 0:\n        break\n", STACKED
    ),
    "the_first_loop_may_not_run": twice(
        "if len(X) > 100:\n" + "".join("    " + line + "\n" for line in FIRST_LOOP.splitlines()),
        STACKED,
    ),
    "the_first_loop_left_by_an_exception": twice(
        "try:\n    for fold, tr, va in folds:\n        if fold == 0:\n"
        "            raise ValueError(fold)\nexcept ValueError:\n    pass\n",
        STACKED,
    ),
    "handed_to_a_library_first": twice("print(sum(1 for _ in zip(range(1), folds)))\n", STACKED),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="lengths")
)
