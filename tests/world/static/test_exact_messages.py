"""Every detector's prediction equals what Python really prints, for real programs.

Each snippet runs for real (conftest.run_real, one subprocess for all) in a
workspace whose ./input/ is the test data folder; analysis of the same text
against the same folder must predict the same exception class and the same
text after the traceback, character for character.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.world.static import analyze

READ = "import pandas as pd\ndf = pd.read_csv('./input/train.csv')\n"

# name -> (program, detector that must report it)
CRASHES: dict[str, tuple[str, str]] = {
    "syntax_colon": ("if True\n    x = 1\n", "syntax"),
    "syntax_paren": ("x = (1,\ny = 2\n", "syntax"),
    "indent_unexpected": ("x = 1\n    y = 2\n", "syntax"),
    "indent_unindent": ("if True:\n        x = 1\n    y = 2\n", "syntax"),
    "tab_error": ("if True:\n\tx = 1\n        y = 2\n", "syntax"),
    "return_outside": ("print(1)\nreturn 5\n", "syntax"),
    "missing_module": ("import xgboostt\n", "imports"),
    "missing_submodule": ("import sklearn.ensemblee\n", "imports"),
    "not_a_package": ("import os.pathx\n", "imports"),
    "from_missing_module": ("from sklearn.ensemblee import X\n", "imports"),
    "from_missing_name": ("from sklearn.ensemble import RandomForestClasifier\n", "imports"),
    "from_stdlib_name": ("from os import pathh\n", "imports"),
    "name_suggested": ("prediction = 1\nprint(predictions)\n", "names"),
    "name_missing_import": ("import numpy as np\nscaler = StandardScaler()\n", "names"),
    "name_builtin_typo": ("n = lenn([1, 2])\n", "names"),
    "name_in_function": ("def f():\n    outs = 1\n    return out\n\nf()\n", "names"),
    "name_before_binding": ("print(model)\nmodel = 1\n", "names"),
    "name_after_except": ("try:\n    pass\nexcept Exception as e:\n    pass\nprint(e)\n", "names"),
    "unbound_local": ("x = 1\n\ndef f():\n    print(x)\n    x = 2\n\nf()\n", "names"),
    "module_attr_suggested": ("import numpy as np\na = np.arrray([1])\n", "module_attrs"),
    "module_attr_pandas": ("import pandas as pd\npd.read_cvs('x.csv')\n", "module_attrs"),
    "module_attr_plain": ("import sklearn.metrics\nf = sklearn.metrics.roc_auc\n", "module_attrs"),
    "module_attr_getattr_hook": ("import numpy as np\nx = np.float(3)\n", "module_attrs"),
    "instance_method": (
        "from sklearn.linear_model import LogisticRegression\n"
        "m = LogisticRegression()\nm.predict_probas([[1.0]])\n",
        "module_attrs",
    ),
    "instance_from_factory": (
        "from sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import StandardScaler\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "m = make_pipeline(StandardScaler(), LogisticRegression())\nm.fit([[1.0], [2.0]], [0, 1])\n"
        "p = m.predict_probas([[1.0]])\n",
        "module_attrs",
    ),
    "kwarg_class": (
        "from sklearn.ensemble import RandomForestClassifier\nRandomForestClassifier(n_estimator=10)\n",
        "kwargs",
    ),
    "kwarg_alias": (
        "import sklearn.preprocessing as prep\nenc = prep.OneHotEncoder(sparse=False)\n",
        "kwargs",
    ),
    "kwarg_validated_function": (
        "from sklearn.metrics import mean_squared_error\nmean_squared_error([1], [1], squared=False)\n",
        "kwargs",
    ),
    "kwarg_function": (
        "import pandas as pd\npd.read_csv('./input/train.csv', sepp=',')\n",
        "kwargs",
    ),
    "kwarg_inherited_method": (
        "from sklearn.ensemble import RandomForestClassifier\n"
        "m = RandomForestClassifier(n_estimators=2)\nm.fit([[1], [2]], [0, 1], verbose=1)\n",
        "kwargs",
    ),
    "kwarg_lgbm_fit": (
        "import lightgbm as lgb\nm = lgb.LGBMClassifier(n_estimators=2)\n"
        "m.fit([[1], [2]], [0, 1], early_stopping_rounds=5)\n",
        "kwargs",
    ),
    "kwarg_frame_method": (READ + "df.fillna(0, inplce=True)\n", "kwargs"),
    "kwarg_first_in_call_order": (
        "from sklearn.model_selection import KFold\nkf = KFold(n_folds=5, shuffle=True, seeds=1)\n",
        "kwargs",
    ),
    "kwarg_method_of_returned_estimator": (
        "from sklearn.ensemble import ExtraTreesClassifier\n\n"
        "def make():\n    return ExtraTreesClassifier(n_estimators=3)\n\n"
        "model = make()\nmodel.fit([[1], [2]], [0, 1], sample_weights=None)\n",
        "kwargs",
    ),
    "kwarg_own_function": (
        "def scale(values, factor=2):\n    return [v * factor for v in values]\n\n"
        "print(scale([1, 2], factr=3))\n",
        "kwargs",
    ),
    "kwarg_own_nested_function": (
        "def main():\n    def score(y, p):\n        return 0\n    score([1], p=[1], w=2)\n\nmain()\n",
        "kwargs",
    ),
    "kwarg_own_method_and_class": (
        "class Model:\n    def __init__(self, depth=3):\n        self.depth = depth\n\n"
        "    def fit(self, X, *, epochs=1):\n        return self\n\n"
        "Model(depth=2).fit([1], epochs=2)\nModel(deep=2)\n",
        "kwargs",
    ),
    "label_metric_of_probabilities": (
        READ + "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.metrics import accuracy_score\n"
        "X, y = df[['bill_length_mm']], df['sex']\n"
        "m = LogisticRegression().fit(X, y)\nprint(accuracy_score(y, m.predict_proba(X)))\n",
        "lengths",
    ),
    "takes_no_arguments": (
        "from sklearn.preprocessing import LabelEncoder\nLabelEncoder(handle_unknown='ignore')\n",
        "kwargs",
    ),
    "read_missing_literal": (
        "import pandas as pd\ndf = pd.read_csv('./input/trian.csv')\n",
        "files",
    ),
    "read_missing_path": (
        "import pandas as pd\nfrom pathlib import Path\nDATA = Path('./input')\n"
        "df = pd.read_csv(DATA / 'trian.csv')\n",
        "files",
    ),
    "read_missing_join": (
        "import os\nimport pandas as pd\nINPUT_DIR = './input'\n"
        "df = pd.read_csv(os.path.join(INPUT_DIR, 'Train.csv'))\n",
        "files",
    ),
    "read_missing_fstring": (
        "import pandas as pd\nD = 'input'\ndf = pd.read_csv(f'{D}/training.csv')\n",
        "files",
    ),
    "read_other_platform": (
        "import pandas as pd\ndf = pd.read_csv('../input/train.csv')\n",
        "files",
    ),
    "read_kaggle": ("import pandas as pd\ndf = pd.read_csv('/kaggle/input/train.csv')\n", "files"),
    "open_missing": ("with open('./input/meta.json') as fh:\n    text = fh.read()\n", "files"),
    "numpy_load_missing": ("import numpy as np\na = np.load('./input/x.npy')\n", "files"),
    "parquet_missing": (
        "import pandas as pd\ndf = pd.read_parquet('./input/train.parquet')\n",
        "files",
    ),
    "write_missing_dir": (
        "import pandas as pd\npd.DataFrame({'a': [1]}).to_csv('./output/submission.csv')\n",
        "files",
    ),
    "open_write_missing_dir": (
        "with open('results/log.txt', 'w') as fh:\n    fh.write('x')\n",
        "files",
    ),
    "column_missing": (READ + "y = df['price']\n", "columns"),
    "columns_some_missing": (READ + "X = df[['island', 'pricez', 'sexx']]\n", "columns"),
    "columns_all_missing": (READ + "X = df[['pricez', 'sexx']]\n", "columns"),
    "drop_missing": (READ + "X = df.drop(columns=['island', 'pricez'])\n", "columns"),
    "drop_axis_missing": (READ + "X = df.drop('pricez', axis=1)\n", "columns"),
    "frame_method_typo": (READ + "df = df.fill_na(0)\n", "columns"),
    "frame_attribute_column": (READ + "v = df.islandd\n", "columns"),
    "series_method_typo": (READ + "counts = df['island'].value_count()\n", "columns"),
    "set_index_missing": (READ + "df = df.set_index('pricez')\n", "columns"),
    "pop_missing": (READ + "y = df.pop('pricez')\n", "columns"),
    "del_missing": (READ + "del df['pricez']\n", "columns"),
    "loc_missing": (READ + "v = df.loc[:, 'pricez']\n", "columns"),
    "usecols_missing": (
        "import pandas as pd\ndf = pd.read_csv('./input/train.csv', usecols=['id', 'pricez'])\n",
        "columns",
    ),
    "index_col_removed": (
        "import pandas as pd\ndf = pd.read_csv('./input/train.csv', index_col='id')\nids = df['id']\n",
        "columns",
    ),
    "dropped_then_used": (READ + "X = df.drop(columns=['species'])\ny = X['species']\n", "columns"),
    "test_lacks_target": (
        "import pandas as pd\ntest = pd.read_csv('./input/test.csv')\ny = test['species']\n",
        "columns",
    ),
    "feature_added_to_train_only": (
        "import pandas as pd\ntrain = pd.read_csv('./input/train.csv')\ntest = pd.read_csv('./input/test.csv')\n"
        "train['ratio'] = train['bill_length_mm'] / train['bill_depth_mm']\n"
        "features = ['bill_length_mm', 'ratio']\nX = train[features]\nX_test = test[features]\n",
        "columns",
    ),
    "frames_from_comprehension": (
        "import pandas as pd\ntrain, test = [pd.read_csv(f'./input/{n}.csv') for n in ('train', 'test')]\n"
        "y = test['species']\n",
        "columns",
    ),
    "through_functions": (
        "import pandas as pd\n\ndef load():\n    return pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')\n\n"
        "def add(df):\n    df = df.copy()\n    df['area'] = df['bill_length_mm'] * df['bill_depth_mm']\n    return df\n\n"
        "def main():\n    train, test = load()\n    train = add(train)\n    cols = ['area', 'flipper_length_mm', 'speciess']\n"
        "    return train[cols]\n\nif __name__ == '__main__':\n    main()\n",
        "columns",
    ),
}


@pytest.fixture(scope="module")
def real(run_real) -> dict[str, str | None]:  # type: ignore[no-untyped-def]
    return run_real({name: program for name, (program, _) in CRASHES.items()})


@pytest.mark.parametrize("name", sorted(CRASHES))
def test_prediction_matches_the_real_run(
    name: str, real: dict[str, str | None], data_dir: Path
) -> None:
    program, detector = CRASHES[name]
    observed = real[name]
    assert observed is not None, f"{name} ran clean; the test program is wrong"
    finding = analyze(program, data_dir).first_fatal
    assert finding is not None, f"no prediction; Python printed {observed!r}"
    assert finding.detector == detector
    assert finding.message == observed
    assert finding.exc_type == observed.split(":", 1)[0]
    assert finding.line is not None and 1 <= finding.line <= program.count("\n") + 1


def test_a_nul_byte_in_the_file_is_reported_as_python_reports_it(tmp_path: Path) -> None:
    import subprocess
    import sys

    program = "x = 1\ny = 2\x00\n"
    (tmp_path / "runfile.py").write_text(program)
    proc = subprocess.run(
        [sys.executable, "runfile.py"], cwd=tmp_path, capture_output=True, text=True
    )
    finding = analyze(program).first_fatal
    assert finding is not None
    assert finding.message == proc.stderr.strip().splitlines()[-1]
    assert f"line {finding.line}" in proc.stderr
