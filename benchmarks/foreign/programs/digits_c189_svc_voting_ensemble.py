"""Digits: tuned SVC + logistic regression + KNN soft-voting ensemble, StratifiedKFold CV."""
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.decomposition import PCA
from sklearn.ensemble import VotingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

SEED = 42
INPUT = Path("./input")
OUTPUT = Path("./submission")


def load():
    """Return pixel matrices, labels and test ids."""
    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    pixel_cols = [c for c in train.columns if c.startswith("pixel_")]
    X = train[pixel_cols].to_numpy(dtype=np.float32) / 16.0
    X_test = test[pixel_cols].to_numpy(dtype=np.float32) / 16.0
    return X, train["digit"].to_numpy(), X_test, test["id"].to_numpy()


def tune_svc(X, y, cv) -> SVC:
    """Small grid search over C and gamma for the RBF SVC."""
    grid = GridSearchCV(
        SVC(kernel="rbf", probability=True, random_state=SEED),
        param_grid={"C": [1, 5, 10, 30], "gamma": ["scale", 0.02, 0.05]},
        scoring="accuracy", cv=cv, n_jobs=1,
    )
    grid.fit(X, y)
    print(f"SVC grid best: {grid.best_params_} acc={grid.best_score_:.4f}")
    return grid.best_estimator_


def main():
    np.random.seed(SEED)
    X, y, X_test, test_ids = load()
    print(f"X: {X.shape}, X_test: {X_test.shape}, classes: {np.unique(y).tolist()}")
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)

    svc = tune_svc(X, y, cv)
    logreg = Pipeline([("scale", StandardScaler()),
                       ("clf", LogisticRegression(C=0.5, max_iter=2000, random_state=SEED))])
    knn = Pipeline([("pca", PCA(n_components=30, random_state=SEED)),
                    ("clf", KNeighborsClassifier(n_neighbors=3, weights="distance"))])

    ensemble = VotingClassifier(
        estimators=[("svc", svc), ("logreg", logreg), ("knn", knn)],
        voting="soft", weights=[2, 1, 1], n_jobs=1,
    )
    for name, model in [("svc", svc), ("logreg", logreg), ("knn", knn), ("ensemble", ensemble)]:
        scores = cross_val_score(model, X, y, cv=cv, scoring="accuracy", n_jobs=1)
        print(f"{name:>9s}: CV accuracy {scores.mean():.4f} +/- {scores.std():.4f}")

    ensemble.fit(X, y)
    preds = ensemble.predict(X_test)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test_ids, "digit": preds}).to_csv(OUTPUT / "submission.csv", index=False)
    print(f"Prediction distribution: {np.bincount(preds, minlength=10).tolist()}")
    print("Saved submission.csv")


if __name__ == "__main__":
    main()
