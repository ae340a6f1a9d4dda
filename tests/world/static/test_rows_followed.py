"""Row counts followed through the steps ML programs take between reading and submitting.

Transformers keep the rows (`scaler.fit_transform(X)`), a keyed concat keeps each
part's rows through `get_dummies` to `.loc["train"]`, `reindex(columns=...)` keeps them, positional slices and
`head`/`tail` keep a known share, frames indexed 0..n-1 line up side by side, and
k-fold splits of n rows with k dividing n give folds of n / k; a matrix assigned to
several columns must match them in width and rows, and a list of arrays given to
`pd.DataFrame` is one row per array; `roc_auc_score` of both columns of a two-class
model's probabilities is refused. Each crashing snippet runs for real (conftest.run_real: train.csv has 6 rows, test.csv 2) and the analysis
must print Python's exact message; each valid look-alike runs cleanly and gets no
finding: folds of unequal sizes, masks, label slices, an index that is not 0..n-1.
"""

from __future__ import annotations

from pathlib import Path

from mleworld.world.static import analyze
from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.model_selection import KFold, StratifiedKFold, train_test_split\n"
    "from sklearn.preprocessing import LabelEncoder, StandardScaler\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "test = pd.read_csv('./input/test.csv')\n"
    "sample = pd.read_csv('./input/sample_submission.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
)
FIT = READ + "model = LogisticRegression(max_iter=500).fit(train[NUM], train['species'])\n"
ONE_HOT = (
    READ
    + "both = pd.concat([train[NUM + ['island']], test[NUM + ['island']]], keys=['train', 'test'])\n"
    + "both = pd.get_dummies(both, columns=['island'], dtype=float)\n"
    + "X, X_te = both.loc['train'], both.loc['test']\n"
    + "scaler = StandardScaler()\n"
    + "X = scaler.fit_transform(X)\n"
    + "X_te = scaler.transform(X_te)\n"
    + "y = LabelEncoder().fit_transform(train['species'])\n"
    + "model = LogisticRegression(max_iter=500).fit(X, y)\n"
)

CRASHES: dict[str, str] = {
    "one_hot_then_validation_predictions_submitted": (
        ONE_HOT
        + "X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.5, random_state=0)\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = model.predict_proba(X_va)[:, 0]\n"
    ),
    "one_hot_then_training_predictions_submitted": (
        ONE_HOT + "sub = sample.copy()\nsub['Adelie'] = model.predict_proba(X)[:, 0]\n"
    ),
    "last_fold_predictions_submitted": (
        FIT
        + "X = train[NUM].to_numpy()\n"
        + "for k, (a, b) in enumerate(KFold(n_splits=3, shuffle=True, random_state=0).split(X)):\n"
        + "    val_pred = model.predict_proba(X[b])[:, 0]\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = model.predict_proba(train[NUM].iloc[a])[:, 0]\n"
    ),
    "fold_rows_of_a_frame_by_iloc": (
        FIT
        + "for a, b in KFold(n_splits=2).split(train):\n"
        + "    held = train.iloc[b]\n"
        + "pd.DataFrame({'id': test['id'], 'p': model.predict(held[NUM])})\n"
    ),
    "positional_slices_of_a_stacked_frame": (
        FIT
        + "full = pd.concat([train.drop(columns=['species']), test], ignore_index=True)\n"
        + "n = len(train)\n"
        + "tr = pd.concat([full.iloc[:n].reset_index(drop=True), train[['species']]], axis=1)\n"
        + "te = full.iloc[n:].reset_index(drop=True)\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = model.predict_proba(tr[NUM])[:, 0]\n"
    ),
    "ids_inserted_from_the_training_rows": (
        FIT
        + "sub = pd.DataFrame(model.predict_proba(test[NUM]), columns=['Adelie', 'Chinstrap', 'Gentoo'])\n"
        + "sub.insert(0, 'id', train['id'].to_numpy())\n"
    ),
    "probabilities_given_too_few_column_names": (
        FIT + "sub = pd.DataFrame(model.predict_proba(test[NUM]), columns=['Adelie', 'Gentoo'])\n"
    ),
    "matrix_of_training_rows_into_columns": (
        FIT
        + "sub = sample.copy()\n"
        + "sub[['Adelie', 'Chinstrap', 'Gentoo']] = model.predict_proba(train[NUM])\n"
    ),
    "matrix_into_fewer_columns": (
        FIT + "sub = sample.copy()\nsub[['Adelie', 'Gentoo']] = model.predict_proba(test[NUM])\n"
    ),
    "list_of_prediction_arrays_as_rows": (
        FIT
        + "preds = []\n"
        + "for k in [0, 1, 2]:\n"
        + "    preds.append(model.predict_proba(test[NUM])[:, k])\n"
        + "sub = pd.DataFrame(preds, columns=['Adelie', 'Chinstrap', 'Gentoo'])\n"
    ),
    "reindexed_dummies_keep_their_rows": (
        READ
        + "X = pd.get_dummies(train[NUM + ['island']], dtype=float)\n"
        + "X_te = pd.get_dummies(test[NUM + ['island']], dtype=float)"
        + ".reindex(columns=X.columns, fill_value=0)\n"
        + "model = LogisticRegression(max_iter=500).fit(X, train['species'])\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = model.predict(X)\n"
    ),
    "both_columns_of_two_class_probabilities_scored": (
        READ
        + "from sklearn.metrics import roc_auc_score\n"
        + "model = LogisticRegression(max_iter=500).fit(train[NUM], train['sex'])\n"
        + "roc_auc_score(train['sex'], model.predict_proba(train[NUM]))\n"
    ),
    "head_rows_submitted": (
        FIT + "sub = sample.copy()\nsub['Adelie'] = model.predict(train[NUM].head(4))\n"
    ),
}

