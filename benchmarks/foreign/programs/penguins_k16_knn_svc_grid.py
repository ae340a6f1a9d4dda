import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.ensemble import VotingClassifier
from sklearn.impute import KNNImputer, SimpleImputer
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_validate
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.svm import SVC

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

X = train.drop(columns=["id", "species", "year"])
y = train["species"]
X_test = test[X.columns]

prep = ColumnTransformer(
    [
        ("num", make_pipeline(KNNImputer(n_neighbors=5), StandardScaler()), make_column_selector(dtype_include=np.number)),
        (
            "cat",
            make_pipeline(SimpleImputer(strategy="most_frequent"), OneHotEncoder(drop="if_binary", sparse_output=False)),
            make_column_selector(dtype_include=object),
        ),
    ],
    verbose_feature_names_out=False,
).set_output(transform="pandas")

ensemble = Pipeline(
    [
        ("prep", prep),
        (
            "vote",
            VotingClassifier(
                [
                    ("knn", KNeighborsClassifier(n_neighbors=7, weights="distance")),
                    ("svc", SVC(C=1.0, probability=True, random_state=0)),
                ],
                voting="soft",
            ),
        ),
    ]
)

baseline = cross_validate(
    clone(ensemble), X, y, cv=5, scoring=["neg_log_loss", "accuracy"], return_train_score=True
)
print(f"baseline CV logloss: {-baseline['test_neg_log_loss'].mean():.4f}")


def tune(estimator, X, y, seed=7):
    grid = {
        "vote__knn__n_neighbors": [5, 9, 15],
        "vote__svc__C": [0.3, 1.0, 3.0],
        "vote__weights": [None, [1, 2]],
    }
    folds = StratifiedKFold(n_splits=5, random_state=seed)
    search = GridSearchCV(estimator, grid, scoring="neg_log_loss", cv=folds, refit=True)
    search.fit(X, y)
    return search


search = tune(clone(ensemble), X, y)
print(f"CV logloss: {-search.best_score_:.4f}")

best = search.best_estimator_
proba = best.predict_proba(X_test)
sub = pd.DataFrame(proba, columns=best.classes_)
sub.insert(0, "id", test["id"].to_numpy())
sub.to_csv("./submission/submission.csv", index=False)
