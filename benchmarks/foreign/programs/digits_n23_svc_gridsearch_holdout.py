"""
Digits (8x8 images, 64 pixel features) -> predict `digit`, metric accuracy.

Plan
----
- pixels are 0..16, scale them to [0, 1]
- hold out 20% (stratified) for an honest validation number
- small GridSearchCV over an RBF SVC (C, gamma) on the training part
- compare against a KNN baseline, keep whichever validates better
- refit the winner on all labelled rows and predict test
"""
import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score
from sklearn.model_selection import GridSearchCV, StratifiedKFold, train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC

SEED = 7


def prepare(df, pixel_cols):
    return df[pixel_cols].to_numpy(dtype=np.float32) / 16.0


def tune_svc(X, y):
    grid = {"C": [1, 5, 10], "gamma": ["scale", 0.02]}
    search = GridSearchCV(
        SVC(kernel="rbf"),
        grid,
        cv=StratifiedKFold(n_splits=3, shuffle=True, random_state=SEED),
        scoring="accuracy",
        n_jobs=1,
    )
    search.fit(X, y)
    print(f"best SVC params {search.best_params_}  cv acc {search.best_score_:.4f}")
    return search.best_estimator_


def main():
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    sub = pd.read_csv("input/sample_submission.csv")

    pixel_cols = [c for c in train.columns if c.startswith("pixel_")]
    X = prepare(train, pixel_cols)
    y = train["digit"].to_numpy()
    X_test = prepare(test, pixel_cols)
    print("X", X.shape, "X_test", X_test.shape, "classes", np.unique(y))

    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=SEED)

    candidates = {}
    candidates["svc"] = tune_svc(X_tr, y_tr)
    knn = KNeighborsClassifier(n_neighbors=3)
    knn.fit(X_tr, y_tr)
    candidates["knn"] = knn

    scores = {}
    for name, est in candidates.items():
        scores[name] = accuracy_score(y_va, est.predict(X_va))
        print(f"{name}: holdout accuracy {scores[name]:.4f}")

    best_name = max(scores, key=scores.get)
    best = candidates[best_name]
    print("using", best_name)

    best.fit(X, y)
    sub["id"] = test["id"].values
    sub["digit"] = best.predict(X_test).astype(int)
    sub.to_csv("submission/submission.csv", index=False)
    print(sub["digit"].value_counts().sort_index().to_dict())
    print(f"Final validation accuracy: {scores[best_name]:.4f}")


if __name__ == "__main__":
    main()
