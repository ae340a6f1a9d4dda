"""Checks the installed libraries make themselves, asked of them with the program's data.

- A scikit-learn function's literal arguments are validated against the constraints it
  declares (`train_test_split(..., test_size=1.5)`: InvalidParameterError).
- scikit-learn's experimental estimators import only after their enabling module
  (`from sklearn.experimental import enable_iterative_imputer`); without it the package's
  own ImportError is the crash, decided from the program's imports alone.
- LightGBM's `lgb.train` with early stopping and no validation set refuses, in its words.
- LightGBM refuses a frame with text columns, in its sklearn API's `fit` and in the
  `lgb.Dataset` that `lgb.train` builds, with its own message listing the columns; a
  column encoded with `.map({...: number})` is known to be numeric, so it is not listed.
- An estimator that refuses NaN (scikit-learn's `allow_nan` tag) fitted on values with NaN
  gets scikit-learn's own "Input X contains NaN. LogisticRegression does not accept ...",
  also behind a column transformer and inside a search with error_score="raise" (its first
  fold); estimators that take NaN, and imputed pipelines, get nothing.
- A random share of a frame's rows (a train_test_split part, or a fold's part when the folds
  differ in size) holds NaN surely when that many of the frame's rows hold one; a scaler lets
  NaN through to the step after it.
- `.astype(...)` and `.copy()` of an array keep its shape, so a reshape numpy refuses is found.
- The program's own transformer class first in a pipeline runs its `fit` and `transform` when
  the pipeline is fitted (also through `sklearn.base.clone` and in cross-validation); checks of
  the steps after it stop there.
- `plt.savefig` / `fig.savefig`, `joblib.dump`, `np.save` / `np.savez` / `np.savetxt` into a
  folder the program never creates is the FileNotFoundError of the `open` they make.
Every snippet runs for real against the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
)
LGB = READ + "import lightgbm as lgb\ny = (train['species'] == 'Adelie').astype(int)\n"
NAN = (
    "import pandas as pd\n"
    "from sklearn.compose import ColumnTransformer\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.pipeline import Pipeline, make_pipeline\n"
    "from sklearn.preprocessing import OneHotEncoder, StandardScaler\n"
    "train = pd.read_csv('./input/train.csv',"
    " na_values={'bill_length_mm': ['39.1', '46.5', '49.0', '45.2']})\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm']\n"
)
SPLIT = (
    READ + "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.model_selection import train_test_split\n"
    "train['gap'] = train['year'].where(train['year'] > 3000)\n"  # NaN in every row
    "X_tr, X_va, y_tr, y_va = train_test_split(train[NUM + ['gap']], train['species'],"
    " test_size=0.33, random_state=0)\n"
)
FOLDS = (
    READ + "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.model_selection import KFold, StratifiedKFold\n"
    "train['gap'] = train['year'].where(train['year'] > 3000)\n"  # NaN in every row
    "X, y = train[NUM + ['gap']], train['species']\n"
)
PLOT = (
    "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
    "from pathlib import Path\n"
)

CRASHES: dict[str, tuple[str, str]] = {
    "early_stopping_without_a_validation_set": (
        LGB + "ds = lgb.Dataset(train[['bill_length_mm', 'bill_depth_mm']], y)\n"
        "params = {'objective': 'binary', 'min_data_in_leaf': 1, 'verbose': -1}\n"
        "model = lgb.train(params, ds, 5, callbacks=[lgb.early_stopping(2)])\n",
        "boosters",
    ),
    "a_split_size_the_declared_constraints_refuse": (
        READ + "from sklearn.model_selection import train_test_split\n"
        "parts = train_test_split(train, test_size=1.5, random_state=0)\n",
        "params",
    ),
    "iterative_imputer_without_its_enabling_import": (
        READ + "from sklearn.impute import IterativeImputer\n"
        "X = IterativeImputer().fit_transform(train[NUM])\n",
        "imports",
    ),
    "halving_search_without_its_enabling_import": (
        "from sklearn.model_selection import HalvingGridSearchCV, KFold\n",
        "imports",
    ),
    "lgbm_classifier_on_a_frame_with_text": (
        LGB + "X = train.drop(columns=['species', 'id'])\n"
        "lgb.LGBMClassifier(n_estimators=5, verbose=-1).fit(X, y)\n",
        "dtypes",
    ),
    "lgb_train_on_a_dataset_with_text_after_a_split": (
        LGB + "from sklearn.model_selection import train_test_split\n"
        "X_tr, X_va, y_tr, y_va = train_test_split(train[NUM + ['island']], y, test_size=0.5,"
        " random_state=0)\n"
        "booster = lgb.train({'objective': 'binary', 'verbose': -1}, lgb.Dataset(X_tr, y_tr),"
        " num_boost_round=5)\n",
        "dtypes",
    ),
    "mapped_columns_are_numbers_the_rest_is_listed": (
        LGB + "df = train.copy()\ndf['sex'] = df['sex'].map({'male': 0, 'female': 1})\n"
        "df['island'] = df['island'].map({'Biscoe': 0, 'Dream': 1, 'Torgersen': 2})\n"
        "X = df.drop(columns=['id'])\n"
        "lgb.LGBMRegressor(n_estimators=5, verbose=-1).fit(X, df['body_mass_g'])\n",
        "dtypes",
    ),
    "array_cast_then_reshaped_inside_a_helper": (
        READ + "import numpy as np\ndef to_images(flat):\n    return flat.reshape(-1, 5)\n"
        "X = train[NUM].values.astype(np.float32).copy()\nimgs = to_images(X)\n",
        "arrays",
    ),
    "nan_reaches_logistic_regression": (
        NAN + "LogisticRegression(max_iter=500).fit(train[NUM], train['species'])\n",
        "dtypes",
    ),
    "nan_through_a_scaler_in_a_searched_pipeline": (
        NAN + "from sklearn.model_selection import GridSearchCV, KFold\n"
        "pre = ColumnTransformer([('num', StandardScaler(), NUM),"
        " ('cat', OneHotEncoder(handle_unknown='ignore'), ['island'])])\n"
        "pipe = Pipeline([('pre', pre), ('clf', LogisticRegression(max_iter=500))])\n"
        "grid = GridSearchCV(pipe, {'clf__C': [0.1, 1.0]}, error_score='raise',"
        " cv=KFold(n_splits=2, shuffle=True, random_state=0))\n"
        "grid.fit(train[NUM + ['island']], train['species'])\n",
        "dtypes",
    ),
    "figure_saved_into_a_missing_folder": (
        PLOT + "fig, ax = plt.subplots()\nax.plot([0, 1], [0, 1])\n"
        "fig.savefig(Path('plots') / 'roc.png', dpi=80)\n",
        "files",
    ),
    "pyplot_saved_into_a_missing_folder": (
        PLOT + "plt.plot([1, 2, 3])\nplt.savefig('figures/loss.png')\n",
        "files",
    ),
    "split_part_holds_nan_rows": (
        SPLIT + "LogisticRegression(max_iter=300).fit(X_tr, y_tr)\n",
        "dtypes",
    ),
    "fold_part_of_unequal_folds_holds_nan_rows": (
        FOLDS + "for tr, va in KFold(n_splits=4, shuffle=True, random_state=0).split(X):\n"
        "    LogisticRegression(max_iter=300).fit(X.iloc[tr], y.iloc[tr])\n",
        "dtypes",
    ),
    "enumerated_stratified_folds_hold_nan_rows": (
        FOLDS + "skf = StratifiedKFold(n_splits=4)\n"
        "for fold, (a, b) in enumerate(skf.split(X, [0] * 4 + [1] * 2)):\n"
        "    X_a = X.iloc[a]\n"
        "    model = LogisticRegression(max_iter=300).fit(X_a, y.iloc[a])\n",
        "dtypes",
    ),
    "scaler_lets_nan_through": (
        SPLIT + "from sklearn.pipeline import make_pipeline\n"
        "from sklearn.preprocessing import StandardScaler\n"
        "make_pipeline(StandardScaler(), LogisticRegression(max_iter=300)).fit(X_tr, y_tr)\n",
        "dtypes",
    ),
    "the_program_s_own_transformer_reads_a_missing_column": (
        READ + "from sklearn.base import BaseEstimator, TransformerMixin, clone\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.pipeline import Pipeline\n"
        "class Ratios(BaseEstimator, TransformerMixin):\n"
        "    def fit(self, X, y=None):\n"
        "        self.mean_ = X['bill_length_mm'].mean()\n"
        "        return self\n"
        "    def transform(self, X):\n"
        "        X = X.copy()\n"
        "        X['ratio'] = X['bill_length_mm'] / X['bill_depth_mm']\n"
        "        X['mass'] = X['body_mass'] / 1000\n"
        "        return X\n"
        "pipe = Pipeline([('fe', Ratios()), ('lr', LogisticRegression(max_iter=300))])\n"
        "clone(pipe).fit(train[NUM], train['species'])\n",
        "columns",
    ),
    "model_dumped_into_a_missing_folder": (
        READ + "import joblib\nfrom sklearn.linear_model import LogisticRegression\n"
        "model = LogisticRegression(max_iter=500).fit(train[NUM], train['species'])\n"
        "joblib.dump(model, 'models/best.joblib')\n",
        "files",
    ),
    "array_saved_into_a_missing_folder": (
        READ + "import numpy as np\nnp.save('./oof/fold_0.npy', train[NUM].to_numpy())\n",
        "files",
    ),
    "text_saved_into_a_missing_folder": (
        READ + "import numpy as np\nnp.savetxt('out/preds.txt', np.zeros(3))\n",
        "files",
    ),
}

VALID: dict[str, str] = {
    "early_stopping_watching_a_validation_set": (
        LGB + "ds = lgb.Dataset(train[['bill_length_mm', 'bill_depth_mm']], y)\n"
        "params = {'objective': 'binary', 'min_data_in_leaf': 1, 'verbose': -1}\n"
        "model = lgb.train(params, ds, 5, valid_sets=[ds], callbacks=[lgb.early_stopping(2)])\n"
    ),
    "a_split_size_in_range": (
        READ + "from sklearn.model_selection import train_test_split\n"
        "parts = train_test_split(train, test_size=0.5, random_state=0)\n"
    ),
    "iterative_imputer_enabled_first": (
        READ + "from sklearn.experimental import enable_iterative_imputer  # noqa: F401\n"
        "from sklearn.impute import IterativeImputer\n"
        "X = IterativeImputer(max_iter=3).fit_transform(train[NUM])\n"
    ),
    "lightgbm_on_mapped_and_category_columns": (
        LGB + "df = train.copy()\ndf['sex'] = df['sex'].map({'male': 0, 'female': 1})\n"
        "df['island'] = df['island'].astype('category')\n"
        "X = df[NUM + ['sex', 'island']]\n"
        "lgb.LGBMClassifier(n_estimators=5, min_child_samples=1, verbose=-1).fit(X, y)\n"
    ),
    "array_cast_then_reshaped_to_fit": (
        READ + "import numpy as np\nX = train[NUM].values.astype(np.float32)\n"
        "print(X.reshape(-1, 2, 2).shape, X.copy().reshape(3, 8).shape)\n"
    ),
    "nan_where_the_estimator_takes_it_or_is_imputed": (
        NAN + "from sklearn.ensemble import HistGradientBoostingClassifier\n"
        "from sklearn.impute import SimpleImputer\n"
        "HistGradientBoostingClassifier(max_iter=5).fit(train[NUM], train['species'])\n"
        "make_pipeline(SimpleImputer(), LogisticRegression(max_iter=500))"
        ".fit(train[NUM], train['species'])\n"
    ),
    "split_part_filled_before_the_fit": (
        SPLIT + "X_tr = X_tr.fillna(0)\nLogisticRegression(max_iter=300).fit(X_tr, y_tr)\n"
    ),
    "split_part_filled_in_place": (
        SPLIT + "X_tr.fillna(0, inplace=True)\nLogisticRegression(max_iter=300).fit(X_tr, y_tr)\n"
    ),
    "fold_parts_filled_or_with_too_few_nan_rows": (
        FOLDS + "X = X.assign(gap=X['gap'].fillna(0))\n"
        "for tr, va in KFold(n_splits=4, shuffle=True, random_state=0).split(X):\n"
        "    LogisticRegression(max_iter=300).fit(X.iloc[tr], y.iloc[tr])\n"
        # one row with NaN: a quarter of the rows may well miss it
        "X.loc[0, 'gap'] = float('nan')\n"
        "for tr, va in KFold(n_splits=4, shuffle=True, random_state=0).split(X):\n"
        "    print(X.iloc[va].shape)\n"
    ),
    "the_program_s_own_transformer_encodes_text_first": (
        READ + "from sklearn.base import BaseEstimator, TransformerMixin\n"
        "from sklearn.ensemble import RandomForestClassifier\n"
        "from sklearn.model_selection import cross_validate\n"
        "from sklearn.pipeline import Pipeline, make_pipeline\n"
        "class Codes(BaseEstimator, TransformerMixin):\n"
        "    def fit(self, X, y=None):\n"
        "        return self\n"
        "    def transform(self, X):\n"
        "        return X.assign(island=X['island'].astype('category').cat.codes)\n"
        "X, y = train[NUM + ['island']], train['species']\n"
        "pipe = Pipeline([('codes', Codes()), ('rf', RandomForestClassifier(n_estimators=5))])\n"
        "cross_validate(pipe, X, y, cv=2, error_score='raise')\n"
        "make_pipeline(Codes(), RandomForestClassifier(n_estimators=5)).fit(X, y)\n"
    ),
    "models_and_arrays_saved_where_the_folder_exists": (
        READ + "import os\nimport joblib\nimport numpy as np\n"
        "os.makedirs('models', exist_ok=True)\njoblib.dump({'a': 1}, 'models/m.joblib')\n"
        "np.save('working/x.npy', np.zeros(2))\nnp.savez('z.npz', a=np.zeros(2))\n"
        "np.savetxt('./working/p.txt', np.zeros(2))\n"
    ),
    "figures_saved_where_the_folder_exists": (
        PLOT + "import os\nos.makedirs('plots', exist_ok=True)\nplt.plot([1, 2])\n"
        "plt.savefig('plots/a.png')\nplt.savefig('./working/b.png')\nplt.savefig('c.png')\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
