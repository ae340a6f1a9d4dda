"""Preprocessing steps fitted for real on the values the walk holds (encoders.py).

A one-hot or ordinal encoder fitted on some rows refuses a category its fit never saw,
as the run does; a scaler inside a column transformer, or one whose output is set to
pandas, hands the model the data's NaN cells. A pipeline whose steps before its model
are such steps fits them for real too, so its predictions on rows of an unseen category
raise as the run does. Each snippet runs for real
(conftest.run_real: train.csv has 6 rows; the depth column keeps one value, the others
become NaN; test.csv's islands are Biscoe and Dream).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "from sklearn.compose import ColumnTransformer\n"
    "from sklearn.impute import SimpleImputer\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, StandardScaler\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
    "train['bill_depth_mm'] = train['bill_depth_mm'].where(train['bill_depth_mm'] > 21)\n"
    "COLS = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm']\n"
    "X = train[COLS]\n"
    "y = train['species'].to_numpy()\n"
)
FITTED_WITHOUT_DREAM = "enc.fit(train.loc[train['island'] != 'Dream', ['island']])\n"

CRASHES = {
    "a_category_the_one_hot_fit_never_saw": (
        READ
        + "enc = OneHotEncoder(sparse_output=False)\n"
        + FITTED_WITHOUT_DREAM
        + "T = enc.transform(test[['island']])\n",
        "computed",
    ),
    "a_category_the_ordinal_fit_never_saw": (
        READ + "enc = OrdinalEncoder()\n"
        "A = enc.fit_transform(train[train['island'] != 'Biscoe'][['island']])\n"
        "B = enc.transform(test[['island']])\n",
        "computed",
    ),
    "blanks_scaled_inside_a_column_transformer": (
        READ + "ct = ColumnTransformer([('num', StandardScaler(), COLS)])\n"
        "Z = ct.fit_transform(X)\n"
        "LogisticRegression().fit(Z, y)\n",
        "dtypes",
    ),
    "blanks_scaled_into_a_pandas_frame": (
        READ + "sc = StandardScaler().set_output(transform='pandas')\n"
        "Z = sc.fit_transform(X)\n"
        "LogisticRegression().fit(Z[['bill_length_mm', 'bill_depth_mm']], y)\n",
        "dtypes",
    ),
    "a_pipeline_model_predicts_on_a_category_its_encoder_never_saw": (
        READ + "from sklearn.pipeline import Pipeline\n"
        "seen = train[train['island'] != 'Dream']\n"
        "pre = ColumnTransformer([('cat', OneHotEncoder(), ['island']),\n"
        "                         ('num', SimpleImputer(), ['bill_length_mm'])])\n"
        "model = Pipeline([('pre', pre), ('lr', LogisticRegression())])\n"
        "model.fit(seen[['island', 'bill_length_mm']], seen['species'])\n"
        "p = model.predict_proba(test[['island', 'bill_length_mm']])\n",
        "computed",
    ),
}
VALID = {
    "a_pipeline_model_predicts_ignoring_unseen_categories": (
        READ + "from sklearn.pipeline import Pipeline\n"
        "seen = train[train['island'] != 'Dream']\n"
        "pre = ColumnTransformer([('cat', OneHotEncoder(handle_unknown='ignore'), ['island']),\n"
        "                         ('num', SimpleImputer(), ['bill_length_mm'])])\n"
        "model = Pipeline([('pre', pre), ('lr', LogisticRegression())])\n"
        "model.fit(seen[['island', 'bill_length_mm']], seen['species'])\n"
        "p = model.predict_proba(test[['island', 'bill_length_mm']])\n"
    ),
    "unseen_categories_ignored": (
        READ
        + "enc = OneHotEncoder(handle_unknown='ignore', sparse_output=False)\n"
        + FITTED_WITHOUT_DREAM
        + "T = enc.transform(test[['island']])\n"
    ),
    "blanks_imputed_inside_a_column_transformer": (
        READ + "ct = ColumnTransformer([('num', SimpleImputer(strategy='median'), COLS)])\n"
        "Z = ct.fit_transform(X)\n"
        "LogisticRegression().fit(Z, y)\n"
    ),
    "blanks_imputed_then_scaled": (
        READ + "Z = StandardScaler().fit_transform(SimpleImputer().fit_transform(X))\n"
        "LogisticRegression().fit(Z, y)\n"
    ),
    "a_pandas_frame_of_filled_values": (
        READ + "sc = StandardScaler()\n"
        "sc.set_output(transform='pandas')\n"
        "Z = sc.fit_transform(X.fillna(0))\n"
        "LogisticRegression().fit(Z[['bill_length_mm', 'bill_depth_mm']], y)\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
