import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler


def make_pipe(C):
    return Pipeline([("scaler", StandardScaler()), ("lr", LogisticRegression(C=C, max_iter=5000))])


def main():
    df = pd.read_csv("./input/train.csv")
    test_df = pd.read_csv("./input/test.csv")
    X = df.drop(columns=["id", "diagnosis"]).to_numpy()
    y = df["diagnosis"].to_numpy()
    X_test = test_df.drop(columns=["id"]).to_numpy()

    results = {}
    for C in (0.03, 0.1, 0.3, 1.0):
        skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=123)
        fold_auc = []
        for tr, va in skf.split(X, y):
            pipe = make_pipe(C).fit(X[tr], y[tr])
            fold_auc.append(roc_auc_score(y[va], pipe.predict_proba(X[va])[:, 1]))
        results[C] = (np.mean(fold_auc), np.std(fold_auc))
        print(f"C={C:<5} Mean AUC: {results[C][0]:.4f} | Std: {results[C][1]:.4f}")

    best_C = max(results, key=lambda c: results[c][0])
    print(f"Best C = {best_C}, CV AUC = {results[best_C][0]:.4f}")
    model = make_pipe(best_C).fit(X, y)
    pd.DataFrame({"id": test_df["id"], "diagnosis": model.predict_proba(X_test)[:, 1]}).to_csv(
        "./submission/submission.csv", index=False
    )


if __name__ == "__main__":
    main()
