"""Predicting on data shaped otherwise than the model's fit: the library's own error.

`pd.get_dummies` run on train and test apart gives the test frame fewer columns (the
penguin-like test.csv has no Torgersen and no male row): scikit-learn refuses the
array ("X has 6 features, but ... is expecting 9") or the frame ("The feature names
should match ..."), LightGBM a frame of another width with its own message. Encodings
made on both sets together, or test columns aligned to train's, predict fine; LightGBM
does not check names. A text vectorizer fitted again on the test text learns other terms,
so a model fitted on the training matrix refuses the test one (scikit-learn counts both, as
analysis does by fitting the vectorizer on the same documents); where both fits happen to
learn as many terms, the prediction runs. A design stacked by hand (`sp.hstack` of a
vectorizer's terms and a dense block made sparse) is as wide as its blocks together. Every snippet runs for real against the penguin-like data folder.
"""

from __future__ import annotations

from pathlib import Path

from mleworld.world.static import analyze
from static_snippets import snippet_tests

APART = (
    "import pandas as pd\n"
    "from sklearn.ensemble import RandomForestClassifier\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "import lightgbm as lgb\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
    "y = train['species']\n"
    "Xtr = pd.get_dummies(train.drop(columns=['id', 'species']), columns=['island', 'sex'])\n"
    "Xte = pd.get_dummies(test.drop(columns=['id']), columns=['island', 'sex'])\n"
)
TOGETHER = (
    APART + "both = pd.get_dummies(pd.concat([train.drop(columns=['species']), test]),"
    " columns=['island', 'sex'])\n"
    "Xtr, Xte = both.iloc[:len(train)].drop(columns=['id']), both.iloc[len(train):].drop(columns=['id'])\n"
)

CRASHES: dict[str, str] = {
    "arrays_of_two_widths": (
        APART + "m = RandomForestClassifier(n_estimators=5, random_state=0)"
        ".fit(Xtr.values, y)\nprint(m.predict(Xte.values))\n"
    ),
    "frames_with_other_column_names": (
        APART + "m = LogisticRegression(max_iter=300).fit(Xtr, y)\nprint(m.predict_proba(Xte))\n"
    ),
}
TEXT = (
    "import pandas as pd\n"
    "from sklearn.feature_extraction.text import TfidfVectorizer\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
    "vec = TfidfVectorizer(lowercase=True)\n"
    "X = vec.fit_transform(train['island'])\n"
    "model = LogisticRegression(max_iter=300).fit(X, train['species'])\n"
)
CRASHES["vectorizer_fitted_again_on_the_test_text"] = (
    TEXT + "X_te = vec.fit_transform(test['island'])\nprint(model.predict(X_te))\n"
)
STACKED = (
    "import scipy.sparse as sp\n"
    "from sklearn.feature_extraction.text import TfidfVectorizer\n"
    "vec = TfidfVectorizer()\n"
    "def design(text, X):\n"
    "    return sp.hstack([text * 0.5, sp.csr_matrix(X.values.astype(float))], format='csr')\n"
    "Xs = design(vec.fit_transform(train['island']), Xtr)\n"
    "m = LogisticRegression(max_iter=300).fit(Xs, y)\n"
    "print(m.predict_proba(design(vec.transform(test['island']), Xte)))\n"
)
CRASHES["sparse_stacks_of_two_widths"] = APART + STACKED


def words_and_chars(test_chars: str) -> str:
    """Word and character terms stacked, `.tocsr()`; the test's characters by `test_chars`."""
    return TEXT + (
        "from scipy.sparse import hstack\n"
        "chars = TfidfVectorizer(analyzer='char_wb', ngram_range=(2, 3))\n"
        "Xwc = hstack([X, chars.fit_transform(train['island'])]).tocsr()\n"
        "model = LogisticRegression(max_iter=300).fit(Xwc, train['species'])\n"
        f"Xt = hstack([vec.transform(test['island']), chars.{test_chars}(test['island'])]).tocsr()\n"
        "print(model.predict(Xt))\n"
    )


CRASHES["character_terms_fitted_again_on_the_test_text_in_a_stack"] = words_and_chars(
    "fit_transform"
)
LIGHTGBM = (
    APART + "m = lgb.LGBMClassifier(n_estimators=3, min_child_samples=1, verbose=-1)"
    ".fit(Xtr, y)\nprint(m.predict(Xte))\n"
)

VALID: dict[str, str] = {
    "encoded_together": (
        TOGETHER + "m = RandomForestClassifier(n_estimators=5, random_state=0)"
        ".fit(Xtr.values, y)\nprint(m.predict(Xte.values))\n"
        "print(LogisticRegression(max_iter=300).fit(Xtr, y).predict(Xte))\n"
    ),
    "test_aligned_to_train": (
        APART + "Xte = Xte.reindex(columns=Xtr.columns, fill_value=0)\n"
        "print(LogisticRegression(max_iter=300).fit(Xtr, y).predict(Xte))\n"
    ),
    "test_text_through_the_fitted_vocabulary": (
        TEXT + "X_te = vec.transform(test['island'])\nprint(model.predict(X_te))\n"
    ),
    "vectorizer_fitted_again_with_as_many_terms": (
        TEXT.replace("train['island']", "train['sex']")
        + "X_te = vec.fit_transform(test['island'])\nprint(model.predict(X_te))\n"
    ),
    "sparse_stacks_encoded_together": TOGETHER + STACKED,
    "character_terms_of_the_test_text_through_the_fitted_vocabulary": words_and_chars("transform"),
    "lightgbm_does_not_check_names": (
        APART + "Xa = Xtr[['bill_length_mm', 'bill_depth_mm']]\n"
        "Xb = Xtr[['bill_length_mm', 'flipper_length_mm']]\n"
        "m = lgb.LGBMClassifier(n_estimators=3, min_child_samples=1, verbose=-1).fit(Xa, y)\n"
        "print(m.predict(Xb))\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="features_in", extra={"lightgbm": LIGHTGBM})
)


def test_lightgbm_names_a_frame_of_another_width_itself(
    real: dict[str, str | None], data_dir: Path
) -> None:
    observed = real["lightgbm"]
    assert observed is not None and observed.startswith("lightgbm.basic.LightGBMError: ")
    first = analyze(LIGHTGBM, data_dir).first_fatal
    assert first is not None and first.detector == "features_in"
    assert first.exc_type == "LightGBMError" and first.message == observed
