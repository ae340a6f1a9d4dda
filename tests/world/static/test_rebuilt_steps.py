"""Column transformers and encoders of a pipeline, built again and run on the real data.

A pipeline's column transformer (or encoder) is rebuilt from the program's own arguments
and fitted for real on the file's values; the next step is then judged on what it gives:
text a `remainder="passthrough"` lets through reaches the estimator as an object array,
which even histogram boosting refuses. Crashes run for real (conftest.run_real) and must
be named with Python's exact message; the valid look-alikes encode the text, or use a
step that needs the target (so it is not judged), and get no finding.
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.compose import ColumnTransformer, make_column_selector, make_column_transformer\n"
    "from sklearn.ensemble import HistGradientBoostingClassifier\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.pipeline import Pipeline, make_pipeline\n"
    "from sklearn.preprocessing import OneHotEncoder, StandardScaler, TargetEncoder\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
    "X = train[NUM + ['island', 'sex']]\n"
    "y = train['species']\n"
)
NUMBERS = "make_column_selector(dtype_include='number')"

CRASHES: dict[str, str] = {
    "text_passed_through_to_a_linear_model": (
        READ
        + f"prep = ColumnTransformer([('num', StandardScaler(), {NUMBERS})], remainder='passthrough')\n"
        + "Pipeline([('prep', prep), ('model', LogisticRegression())]).fit(X, y)\n"
    ),
    "text_passed_through_to_histogram_boosting": (
        READ
        + f"prep = make_column_transformer((StandardScaler(), {NUMBERS}), remainder='passthrough')\n"
        + "make_pipeline(prep, HistGradientBoostingClassifier(max_iter=5)).fit(X, y)\n"
    ),
}

VALID: dict[str, str] = {
    "text_encoded": (
        READ
        + "prep = ColumnTransformer([('num', StandardScaler(), NUM),"
        + " ('cat', OneHotEncoder(handle_unknown='ignore'), ['island', 'sex'])])\n"
        + "Pipeline([('prep', prep), ('model', LogisticRegression())]).fit(X, y)\n"
        + "cats = make_column_transformer((OneHotEncoder(sparse_output=False), ['island', 'sex']),"
        + f" (StandardScaler(), {NUMBERS}))\n"
        + "make_pipeline(cats, HistGradientBoostingClassifier(max_iter=5)).fit(X, y)\n"
    ),
    "text_dropped": (
        READ
        + f"prep = ColumnTransformer([('num', StandardScaler(), {NUMBERS})], remainder='drop')\n"
        + "Pipeline([('prep', prep), ('model', LogisticRegression())]).fit(X, y)\n"
    ),
    "a_step_that_needs_the_target": (
        READ
        + "prep = ColumnTransformer([('num', StandardScaler(), NUM),"
        + " ('cat', TargetEncoder(target_type='multiclass', cv=2), ['island', 'sex'])])\n"
        + "Pipeline([('prep', prep), ('model', LogisticRegression())]).fit(X, y)\n"
    ),
}


real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="dtypes")
)
