import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.multioutput import ClassifierChain, MultiOutputClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

LABELS = ["health", "limit", "insurance"]


def columnwise_auc(Y_true, P):
    return float(np.mean([roc_auc_score(Y_true[:, j], P[:, j]) for j in range(Y_true.shape[1])]))


if __name__ == "__main__":
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X = pd.get_dummies(train.drop(columns=["id"] + LABELS), dtype=float)
    X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)
    Y = train[LABELS].to_numpy()
    X_tr, X_va, Y_tr, Y_va = train_test_split(X, Y, test_size=0.2, random_state=3)

    base = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))
    independent = MultiOutputClassifier(base).fit(X_tr, Y_tr)
    P_ind = np.column_stack([p[:, 1] for p in independent.predict_proba(X_va)])
    chain = ClassifierChain(base, order=[2, 0, 1], random_state=3).fit(X_tr, Y_tr)
    P_chain = chain.predict_proba(X_va)
    print(f"independent models: mean AUC {columnwise_auc(Y_va, P_ind):.4f}")
    print(f"classifier chain:   mean AUC {columnwise_auc(Y_va, P_chain):.4f}")

    chain.fit(X, Y)
    sub = pd.DataFrame(chain.predict_proba(X_test), columns=LABELS)
    sub.insert(0, "id", test["id"].to_numpy())
    sub.to_csv("./submission/submission.csv", index=False)
