"""Removed APIs inside functions a library calls back: found where the library calls them.

A pipeline's first step that is the program's own (a FunctionTransformer's function, a
transformer class) is walked as scikit-learn calls it, and what it returns is what the
next steps are fitted on: text it adds reaches the imputer or the model after it.

Each crashing snippet runs for real (conftest.run_real); the analysis must report
what Python prints, at a line the program really reaches. The valid ones run
cleanly and get no finding.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.world.static import analyze

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.pipeline import Pipeline\n"
    "from sklearn.preprocessing import FunctionTransformer, StandardScaler\n"
    "df = pd.read_csv('./input/train.csv')\n"
    "X = df[['bill_length_mm', 'bill_depth_mm', 'year']]\n"
    "y = df['species']\n"
)

CRASHES: dict[str, str] = {
    "removed_frame_method_in_transformer": (
        READ
        + "def logs(frame):\n    return frame.applymap(np.log1p)\n\n"
        + "pipe = Pipeline([('log', FunctionTransformer(logs)), ('m', LogisticRegression())])\n"
        + "pipe.fit(X, y)\n"
    ),
    "removed_numpy_function_in_apply": (
        READ + "def spread(col):\n    return np.product(col.shape)\n\nprint(X.apply(spread))\n"
    ),
    "removed_frame_method_in_pipe": (
        READ + "def widen(frame):\n    return frame.append(frame)\n\nprint(X.pipe(widen).shape)\n"
    ),
    # the first step's output, text kept, is what the imputer after it is fitted on
    "function_step_output_reaches_the_imputer": (
        READ
        + "from sklearn.impute import SimpleImputer\n"
        + "def ratio(frame):\n    frame = frame.copy()\n"
        + "    frame['ratio'] = frame['bill_length_mm'] / frame['bill_depth_mm']\n"
        + "    frame['island'] = df['island']\n    return frame\n\n"
        + "pipe = Pipeline([('fe', FunctionTransformer(ratio)),"
        + " ('imp', SimpleImputer(strategy='median')), ('m', LogisticRegression())])\n"
        + "pipe.fit(X, y)\n"
    ),
    "own_transformer_output_reaches_the_model": (
        READ
        + "from sklearn.base import BaseEstimator, TransformerMixin\n"
        + "class Island(BaseEstimator, TransformerMixin):\n"
        + "    def fit(self, frame, y=None):\n        return self\n"
        + "    def transform(self, frame):\n        frame = frame.copy()\n"
        + "        frame['island'] = df['island']\n        return frame\n\n"
        + "pipe = Pipeline([('fe', Island()), ('m', LogisticRegression())])\n"
        + "pipe.fit(X, y)\n"
    ),
}

VALID: dict[str, str] = {
    "current_api_in_transformer": (
        READ
        + "def logs(frame):\n    return frame.map(np.log1p)\n\n"
        + "pipe = Pipeline([('log', FunctionTransformer(logs)), ('s', StandardScaler()),"
        + " ('m', LogisticRegression())])\n"
        + "pipe.fit(X, y)\n"
    ),
    "current_api_in_apply": READ + "print(X.apply(lambda col: np.prod(col.shape)))\n",
    "function_step_output_all_numbers": (
        READ
        + "from sklearn.impute import SimpleImputer\n"
        + "def ratio(frame):\n    frame = frame.copy()\n"
        + "    frame['ratio'] = frame['bill_length_mm'] / frame['bill_depth_mm']\n"
        + "    return frame\n\n"
        + "pipe = Pipeline([('fe', FunctionTransformer(ratio)),"
        + " ('imp', SimpleImputer(strategy='median')), ('m', LogisticRegression())])\n"
        + "pipe.fit(X, y)\n"
    ),
    "own_transformer_drops_the_text": (
        READ
        + "from sklearn.base import BaseEstimator, TransformerMixin\n"
        + "class Numbers(BaseEstimator, TransformerMixin):\n"
        + "    def fit(self, frame, y=None):\n        return self\n"
        + "    def transform(self, frame):\n        frame = frame.copy()\n"
        + "        frame['island'] = df['island']\n"
        + "        return frame.drop(columns=['island'])\n\n"
        + "pipe = Pipeline([('fe', Numbers()), ('m', LogisticRegression())])\n"
        + "pipe.fit(X, y)\n"
    ),
    "transformer_never_fitted": (
        READ
        + "def logs(frame):\n    return frame.applymap(np.log1p)\n\nt = FunctionTransformer(logs)\n"
    ),
}


@pytest.fixture(scope="module")
def real(run_real) -> dict[str, str | None]:  # type: ignore[no-untyped-def]
    return run_real({**CRASHES, **VALID})


@pytest.mark.parametrize("name", sorted(CRASHES))
def test_the_callback_crash_is_named(
    name: str, real: dict[str, str | None], data_dir: Path
) -> None:
    observed = real[name]
    assert observed is not None, "the snippet must really crash"
    report = analyze(CRASHES[name], data_dir)
    first = report.first_fatal
    assert first is not None, [f.message for f in report.findings]
    assert first.message == observed
    # reached from the module line that makes the library call the function
    assert first.reached_at == CRASHES[name].rstrip("\n").count("\n") + 1


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_callbacks_get_no_finding(
    name: str, real: dict[str, str | None], data_dir: Path
) -> None:
    assert real[name] is None, real[name]
    assert analyze(VALID[name], data_dir).first_fatal is None
