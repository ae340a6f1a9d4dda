"""A fitted model refuses at predict what it refuses at fit (dtypes.check_predict).

A test frame encoded or cleaned otherwise than the training one reaches `predict` with
text or NaN cells: scikit-learn's check (or LightGBM's dtype check) raises the words the
fit would have. Each snippet runs for real (conftest.run_real: test.csv has 2 rows).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import lightgbm as lgb\n"
    "import pandas as pd\n"
    "from sklearn.ensemble import HistGradientBoostingClassifier\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.preprocessing import LabelEncoder\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
    "y = train['species']\n"
)
ISLANDS = "{'Torgersen': 0, 'Biscoe': 1, 'Dream': 2}"
DEPTH = ["bill_length_mm", "bill_depth_mm"]
BLANK_IN_TEST = "test['bill_depth_mm'] = test['bill_depth_mm'].where(test['id'] != 8)\n"

CRASHES = {
    "a_column_encoded_on_train_only": (
        READ + "COLS = ['island', 'bill_length_mm']\n"
        "train['island'] = LabelEncoder().fit_transform(train['island'])\n"
        "m = LogisticRegression().fit(train[COLS], y)\n"
        "p = m.predict(test[COLS])\n"
    ),
    "a_booster_given_text_only_at_predict": (
        READ + "COLS = ['island', 'bill_length_mm']\n"
        "train['island'] = train['island'].astype('category').cat.codes\n"
        "m = lgb.LGBMClassifier(n_estimators=5, verbose=-1).fit(train[COLS], y)\n"
        "p = m.predict(test[COLS])\n"
    ),
    "a_blank_only_the_test_rows_hold": (
        READ + BLANK_IN_TEST + f"m = LogisticRegression().fit(train[{DEPTH}], y)\n"
        f"p = m.predict_proba(test[{DEPTH}])\n"
    ),
}
VALID = {
    "both_frames_encoded": (
        READ + "COLS = ['island', 'bill_length_mm']\n"
        "for df in (train, test):\n"
        f"    df['island'] = df['island'].map({ISLANDS})\n"
        "m = LogisticRegression().fit(train[COLS], y)\n"
        "p = m.predict(test[COLS])\n"
    ),
    "a_model_that_takes_blanks": (
        READ
        + BLANK_IN_TEST
        + f"m = HistGradientBoostingClassifier(max_iter=5).fit(train[{DEPTH}], y)\n"
        f"p = m.predict(test[{DEPTH}])\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="dtypes")
)
