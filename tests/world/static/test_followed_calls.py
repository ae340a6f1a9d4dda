"""Calls the walk follows into the program's own functions, and frames it keeps as frames.

`df.pipe(f, ...)` is `f(df, ...)`; `functools.partial(cls, **kw)()` is `cls(**kw)`;
`functools.reduce(fn, steps, start)` calls `fn` on each step in turn; `df.assign(a=lambda d:
...)` computes its columns in order on the frame holding the ones before. A DataFrame method
whose result the walk cannot compute still gives a DataFrame, so a keyword the installed
pandas removed is found on it; `os.path.dirname` of a known path is known, so a folder the
program creates is told from one it does not; a new column named by an f-string in a loop
keeps the frame's row count; `[f"c_{i}" for i in range(n)]` is every name, however many, and
`left.join(right)` of frames whose columns are known has both's columns; arithmetic of known
numbers is done (`size - c`); a file named at run time inside a known folder is judged by the
folder; a pipeline has `predict_proba` when its last step has it. Each snippet runs for real (conftest.run_real: train.csv has
6 rows, test.csv and sample_submission.csv 2).
"""

from __future__ import annotations

from static_snippets import snippet_tests

HEAD = (
    "import os\n"
    "from functools import partial, reduce\n"
    "import numpy as np\n"
    "import pandas as pd\n"
    ""
    "from sklearn.linear_model import LogisticRegression\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
)


def linear(keyword: str) -> str:
    return (
        HEAD + f"make = partial(LogisticRegression, {keyword}, max_iter=500)\n"
        "make().fit(train[NUM], train['species'])\n"
    )


def banded(bins: str) -> str:
    return (
        HEAD + "X = train.assign(\n"
        "    ratio=lambda d: d['bill_length_mm'] / d['bill_depth_mm'],\n"
        f"    band=lambda d: pd.cut(d['ratio'], bins={bins}, labels=False),\n"
        ")\n"
        "LogisticRegression().fit(X[['band', 'body_mass_g']], X['species'])\n"
    )


def saved(folder: str) -> str:
    return (
        HEAD + "out = './submission/submission.csv'\n"
        "os.makedirs(os.path.dirname(out), exist_ok=True)\n"
        f"train.describe().to_csv('{folder}/summary.csv')\n"
    )


def components(use: str) -> str:
    """Twenty numbered component columns beside two of the file's, then `use`."""
    return (
        HEAD + "import lightgbm as lgb\n"
        "comp = np.random.default_rng(0).normal(size=(len(train), 20))\n"
        "parts = pd.DataFrame(comp, columns=[f'c_{i:02d}' for i in range(20)])\n"
        "X = train[['island', 'bill_length_mm']].join(parts)\n" + use
    )


def mirrored(last: str) -> str:
    """Each column against its mirror in a (rows, 2, 2) cube, the mirror's index computed."""
    return (
        HEAD + "cube = train[NUM].to_numpy(dtype=float).reshape(-1, 2, 2)\n"
        "size = cube.shape[2]\n"
        "for c in range(size // 2):\n"
        f"    print(np.abs(cube[:, :, c] - cube[:, :, {last}]).sum())\n"
    )


def dumped(folder: str) -> str:
    """A model saved under a name chosen at run time, in `folder`."""
    return (
        HEAD + "import joblib\n"
        "scores = {'forest': 0.8, 'linear': 0.9}\n"
        "best = max(scores, key=scores.get)\n"
        "os.makedirs('./submission', exist_ok=True)\n"
        f"train.head().to_csv(os.path.join('{folder}', f'rows_{{best}}.csv'))\n"
    )


def scored(last: str) -> str:
    """A pipeline with the program's own first step, scored by whatever method it has."""
    return (
        HEAD + "from sklearn.base import BaseEstimator, TransformerMixin\n"
        "from sklearn.pipeline import Pipeline\n"
        "from sklearn.svm import LinearSVC\n"
        "class Keep(BaseEstimator, TransformerMixin):\n"
        "    def fit(self, X, y=None):\n"
        "        return self\n"
        "    def transform(self, X):\n"
        "        return X\n"
        "def positive(model, X):\n"
        "    if hasattr(model, 'predict_proba'):\n"
        "        raw = model.predict_proba(X)\n"
        "    else:\n"
        "        raw = model.decision_function(X)\n"
        "    return raw[:, 1]\n"
        "y = (train['species'] == 'Adelie').astype(int)\n"
        f"model = Pipeline([('keep', Keep()), ('last', {last})]).fit(train[NUM], y)\n"
        "print(positive(model, train[NUM]).shape)\n"
    )