VALID: dict[str, str] = {
    "one_hot_then_test_predictions": (
        ONE_HOT
        + "X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.5, random_state=0)\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = model.predict_proba(X_te)[:, 0]\n"
        + "sub.insert(1, 'n', np.zeros(len(X_te)))\n"
        + "frame = pd.DataFrame(model.predict_proba(X_te), columns=['Adelie', 'Chinstrap', 'Gentoo'])\n"
        + "frame.insert(0, 'id', test['id'].to_numpy())\n"
    ),
    "stratified_folds_of_two_rows": (
        FIT
        + "for a, b in StratifiedKFold(n_splits=2).split(train, train['species']):\n"
        + "    oof = model.predict(train[NUM].iloc[b])\n"
        + "sub = sample.copy()\n"
        + "sub['species'] = model.predict(train[NUM].iloc[b])[:2]\n"
    ),
    "masks_and_label_slices_stay_unknown": (
        FIT
        + "X = train[NUM].to_numpy()\n"
        + "keep = model.predict_proba(X)[:, 0] > 0.5\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = model.predict(train[NUM].loc[2:3])\n"
    ),
    "an_index_that_is_not_positional_aligns_by_label": (
        FIT
        + "side = pd.concat([train.iloc[4:], test], axis=1)\n"
        + "side.insert(0, 'k', np.zeros(4))\n"
    ),
    "matrix_into_its_columns": (
        FIT
        + "sub = sample.copy()\n"
        + "sub[['Adelie', 'Chinstrap', 'Gentoo']] = model.predict_proba(test[NUM])\n"
        + "sub[['a', 'b']] = test[['year', 'id']].to_numpy()\n"
    ),
    "list_of_arrays_with_a_name_per_entry": (
        FIT
        + "preds = []\n"
        + "for k in [0, 1, 2]:\n"
        + "    preds.append(model.predict_proba(test[NUM])[:, k])\n"
        + "wide = pd.DataFrame(preds, columns=['first', 'second'])\n"
        + "X = pd.get_dummies(train[NUM + ['island']], dtype=float)\n"
        + "X_te = pd.get_dummies(test[NUM + ['island']], dtype=float)"
        + ".reindex(columns=X.columns, fill_value=0)\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = LogisticRegression(max_iter=500).fit(X, train['species']).predict(X_te)\n"
    ),
    "the_positive_class_column_scored": (
        READ
        + "from sklearn.metrics import roc_auc_score\n"
        + "model = LogisticRegression(max_iter=500).fit(train[NUM], train['sex'])\n"
        + "print(roc_auc_score(train['sex'], model.predict_proba(train[NUM])[:, 1]))\n"
    ),
    "tail_rows_match": (
        FIT + "sub = sample.copy()\nsub['Adelie'] = model.predict(train[NUM].tail(2))\n"
    ),
}


real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="lengths")
)


def test_folds_of_unequal_sizes_are_not_judged(data_dir: Path) -> None:
    """6 rows in 4 folds are 2, 2, 1, 1 rows: the loop is walked once, so no one size holds
    (this program does crash on its last fold, with 1 row against 2)."""
    program = (
        FIT
        + "X = train[NUM].to_numpy()\n"
        + "for a, b in KFold(n_splits=4).split(X):\n"
        + "    val_pred = model.predict(X[b])\n"
        + "sub = sample.copy()\n"
        + "sub['Adelie'] = val_pred\n"
    )
    assert analyze(program, data_dir).first_fatal is None
