"""Attributes of real modules and library instances."""

from __future__ import annotations

import pytest

from mleworld.world.static import analyze
from static_snippets import snippet_tests

SVC_READ = (
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.pipeline import make_pipeline\n"
    "from sklearn.preprocessing import StandardScaler\n"
    "from sklearn.svm import SVC\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X, y = train[['bill_length_mm', 'body_mass_g']], train['species']\n"
)
# Methods scikit-learn makes depend on the parameters (`available_if`): asked of the
# estimator built again from the program's literal arguments.
CRASHES: dict[str, tuple[str, str]] = {
    "svc_without_probability": (
        SVC_READ + "m = SVC(C=2.0).fit(X, y)\nprint(m.predict_proba(X)[:, 1])\n",
        "module_attrs",
    ),
    "pipeline_ending_in_svc": (
        SVC_READ + "m = make_pipeline(StandardScaler(), SVC()).fit(X, y)\np = m.predict_proba(X)\n",
        "module_attrs",
    ),
}
VALID: dict[str, str] = {
    "svc_with_probability": (
        SVC_READ + "m = make_pipeline(StandardScaler(), SVC(probability=True)).fit(X, y)\n"
        "p = m.predict_proba(X)\nd = SVC().fit(X, y).decision_function(X)\n"
    ),
    "pipeline_ending_in_logreg": (
        SVC_READ
        + "m = make_pipeline(StandardScaler(), LogisticRegression()).fit(X, y)\n"
        + "p = m.predict_proba(X)\n"
    ),
}
real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)


def fatal(program: str) -> list[str]:
    return [f.message for f in analyze(program).findings if f.fatal and f.confidence >= 0.5]


@pytest.mark.parametrize(
    "program",
    [
        "import numpy as np\nnp.random.seed(0)\nx = np.float32(1)\n",
        "import pandas as pd\nok = pd.api.types.is_numeric_dtype\n",
        "import scipy\nimport scipy.stats\nprint(scipy.stats.norm)\n",
        "import sklearn\nfrom sklearn import preprocessing\nprint(sklearn.preprocessing.StandardScaler)\n",
        "import numpy as np\nnp.custom = 1\nprint(np.custom)\n",
        "import os\nprint(os.environ.get('HOME'), os.path.join('a', 'b'))\n",
    ],
)
def test_existing_and_program_set_attributes_are_fine(program: str) -> None:
    assert fatal(program) == []


@pytest.mark.parametrize(
    "program",
    [
        # fitted attributes appear after a fit the walk cannot rule out; parameters are
        # set by __init__ (an estimator the program never fits is unfitted.py's)
        "import sys\nfrom sklearn.linear_model import LogisticRegression\nm = LogisticRegression(C=2.0)\n"
        "if len(sys.argv) > 5:\n    m.fit([[0.0], [1.0]], [0, 1])\nprint(m.C, m.coef_, m.classes_)\n",
        # attributes read (not called) are never reported
        "from sklearn.ensemble import RandomForestClassifier\nm = RandomForestClassifier()\nprint(m.best_score)\n",
    ],
)
def test_instance_attributes_that_may_exist_are_not_reported(program: str) -> None:
    assert fatal(program) == []


def test_an_instance_from_either_branch_keeps_its_class() -> None:
    program = (
        "import random\nfrom sklearn.ensemble import RandomForestClassifier\n"
        "if random.random() > 0.5:\n    m = RandomForestClassifier(n_estimators=10)\n"
        "else:\n    m = RandomForestClassifier(n_estimators=20)\nm.fitt([[1]], [1])\n"
    )
    assert fatal(program) == [
        "AttributeError: 'RandomForestClassifier' object has no attribute 'fitt'. Did you mean: 'fit'?"
    ]


def test_a_deprecated_alias_keeps_its_whole_message() -> None:
    finding = analyze("import numpy as np\nx = np.float\n").first_fatal
    assert finding is not None and finding.exc_type == "AttributeError"
    assert finding.message.startswith("AttributeError: module 'numpy' has no attribute 'float'.\n")
    assert finding.message.splitlines()[-1].strip().startswith("https://numpy.org/")
