import pandas as pd
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import HalvingRandomSearchCV, StratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id", "species"]), columns=["island", "sex"], dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), columns=["island", "sex"], dtype=float).reindex(columns=X.columns, fill_value=0)
X, X_test = X.fillna(X.median()), X_test.fillna(X.median())

search = HalvingRandomSearchCV(
    RandomForestClassifier(random_state=0),
    {"max_depth": [3, 5, 8, None], "min_samples_leaf": [1, 2, 4], "max_features": ["sqrt", 0.5, 0.8]},
    resource="n_estimators",
    min_resources=20,
    max_resources=320,
    factor=2,
    cv=StratifiedKFold(4, shuffle=True, random_state=0),
    scoring="neg_log_loss",
    random_state=0,
)
search.fit(X, train["species"])
print(f"halving search: {search.n_iterations_} rounds, best log loss {-search.best_score_:.4f}")
print("best estimator:", search.best_params_)
sub = pd.DataFrame(search.predict_proba(X_test), columns=search.classes_)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
