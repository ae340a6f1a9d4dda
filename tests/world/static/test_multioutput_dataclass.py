"""Predictions indexed as another shape than they have, and dataclass configs followed.

A scikit-learn classifier tagged multi-output (forests, trees, nearest neighbours,
`MultiOutputClassifier`), fitted on several target columns, answers `predict_proba` with a
list of arrays; `proba[:, j]` then raises Python's TypeError. A model that takes one target column
(histogram boosting, also inside a TransformedTargetRegressor) refuses several at fit. A single target's
`predict` (and a binary or regression LightGBM Booster's) is 1-D: `pred[:, 1]` raises
numpy's IndexError. Rows cut with `iloc[:len(train)]` keep a known count. A dataclass's generated
`__init__` is followed: the call's arguments, then defaults and `default_factory`s, then
`__post_init__` (also under `@dataclass(frozen=True, ...)`), so a config object's columns and
paths are known where the program uses them.
Every snippet runs for real against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "from dataclasses import dataclass, field\n"
    "from sklearn.ensemble import RandomForestClassifier\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.multioutput import MultiOutputClassifier\n"
    "from sklearn.pipeline import Pipeline\n"
    "from sklearn.model_selection import train_test_split\n"
    "df = pd.read_csv('./input/train.csv')\n"
    "X = df[['bill_length_mm', 'bill_depth_mm']]\n"
)
LABELS = "LABELS = ['sex', 'island']\n"

CRASHES: dict[str, tuple[str, str]] = {
    "forest_proba_indexed_as_array": (
        READ + LABELS + "Y = df[LABELS].values\n"
        "rf = RandomForestClassifier(n_estimators=3, random_state=0).fit(X.values, Y)\n"
        "p = rf.predict_proba(X.values)\nprint(p[:, 1])\n",
        "positions",
    ),
    "multioutput_pipeline_after_split": (
        READ
        + LABELS
        + "X_tr, X_va, Y_tr, Y_va = train_test_split(X, df[LABELS], test_size=0.5, random_state=0)\n"
        "model = Pipeline([('m', MultiOutputClassifier(LogisticRegression()))]).fit(X_tr, Y_tr)\n"
        "proba = model.predict_proba(X_va)\n"
        "print([p for p in proba[:, 0]])\n",
        "positions",
    ),
    "labels_from_a_dataclass_factory": (
        READ + "@dataclass\nclass Config:\n"
        "    labels: list[str] = field(default_factory=lambda: ['sex', 'island'])\n"
        "    seed: int = 0\n"
        "def build(cfg):\n    return MultiOutputClassifier(LogisticRegression(random_state=cfg.seed))\n"
        "cfg = Config()\n"
        "model = build(cfg).fit(X, df[cfg.labels])\n"
        "print(model.predict_proba(X)[:, 1])\n",
        "positions",
    ),
    "tuple_indexed_by_a_pair": (
        "t = (1, 2)\nprint(t[0, 1])\n",
        "positions",
    ),
    "single_target_predict_indexed_as_proba": (
        READ + "m = LogisticRegression().fit(X, df['sex'])\nprint(m.predict(X)[:, 1])\n",
        "positions",
    ),
    "binary_booster_predict_sliced": (
        READ + "import lightgbm as lgb\n"
        "params = {'objective': 'binary', 'verbose': -1, 'min_data_in_leaf': 1}\n"
        "booster = lgb.train(params, lgb.Dataset(X, (df['sex'] == 'male').astype(int)), 2)\n"
        "print(booster.predict(X, num_iteration=booster.best_iteration)[:, 1])\n",
        "positions",
    ),
    "rows_cut_by_len_then_misaligned": (
        READ + "te = pd.read_csv('./input/test.csv')\n"
        "full = pd.concat([df.drop(columns=['species']), te], ignore_index=True)\n"
        "feats = ['bill_length_mm', 'flipper_length_mm']\n"
        "m = LogisticRegression().fit(full.iloc[:len(df)][feats], df['species'])\n"
        "pd.DataFrame({'id': te['id'], 'species': m.predict(full.iloc[: len(df)][feats])})\n",
        "lengths",
    ),
    "dataclass_default_column_missing": (
        READ + "@dataclass\nclass Config:\n    target: str = 'species_name'\n"
        "cfg = Config()\nprint(df[cfg.target].nunique())\n",
        "columns",
    ),
    "dataclass_post_init_column_missing": (
        READ + "@dataclass\nclass Config:\n    prefix: str = 'bill'\n"
        "    def __post_init__(self):\n        self.column = self.prefix + '_width_mm'\n"
        "print(df[Config().column].mean())\n",
        "columns",
    ),
    "a_one_target_regressor_fitted_on_two_target_columns": (
        READ + "import numpy as np\n"
        "from sklearn.compose import TransformedTargetRegressor\n"
        "from sklearn.ensemble import HistGradientBoostingRegressor\n"
        "from sklearn.preprocessing import StandardScaler\n"
        "Y = df[['flipper_length_mm', 'body_mass_g']]\n"
        "model = Pipeline([('scale', StandardScaler()), ('reg', TransformedTargetRegressor(\n"
        "    regressor=HistGradientBoostingRegressor(max_iter=5), func=np.log1p, inverse_func=np.expm1))])\n"
        "model.fit(X, Y)\n",
        "multioutput",
    ),
}

FROZEN = (
    "import json\nfrom dataclasses import dataclass\nfrom pathlib import Path\n"
    "@dataclass(frozen=True)\n"
    "class Config:\n"
    "    model_dir: Path = Path('artifacts/models')\n"
    "    report_dir: Path = Path('artifacts/reports')\n"
    "    folds: int = 4\n"
    "def prepare(cfg: Config) -> None:\n"
    "    for d in (cfg.model_dir,):\n"
    "        d.mkdir(parents=True, exist_ok=True)\n"
    "cfg = Config(folds=3)\n"
    "prepare(cfg)\n"
)
CRASHES["a_frozen_dataclass_config_names_a_folder_never_made"] = (
    FROZEN
    + "with open(cfg.report_dir / 'cv.json', 'w') as fh:\n    json.dump({'f': cfg.folds}, fh)\n",
    "files",
)

VALID: dict[str, str] = {
    "a_frozen_dataclass_config_names_a_folder_it_made": (
        FROZEN + "with open(cfg.model_dir / 'cv.json', 'w') as fh:\n"
        "    json.dump({'f': cfg.folds}, fh)\n"
    ),
    "forest_proba_indexed_per_output": (
        READ + LABELS + "Y = df[LABELS].values\n"
        "rf = RandomForestClassifier(n_estimators=3, random_state=0).fit(X.values, Y)\n"
        "p = rf.predict_proba(X.values)\nprint([q[:, 0].round(2) for q in p], p[1][:, 1])\n"
    ),
    "single_target_forest_proba_is_an_array": (
        READ + "rf = RandomForestClassifier(n_estimators=3, random_state=0).fit(X, df['sex'])\n"
        "print(rf.predict_proba(X)[:, 1])\n"
    ),
    "multilabel_mlp_proba_is_an_array": (
        READ + "from sklearn.neural_network import MLPClassifier\n"
        "Y = pd.get_dummies(df['island']).astype(int)\n"
        "mlp = MLPClassifier(hidden_layer_sizes=(4,), max_iter=20, random_state=0).fit(X, Y)\n"
        "print(mlp.predict_proba(X)[:, 0].shape)\n"
    ),
    "multiclass_booster_predict_is_2d": (
        READ + "import lightgbm as lgb\n"
        "codes = df['species'].astype('category').cat.codes\n"
        "params = {'objective': 'multiclass', 'num_class': 3, 'verbose': -1, 'min_data_in_leaf': 1}\n"
        "booster = lgb.train(params, lgb.Dataset(X, codes), 2)\n"
        "print(booster.predict(X)[:, 1].round(3))\n"
    ),
    "predict_given_a_new_axis": (
        READ + "m = LogisticRegression().fit(X, df['sex'])\nprint(m.predict(X)[:, None].shape)\n"
    ),
    "rows_cut_by_len_aligned": (
        READ + "te = pd.read_csv('./input/test.csv')\n"
        "full = pd.concat([df.drop(columns=['species']), te], ignore_index=True)\n"
        "feats = ['bill_length_mm', 'flipper_length_mm']\n"
        "m = LogisticRegression().fit(full.iloc[:len(df)][feats], df['species'])\n"
        "sub = pd.DataFrame({'id': te['id'], 'species': m.predict(full.iloc[len(df):][feats])})\n"
        "print(sub.shape)\n"
    ),
    "dataclass_argument_overrides_default": (
        READ + "@dataclass\nclass Config:\n    target: str = 'species_name'\n    seed: int = 1\n"
        "cfg = Config('species', seed=3)\nprint(df[cfg.target].nunique(), cfg.seed)\n"
    ),
    "dataclass_inherited_fields": (
        READ + "@dataclass\nclass Base:\n    target: str = 'species_name'\n"
        "@dataclass\nclass Config(Base):\n    folds: int = 2\n"
        "cfg = Config(target='species')\nprint(df[cfg.target].nunique(), cfg.folds)\n"
    ),
    "a_forest_fitted_on_two_target_columns": (
        READ + "import numpy as np\n"
        "from sklearn.compose import TransformedTargetRegressor\n"
        "from sklearn.ensemble import RandomForestRegressor\n"
        "from sklearn.preprocessing import StandardScaler\n"
        "Y = df[['flipper_length_mm', 'body_mass_g']]\n"
        "model = Pipeline([('scale', StandardScaler()), ('reg', TransformedTargetRegressor(\n"
        "    regressor=RandomForestRegressor(n_estimators=5), func=np.log1p, inverse_func=np.expm1))])\n"
        "model.fit(X, Y)\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
