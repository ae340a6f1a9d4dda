"""A text column's `.values` is pandas' Arrow string array, which scikit-learn's row
indexing refuses (pandas_arrays.py).

Fitting on it works; `train_test_split`, cross-validation and a search's folds raise a
TypeError from deep inside the indexing; `cross_val_predict(..., method="predict_proba")`
label-encodes y first, so its folds index numbers. Every snippet runs for real against the
penguin-like data folder (conftest.run_real), so the message is the installed libraries'.
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "from sklearn.model_selection import GridSearchCV, cross_val_score, train_test_split\n"
    "from sklearn.preprocessing import LabelEncoder\n"
    "from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X = train[['bill_length_mm', 'bill_depth_mm']]\n"
    "print('read', train.shape)\n"
)
GRID = "GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, cv=2)"

CRASHES: dict[str, tuple[str, str]] = {
    "split_of_a_text_target": (
        READ + "y = train['species'].values\n"
        "X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=2, random_state=0)\n",
        "arrays",
    ),
    "cross_val_predict_of_labels_on_a_text_target": (
        READ + "from sklearn.model_selection import cross_val_predict\n"
        "p = cross_val_predict(DecisionTreeClassifier(), X, train['species'].values, cv=2)\n",
        "arrays",
    ),
    "cross_validation_of_a_text_target": (
        READ
        + "scores = cross_val_score(DecisionTreeClassifier(), X, train['species'].values, cv=2)\n",
        "arrays",
    ),
    "a_search_fitted_on_a_text_target": (
        READ + f"y = train.species.values\nsearch = {GRID}.fit(X, y)\nprint(search.best_score_)\n",
        "arrays",
    ),
    "split_of_a_text_feature": (
        READ + "a, b = train_test_split(train['island'].values, test_size=2, random_state=1)\n",
        "arrays",
    ),
}

VALID = {
    "fit_on_a_text_target": READ + "m = DecisionTreeClassifier().fit(X, train['species'].values)\n",
    "split_of_the_series_itself": (
        READ + "X_tr, X_va, y_tr, y_va = train_test_split(X, train['species'], test_size=2)\n"
    ),
    "split_of_to_numpy": (
        READ + "y = train['species'].to_numpy()\n"
        "X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=2, random_state=0)\n"
    ),
    "split_of_encoded_values": (
        READ + "y = LabelEncoder().fit_transform(train['species'].values)\n"
        "X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=2, random_state=0)\n"
    ),
    "stratified_by_text_values": (
        READ + "parts = train_test_split(X, train['species'], test_size=3, "
        "stratify=train['species'].values, random_state=0)\n"
    ),
    "cross_validation_of_numeric_values": (
        READ + "y = train['body_mass_g'].values\n"
        "print(cross_val_score(DecisionTreeRegressor(), X, y, cv=2))\n"
    ),
    "probabilities_cross_validated_on_a_text_target": (
        READ + "from sklearn.model_selection import cross_val_predict\n"
        "p = cross_val_predict(DecisionTreeClassifier(), X, train['species'].values, cv=2,"
        " method='predict_proba')\nprint(p.shape)\n"
    ),
    "search_on_a_text_column_made_numbers": (
        READ + "y = train['species'].map({'Adelie': 0, 'Gentoo': 1, 'Chinstrap': 2}).values\n"
        f"search = {GRID}.fit(X, y)\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
