"""No false alarms: valid programs get no fatal finding.

Hand-written programs in the styles people and LLMs write (each run for real
first, to prove it is valid), the builtin code model's programs for every
example task kind and for the 14 suite tasks, and the clean records of the
development corpus when it is present.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mleworld.codegen.base import CodeRequest
from mleworld.codegen.builtin import BuiltinCodeModel
from mleworld.codegen.builtin.examples import KINDS, make_example_task
from mleworld.world.static import analyze

READ = "import pandas as pd\ntrain = pd.read_csv('./input/train.csv')\ntest = pd.read_csv('./input/test.csv')\n"
WRITE = "import os\nos.makedirs('./submission', exist_ok=True)\n"

VALID: dict[str, str] = {
    "frame_from_a_dict_filled_in_a_loop": (
        "import numpy as np\nimport pandas as pd\n"
        "def design(n, k):\n"
        "    cols = {'const': np.ones(n), 't': np.arange(n), 't2': np.arange(n) ** 2}\n"
        "    for h in range(1, k + 1):\n        cols[f's{h}'] = np.sin(h * np.arange(n))\n"
        "    return pd.DataFrame(cols)\n"
        "print(design(6, 3).drop(columns='t2').shape)\n"
    ),
    "optional_import": (
        "try:\n    import xgboost as xgb\n    HAVE_XGB = True\nexcept ImportError:\n    HAVE_XGB = False\n"
        "if HAVE_XGB:\n    model = xgb.XGBClassifier(n_estimatorz=3)\nelse:\n    model = None\n"
    ),
    "platform_paths_with_fallback": (
        "import os\nimport pandas as pd\n"
        "DATA = '/kaggle/input/penguins' if os.path.exists('/kaggle/input/penguins') else './input'\n"
        "train = pd.read_csv(os.path.join(DATA, 'train.csv'))\nprint(train['species'].nunique())\n"
    ),
    "guarded_by_exists": (
        READ
        + "import os\nif os.path.exists('./input/extra.csv'):\n    extra = pd.read_csv('./input/extra.csv')\n"
        "    print(extra['nothing'])\n"
    ),
    "guarded_by_column_check": (
        READ + "if 'species' in test.columns:\n    test = test.drop(columns=['species'])\n"
        "for df in (train, test):\n    if 'weight' in df.columns:\n        df['weight'] = df['weight'] * 2\n"
    ),
    "loop_over_frames": (
        READ
        + "for df in [train, test]:\n    df['ratio'] = df['bill_length_mm'] / df['bill_depth_mm']\n"
        "    df['island'] = df['island'].fillna('none')\n"
        "features = ['ratio', 'island', 'year']\nprint(train[features].shape, test[features].shape)\n"
    ),
    "columns_from_comprehension": (
        READ
        + "TARGET = 'species'\nfeatures = [c for c in train.columns if c not in ('id', TARGET)]\n"
        "X, X_test = train[features], test[features]\n"
        "cat = [c for c in features if train[c].dtype == object]\n"
        "for c in cat:\n    X[c + '_code'] = X[c].astype('category').cat.codes\n"
        "print(X.shape, X_test.shape)\n"
    ),
    "renamed_and_assigned": (
        READ + "train = train.rename(columns={'bill_length_mm': 'bill_len'})\n"
        "train = train.assign(area=train['bill_len'] * train['bill_depth_mm'])\n"
        "train.insert(0, 'row', range(len(train)))\ntrain.loc[:, 'flag'] = 1\n"
        "print(train[['bill_len', 'area', 'row', 'flag']].head())\n"
    ),
    "columns_replaced": (
        READ
        + "train.columns = [c.upper() for c in train.columns]\nprint(train['SPECIES'].head())\n"
        "test.columns = test.columns.str.lower()\nprint(test['island'].head())\n"
    ),
    "dummies_and_merge": (
        READ
        + "full = pd.get_dummies(train, columns=['island'])\nprint(full['island_Biscoe'].sum())\n"
        "m = train.merge(test[['id', 'sex']], on='id', how='left')\nprint(m['sex_x'].head())\n"
        "r = train.reset_index()\nprint(r['index'].head())\n"
    ),
    "eval_inplace": (
        READ
        + "train.eval('area = bill_length_mm * bill_depth_mm', inplace=True)\nprint(train['area'].mean())\n"
    ),
    "class_pipeline": (
        "import pandas as pd\n\nclass Data:\n    def __init__(self, root):\n        self.root = root\n"
        "        self.train = pd.read_csv(root + '/train.csv')\n\n    def features(self):\n"
        "        self.train['ratio'] = self.train['bill_length_mm'] / self.train['bill_depth_mm']\n"
        "        return self.train[['ratio', 'year']]\n\nd = Data('./input')\nprint(d.features().shape)\n"
    ),
    "config_class": (
        "import pandas as pd\n\nclass CFG:\n    data = './input'\n    target = 'species'\n    seed = 42\n\n"
        "train = pd.read_csv(f'{CFG.data}/train.csv')\ny = train[CFG.target]\n"
    ),
    "functions_defined_in_any_order": (
        "import pandas as pd\n\ndef main():\n    df = load()\n    print(summarize(df))\n\n"
        "def load():\n    return pd.read_csv('./input/train.csv')\n\n"
        "def summarize(df):\n    return df.groupby('species')['body_mass_g'].mean()\n\n"
        "if __name__ == '__main__':\n    main()\n"
    ),
    "globals_set_in_function": (
        "RESULT = None\n\ndef compute():\n    global RESULT, EXTRA\n    RESULT = 1\n    EXTRA = 2\n\n"
        "compute()\nprint(RESULT + EXTRA)\n"
    ),
    "names_bound_in_every_kind_of_block": (
        "import contextlib\nfor i in range(3):\n    last = i\nprint(last)\nwhile True:\n    w = 1\n    break\nprint(w)\n"
        "with contextlib.suppress(ZeroDivisionError):\n    z = 1 / 1\nprint(z)\n"
        "try:\n    t = int('3')\nexcept ValueError:\n    t = 0\nprint(t)\n"
        "squares = [n * n for n in range(3)]\nif (k := len(squares)) > 2:\n    print(k)\n"
        "match k:\n    case 3:\n        label = 'three'\n    case _:\n        label = 'other'\nprint(label)\n"
    ),
    "late_definition_in_loop": (
        "for step in range(3):\n    if step > 0:\n        print(previous)\n    previous = step\n"
    ),
    "caught_errors": (
        READ + "try:\n    v = train['missing_column']\nexcept KeyError:\n    v = None\n"
        "try:\n    import catboostt\nexcept Exception:\n    pass\n"
        "try:\n    print(undefined_thing)\nexcept NameError:\n    pass\n"
    ),
    "star_import_defines_names": "from math import *\nprint(sqrt(4), pi)\n",
    "exec_defines_names": "exec('made = 3')\nprint(made)\n",
    "exits_before_bad_code": "import sys\nprint('done')\nsys.exit(0)\nprint(never_defined)\n",
    "uncalled_function_with_unknown_helper": (
        "def helper(df):\n    return df\n\ndef unused(df):\n    return helper(df)\n\nprint('ok')\n"
    ),
    "lambda_and_apply": (
        READ + "scale = 2\ntrain['mass2'] = train['body_mass_g'].apply(lambda v: v * scale)\n"
        "train['big'] = train.apply(lambda row: row['body_mass_g'] > 4000, axis=1)\n"
    ),
    "nested_closure": (
        "def outer():\n    total = 0\n    def add(v):\n        nonlocal total\n        total += v\n"
        "    add(2)\n    return total\n\nprint(outer())\n"
    ),
    "sklearn_flow": (
        READ + "from sklearn.model_selection import train_test_split, StratifiedKFold\n"
        "from sklearn.ensemble import RandomForestClassifier\nfrom sklearn import metrics\n"
        "features = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
        "X, y = train[features], train['species']\n"
        "X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.5, random_state=0)\n"
        "model = RandomForestClassifier(n_estimators=5, random_state=0).fit(X_tr, y_tr)\n"
        "print(metrics.accuracy_score(y_va, model.predict(X_va)))\n"
        "print(X_tr['body_mass_g'].mean(), model.feature_importances_.shape, model.n_features_in_)\n"
        "skf = StratifiedKFold(n_splits=2)\nproba = model.predict_proba(test[features])\n"
    ),
    "lightgbm_kwargs_pass_through": (
        "import lightgbm as lgb\nm = lgb.LGBMClassifier(n_estimators=2, verbosity=-1, whatever_param=1)\nprint(m)\n"
    ),
    "module_attribute_set_by_program": "import numpy as np\nnp.my_constant = 3\nprint(np.my_constant)\n",
    "submodules_and_lazy_attributes": (
        "import scipy\nimport scipy.stats\nimport sklearn\nimport sklearn.metrics\n"
        "print(scipy.stats.norm.cdf(0), sklearn.metrics.accuracy_score([1], [1]))\n"
        "import os.path\nprint(os.path.join('a', 'b'))\n"
    ),
    "files_written_then_read": (
        READ + "import numpy as np\nimport os\nos.makedirs('./working/cache', exist_ok=True)\n"
        "train.to_csv('./working/cache/train_clean.csv', index=False)\n"
        "again = pd.read_csv('./working/cache/train_clean.csv')\n"
        "np.save('./working/arr.npy', np.zeros(3))\nprint(np.load('./working/arr.npy').sum(), again.shape)\n"
        "from pathlib import Path\nout = Path('outputs')\nout.mkdir(exist_ok=True)\n"
        "train.to_csv(out / 'copy.csv', index=False)\n"
    ),
    "submission_via_path_objects": (
        READ + "from pathlib import Path\nSUB = Path('submission')\nSUB.mkdir(exist_ok=True)\n"
        "sub = pd.read_csv('./input/sample_submission.csv')\nsub['Adelie'] = 0.5\n"
        "sub.to_csv(SUB / 'submission.csv', index=False)\n"
    ),
    "annotations_and_typing": (
        "from __future__ import annotations\nfrom typing import Optional\nimport pandas as pd\n\n"
        "def f(df: pd.DataFrame, k: Optional[int] = None) -> UndefinedReturnType:\n    return df\n\n"
        "x: int = 3\nprint(x)\n"
    ),
    "del_then_rebind": "a = 1\ndel a\na = 2\nprint(a)\n",
    "a_cell_of_a_row_is_a_value": (
        "import pandas as pd\n"
        "res = pd.DataFrame([['logit C=1', 0.2], ['forest', 0.3]], columns=['model', 'loss'])\n"
        "best = res.sort_values('loss').iloc[0]['model']\n"
        "if best.startswith('logit'):\n    print(float(best.split('=')[1]))\n"
    ),
    "frames_in_a_dict": (
        READ
        + "dfs = {'train': train, 'test': test}\nfor name, df in dfs.items():\n    df['n'] = len(name)\n"
        "print(dfs['train']['n'].sum(), train['n'].sum())\n"
    ),
    "frames_through_map": (
        READ + "def add(df):\n    df['m'] = 1\n    return df\n\nlist(map(add, [train, test]))\n"
        "print(train['m'].sum(), test['m'].sum())\n"
    ),
    "frames_kept_in_a_library_container": (
        READ + "import collections\nstore = collections.OrderedDict()\nstore['t'] = train\n"
        "store['t']['k'] = 1\nprint(train['k'].sum())\n"
    ),
    "frames_in_comprehensions": (
        READ + "shapes = [df.assign(z=1) for df in (train, test)]\n"
        "_ = [df.insert(0, 'q', 1) for df in (train, test)]\n"
        "print(train['q'].sum(), test['q'].sum(), shapes[0]['z'].sum())\n"
    ),
    "many_frames_in_a_long_list": (
        READ
        + "frames = [train.copy() for _ in range(3)] + [train] * 17\nfor f in frames:\n    f['r'] = 0\n"
        "print(train['r'].sum())\n"
    ),
    "own_keywords_accepted": (
        "def score(y, p, **options):\n    return options\n\n"
        "class Model:\n    def __init__(self, depth=3, *, seed=0):\n        self.depth = depth\n\n"
        "print(score([1], p=[1], weights=None), Model(depth=2, seed=1).depth)\n"
    ),
    "label_metric_of_predicted_labels": (
        READ + "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.metrics import accuracy_score\n"
        "X, y = train[['bill_length_mm']], train['sex']\n"
        "m = LogisticRegression().fit(X, y)\n"
        "print(accuracy_score(y, m.predict(X)) >= 0)\n"
    ),
    "dataclass_config": (
        "from dataclasses import dataclass\n\n@dataclass\nclass Config:\n    path: str = './input/train.csv'\n"
        "    seed: int = 0\n\ncfg = Config()\nimport pandas as pd\ndf = pd.read_csv(cfg.path)\nprint(df.shape)\n"
    ),
}


@pytest.fixture(scope="module")
def real(run_real) -> dict[str, str | None]:  # type: ignore[no-untyped-def]
    return run_real(VALID)


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_program_gets_no_fatal_finding(
    name: str, real: dict[str, str | None], data_dir: Path
) -> None:
    assert real[name] is None, f"the test program itself fails: {real[name]}"
    report = analyze(VALID[name], data_dir)
    fatal = [f for f in report.findings if f.fatal and f.confidence >= 0.5]
    assert fatal == [], [f.message for f in fatal]
    assert report.first_fatal is None


def _builtin_programs(task: object, seeds: range) -> list[tuple[str, str]]:
    programs = []
    for seed in seeds:
        model = BuiltinCodeModel(seed=seed)
        draft = model.generate(CodeRequest("draft", "", task=task, seed=seed)).code
        improved = model.generate(
            CodeRequest("improve", "", task=task, parent_code=draft, seed=seed + 50)
        ).code
        programs += [(f"draft seed {seed}", draft), (f"improve seed {seed}", improved)]
    return programs


@pytest.mark.parametrize("kind", KINDS)
def test_builtin_programs_for_every_task_kind(kind: str, tmp_path: Path) -> None:
    task = make_example_task(kind, tmp_path / kind)
    for label, code in _builtin_programs(task, range(3)):
        report = analyze(code, task.public_dir)
        assert report.first_fatal is None, (label, report.first_fatal)
        assert report.writes_submission is True, label


SUITE = (
    "penguins",
    "breast-cancer",
    "digits",
    "diabetes",
    "seattle-weather",
    "telco-churn",
    "credit-risk",
    "hpc-jobs",
    "diamonds-price",
    "school-math",
    "daily-births",
    "doctor-visits",
    "health-insurance",
    "food-reviews",
)


@pytest.mark.slow
@pytest.mark.parametrize("name", SUITE)
def test_builtin_programs_for_the_suite_tasks(name: str) -> None:
    from mleworld.tasks.suite import list_suite, resolve_task

    assert {e.name for e in list_suite()} == set(SUITE)
    task = resolve_task(name)  # builds the task once per session (reference leaderboard: seconds)
    for label, code in _builtin_programs(task, range(3)):
        report = analyze(code, task.public_dir)
        assert report.first_fatal is None, (name, label, report.first_fatal)
        assert report.writes_submission is True, (name, label)


DEV_CORPUS = Path(os.environ.get("MLEWORLD_DEV_CORPUS", "/work/synth/dev"))


@pytest.mark.slow
@pytest.mark.skipif(
    not (DEV_CORPUS / "manifest.json").is_file(), reason="no development corpus here"
)
def test_clean_records_of_the_dev_corpus_get_no_fatal_finding() -> None:
    from mleworld.corpus.store import Corpus
    from mleworld.tasks.suite import prepare_suite_task

    dirs: dict[str, Path] = {}
    checked = 0
    for record in Corpus.open(DEV_CORPUS).iter_records():
        if record.y.exc_type != "None":
            continue
        if record.task_id not in dirs:
            dirs[record.task_id] = prepare_suite_task(record.task_id) / "public"
        report = analyze(record.x.program, dirs[record.task_id])
        assert report.first_fatal is None, (record.task_id, record.node_id, report.first_fatal)
        if record.y.submission:
            assert report.writes_submission is True, (record.task_id, record.node_id)
        checked += 1
    assert checked > 0
