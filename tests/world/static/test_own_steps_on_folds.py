"""The program's own transformer classes inside nested pipelines, fitted on folds.

`Pipeline([("features", Pipeline([("binary", Own(...)), ("encode", ColumnTransformer(...))])),
("forest", RandomForestClassifier())])` fitted on each fold's rows: the nested pipeline's
steps run in order, the own step's attributes (`self.columns`, set in `__init__`) survive
being handed to scikit-learn, and the own steps are walked on all the rows the folds are
drawn from; what they return is judged as a fold's share of it, so text they leave
behind (in enough rows that any fold meets it) reaches the forest and raises
scikit-learn's "could not convert string to float". Each snippet runs for real
(conftest.run_real: train.csv has 6 rows); the valid look-alike maps the text to numbers.
"""

from __future__ import annotations

from static_snippets import snippet_tests


def nested(step: str) -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.base import BaseEstimator, TransformerMixin\n"
        "from sklearn.compose import ColumnTransformer\n"
        "from sklearn.ensemble import RandomForestClassifier\n"
        "from sklearn.model_selection import KFold\n"
        "from sklearn.pipeline import Pipeline\n"
        "from sklearn.preprocessing import OneHotEncoder\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "class Binarizer(BaseEstimator, TransformerMixin):\n"
        "    def __init__(self, columns):\n"
        "        self.columns = columns\n"
        "    def fit(self, X, y=None):\n"
        "        return self\n"
        "    def transform(self, X):\n"
        "        out = X.copy()\n"
        "        for col in self.columns:\n"
        f"            out[col] = out[col].{step}\n"
        "        return out\n"
        "onehot = OneHotEncoder(handle_unknown='ignore', sparse_output=False)\n"
        "encode = ColumnTransformer([('onehot', onehot, ['island'])], remainder='passthrough')\n"
        "features = Pipeline([('binary', Binarizer(['sex'])), ('encode', encode)])\n"
        "model = Pipeline([('features', features), ('forest', RandomForestClassifier(n_estimators=5))])\n"
        "X, y = train.drop(columns=['id', 'species']), train['species']\n"
        "for tr, va in KFold(n_splits=3).split(X):\n"
        "    model.fit(X.iloc[tr], y.iloc[tr])\n"
    )


CRASHES = {"text_left_by_an_own_step_reaches_the_forest": nested("replace({'unknown': 0})")}
VALID = {"own_step_maps_the_text_to_numbers": nested("map({'male': 1, 'female': 0})")}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="dtypes")
)
