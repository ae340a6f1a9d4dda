"""A column transformer whose numeric branch is handed a text column.

`ColumnTransformer([("text", TfidfVectorizer(), "sex"), ("meta", StandardScaler(), cols)])`
where `cols` is every column but the id and the target (a comprehension whose filter reads
settings from a dict): the scaler meets the text, and scikit-learn raises "could not convert
string to float" (inside `cross_val_score`, every fit fails and the last line is that
error). A vectorizing transformer is not run by analysis, so the branch is judged on its
own columns. Each snippet runs for real (conftest.run_real); the valid look-alike keeps the
text out of the scaler's columns.
"""

from __future__ import annotations

from pathlib import Path

from mleworld.world.static import analyze
from static_snippets import snippet_tests


def branches(drop: str, tail: str) -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.compose import ColumnTransformer\n"
        "from sklearn.feature_extraction.text import TfidfVectorizer\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.model_selection import StratifiedKFold, cross_val_score\n"
        "from sklearn.pipeline import Pipeline\n"
        "from sklearn.preprocessing import StandardScaler\n"
        "cfg = {'id_col': 'id', 'target': 'species'}\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "def build(df):\n"
        "    out = df.copy()\n"
        "    out['n_chars'] = out['sex'].map(lambda s: len(s) * 2)\n"
        "    return out\n"
        "train_f = build(train)\n"
        f"cols = [c for c in train_f.columns if c not in (cfg['id_col'], cfg['target']{drop})]\n"
        "pre = ColumnTransformer([('text', TfidfVectorizer(), 'sex'), "
        "('meta', StandardScaler(), cols)])\n"
        "model = Pipeline([('pre', pre), ('clf', LogisticRegression())])\n"
        "X, y = train_f.drop(columns=[cfg['target']]), train_f[cfg['target']]\n" + tail
    )


FIT = "model.fit(X, y)\n"
CV = "print(cross_val_score(model, X, y, cv=StratifiedKFold(n_splits=2, shuffle=True, random_state=0)))\n"
CRASHES = {"text_column_in_the_scaled_branch": branches("", FIT)}
VALID = {"text_columns_kept_out_of_the_scaled_branch": branches(", 'island', 'sex'", FIT + CV)}
EVERY_FOLD = branches("", CV)

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="dtypes", extra={"every_fold": EVERY_FOLD})
)


def test_every_fold_fails_with_the_branch_s_error(
    real: dict[str, str | None], data_dir: Path
) -> None:
    observed = real["every_fold"]  # the traceback's last error: the inner fit's
    assert observed is not None
    first = analyze(EVERY_FOLD, data_dir).first_fatal
    assert first is not None and first.detector == "fit_failures", first
    assert "All the 2 fits failed." in first.message
    assert first.message.strip().splitlines()[-1] == observed