CRASHES = {
    "a_column_a_piped_function_dropped": (
        HEAD + "def without(df, col):\n"
        "    return df.drop(columns=[col])\n"
        "small = train.pipe(without, 'sex')\n"
        "print(small['sex'].head())\n",
        "columns",
    ),
    "a_removed_keyword_on_a_frame_merged_with_one_the_walk_lost": (
        HEAD + "rows = [(i, 1.0) for i in train['id']]\n"
        "extra = pd.DataFrame.from_records(rows, columns=['id', 'w'])\n"
        "both = train.merge(extra, on='id', how='left')\n"
        "both = both.fillna(method='bfill')\n",
        "kwargs",
    ),
    "a_removed_keyword_given_through_partial": (linear("normalize=True"), "kwargs"),
    "a_column_dropped_by_a_reduced_step": (
        HEAD + "steps = [lambda d: d.dropna(), lambda d: d.drop(columns=['sex'])]\n"
        "clean = reduce(lambda acc, step: step(acc), steps, train)\n"
        "print(clean['sex'].value_counts())\n",
        "columns",
    ),
    "nan_from_a_band_assigned_by_a_lambda_after_the_column_it_reads": (
        banded("[0, 2, 3]"),
        "dtypes",
    ),
    "a_folder_never_created_beside_one_that_is": (saved("./reports"), "files"),
    "a_dtype_mapping_naming_a_column_the_file_lacks": (
        HEAD + "test = pd.read_csv('./input/test.csv').astype({'species': 'category'})\n",
        "computed",
    ),
    "rows_kept_through_columns_a_loop_names_by_f_string": (
        HEAD + "X = train.copy()\n"
        "for c in NUM * 5:  # too many to walk one by one\n"
        "    X[f'{c}_sq'] = X[c] ** 2\n"
        "sub = pd.read_csv('./input/sample_submission.csv')\n"
        "sub['Adelie'] = X['bill_length_mm'].to_numpy()\n",
        "lengths",
    ),
    "a_numbered_column_past_the_last": (components("print(parts['c_20'].mean())\n"), "columns"),
    "a_text_column_joined_beside_numbered_components": (
        components("lgb.LGBMClassifier(n_estimators=5, verbose=-1).fit(X, train['species'])\n"),
        "dtypes",
    ),
    "a_mirror_index_one_past_the_last": (mirrored("size - c"), "arrays"),
    "a_run_time_name_in_a_folder_never_created": (dumped("./models"), "files"),
    "a_pipeline_ending_in_a_model_without_probabilities": (scored("LinearSVC()"), "positions"),
}
VALID = {
    "a_pipeline_ending_in_a_model_with_probabilities": scored("LogisticRegression()"),
    "mirror_indexes_inside_the_cube": mirrored("size - 1 - c"),
    "a_run_time_name_in_a_folder_that_is_created": dumped("./submission"),
    "the_last_numbered_column": components("print(round(parts['c_19'].mean(), 3) < 9)\n"),
    "numbers_joined_beside_numbered_components": components(
        "lgb.LGBMClassifier(n_estimators=5, verbose=-1).fit(X.drop(columns='island'), train['species'])\n"
    ),
    "a_keyword_the_class_takes_given_through_partial": linear("C=0.5"),
    "bands_covering_every_ratio": banded("[0, 2, 4]"),
    "a_folder_that_is_created": saved("./submission"),
    "reduced_steps_that_keep_the_column": (
        HEAD + "steps = [lambda d: d.dropna(), lambda d: d.drop(columns=['year'])]\n"
        "clean = reduce(lambda acc, step: step(acc), steps, train)\n"
        "print(clean['sex'].value_counts().to_dict())\n"
    ),
    "a_piped_function_with_keywords_pandas_takes": (
        HEAD + "def filled(df, how):\n"
        "    return df.fillna(0) if how else df\n"
        "print(train.pipe(filled, 'zero').shape)\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
