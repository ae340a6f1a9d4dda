"""
Handwritten digits (8x8 images, 64 pixel features, 10 classes).

An RBF SVM on scaled pixels is a classic strong baseline here. I put
StandardScaler -> PCA -> SVC in one Pipeline and grid-search PCA size, C and gamma.
Also saves a confusion-matrix plot for inspection.
"""
import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.decomposition import PCA
from sklearn.svm import SVC
from sklearn.model_selection import GridSearchCV, StratifiedKFold, train_test_split
from sklearn.metrics import accuracy_score, confusion_matrix


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    pixel_cols = [c for c in train.columns if c.startswith("pixel_")]
    X, y = train[pixel_cols].values, train["digit"].values
    print(f"X {X.shape}, classes {np.unique(y)}")

    pipe = Pipeline([("sc", StandardScaler()), ("pca", PCA(random_state=0)), ("svc", SVC())])
    param_grid = {"pca__n_components": [20, 40], "svc__C": [1, 10], "svc__gamma": ["scale", 0.01]}
    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)
    grid = GridSearchCV(pipe, param_grid, cv=StratifiedKFold(4, shuffle=True, random_state=0),
                        scoring="accuracy", n_jobs=1)
    grid.fit(X_tr, y_tr)
    print("best params:", grid.best_params_, f"cv acc={grid.best_score_:.4f}")

    va_pred = grid.predict(X_va)
    acc = accuracy_score(y_va, va_pred)
    print(f"Validation accuracy: {acc:.4f}")

    os.makedirs("./plots", exist_ok=True)
    cm = confusion_matrix(y_va, va_pred)
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.imshow(cm, cmap="Blues")
    ax.set_xlabel("predicted"); ax.set_ylabel("true"); ax.set_title(f"acc={acc:.3f}")
    fig.savefig("./plots/confusion.png", dpi=80)
    plt.close(fig)

    best = grid.best_estimator_.fit(X, y)
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "digit": best.predict(test[pixel_cols].values)}).to_csv(
        "./submission/submission.csv", index=False)
    print("submission saved")


if __name__ == "__main__":
    main()
