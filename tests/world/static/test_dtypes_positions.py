"""Text cells reaching numeric estimators, and column positions past a frame's width.

Each crashing snippet runs for real (conftest.run_real) in a workspace holding the
test data folder; the analysis of the same text against the same folder must name the
class and the exact text Python prints. The valid snippets run cleanly and get no
finding: text turned into numbers first, positions inside the frame.

Columns chosen by their dtype (`[c for c in df.columns if df[c].dtype == object]`, or a
loop over `df.columns` testing it) are chosen as pandas chooses them: under pandas 3 a text column's dtype is `str`, so
that test finds no text column and the text reaches the estimator.
"""

from __future__ import annotations

from pathlib import Path

from mleworld.world.static import analyze
from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.pipeline import Pipeline, make_pipeline\n"
    "from sklearn.preprocessing import OneHotEncoder, StandardScaler\n"
    "from sklearn.impute import SimpleImputer\n"
    "df = pd.read_csv('./input/train.csv')\n"
    "y = df['species']\n"
)

CRASHES: dict[str, tuple[str, str]] = {
    "scaler_on_text": (
        READ + "X = df.drop(columns=['id', 'species'])\nStandardScaler().fit(X)\n",
        "dtypes",
    ),
    "imputer_then_scaler": (
        READ
        + "X = df.drop(columns=['id', 'species']).copy()\n"
        + "pipe = Pipeline([('i', SimpleImputer(strategy='most_frequent')), ('s', StandardScaler()),"
        + " ('m', LogisticRegression())])\n"
        + "pipe.fit(X, y)\n",
        "dtypes",
    ),
    "forest_on_selected_text": (
        "from sklearn.ensemble import RandomForestClassifier\n"
        + READ
        + "RandomForestClassifier(n_estimators=3).fit(df[['bill_length_mm', 'sex']], y)\n",
        "dtypes",
    ),
    "object_dtype_filter_misses_str": (
        READ
        + "text = [c for c in df.columns if df[c].dtype == object]\n"
        + "for c in text:\n    df[c] = df[c].astype('category').cat.codes\n"
        + "LogisticRegression().fit(df.drop(columns=['id', 'species']), y)\n",
        "dtypes",
    ),
    "object_dtype_loop_misses_str": (
        READ
        + "for c in df.columns:\n    if df[c].dtype == 'object':\n"
        + "        df[c] = df[c].astype('category').cat.codes\n"
        + "LogisticRegression().fit(df.drop(columns=['id', 'species']), y)\n",
        "dtypes",
    ),
    "numeric_by_dtype_name_keeps_str": (
        READ
        + "num = [c for c in df.columns if df[c].dtype.name != 'object' and c != 'species']\n"
        + "StandardScaler().fit(df[num])\n",
        "dtypes",
    ),
    "hist_gbm_on_a_frame_with_text": (
        "from sklearn.ensemble import HistGradientBoostingClassifier\n"
        + READ
        + "X = df.drop(columns=['id', 'species'])\n"
        + "X['ratio'] = X['bill_length_mm'] / X['bill_depth_mm']\n"
        + "num = [c for c in X.columns if X[c].dtype != 'object']\n"
        + "HistGradientBoostingClassifier(max_iter=5).fit(X[num], y)\n",
        "dtypes",
    ),
    "iloc_one_past": (READ + "print(df.iloc[:, 9])\n", "positions"),
    "iloc_after_drop": (
        READ + "X = df.drop(columns=['species'])\nlabels = X.iloc[:, 8]\n",
        "positions",
    ),
    "iloc_list_past": (READ + "print(df.iloc[1:, [0, 12]])\n", "positions"),
    "iloc_negative_past": (READ + "print(df.iloc[:, -10])\n", "positions"),
    # the frame's values are held, so numpy itself indexes them (arrays.py)
    "array_past": (READ + "a = df.to_numpy()\nprint(a[:, 9])\n", "arrays"),
    "array_list_past": (READ + "print(df.values[:, [1, 9, 10]])\n", "arrays"),
}

VALID: dict[str, str] = {
    "numeric_columns_only": READ + "StandardScaler().fit(df[['bill_length_mm', 'year']])\n",
    "text_mapped_first": (
        READ
        + "df['island'] = df['island'].map({'Torgersen': 0, 'Biscoe': 1, 'Dream': 2})\n"
        + "X = df.drop(columns=['id', 'species', 'sex'])\nLogisticRegression().fit(X, y)\n"
    ),
    "encoder_first": (
        READ
        + "make_pipeline(OneHotEncoder(handle_unknown='ignore'), LogisticRegression())"
        + ".fit(df[['island', 'sex']], y)\n"
    ),
    "dummies_first": (
        READ + "X = pd.get_dummies(df.drop(columns=['id', 'species']), dtype=float)\n"
        "LogisticRegression(max_iter=500).fit(X, y)\n"
    ),
    "str_dtype_filter": (
        READ
        + "text = [c for c in df.columns if df[c].dtype == 'str' and c != 'species']\n"
        + "X = pd.get_dummies(df.drop(columns=['species']), columns=text, dtype=float)\n"
        + "LogisticRegression(max_iter=500).fit(X.fillna(0), y)\n"
    ),
    "str_dtype_loop": (
        READ
        + "for c in df.columns:\n    if df[c].dtype == 'str' and c != 'species':\n"
        + "        df[c] = df[c].astype('category').cat.codes\n"
        + "LogisticRegression(max_iter=500).fit(df.drop(columns=['id', 'species']).fillna(0), y)\n"
    ),
    "dtype_kind_filter": (
        READ
        + "import numpy as np\n"
        + "num = [c for c in df.columns if df[c].dtype.kind in 'if' or df[c].dtype == np.int64]\n"
        + "StandardScaler().fit(df[num])\n"
    ),
    "hist_gbm_on_category_columns": (
        "from sklearn.ensemble import HistGradientBoostingClassifier\n"
        + READ
        + "X = df.drop(columns=['id', 'species'])\n"
        + "for c in ['island', 'sex']:\n    X[c] = X[c].astype('category')\n"
        + "HistGradientBoostingClassifier(max_iter=5).fit(X, y)\n"
    ),
    "iloc_last_column": READ + "print(df.iloc[:, 8].iloc[0], df.iloc[:, -9].iloc[0])\n",
    "iloc_slice_past_the_end": READ + "print(df.iloc[:, 5:40].shape)\n",
    "iloc_new_column": READ + "df['extra'] = 1\nprint(df.iloc[:, 9].sum())\n",
    "array_inside": READ + "print(df.to_numpy()[:, 8][0], df.values[:, [-9, 0]].shape)\n",
}


real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)


def test_a_frame_changed_in_place_is_not_read_from_its_file(data_dir: Path) -> None:
    program = (
        READ + "df.fillna({'sex': 'unknown'}, inplace=True)\n"
        "X = df.drop(columns=['id', 'species'])\nStandardScaler().fit(X)\n"
    )
    assert analyze(program, data_dir).first_fatal is None
