import os
import warnings

import numpy as np
import pandas as pd
from sklearn.decomposition import PCA
from sklearn.ensemble import RandomForestClassifier, VotingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, classification_report
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

warnings.filterwarnings("ignore", category=FutureWarning)
SEED = 21


def load_data(path="input"):
    train = pd.read_csv(f"{path}/train.csv")
    test = pd.read_csv(f"{path}/test.csv")
    return train, test


def build_ensemble():
    svc = make_pipeline(StandardScaler(), PCA(n_components=40, whiten=True, random_state=SEED),
                        SVC(C=5.0, gamma="scale", probability=True, random_state=SEED))
    logreg = make_pipeline(StandardScaler(), LogisticRegression(C=0.2, max_iter=3000))
    forest = RandomForestClassifier(n_estimators=300, max_features="auto", min_samples_leaf=1,
                                    n_jobs=1, random_state=SEED)
    return VotingClassifier(
        estimators=[("svc", svc), ("lr", logreg), ("rf", forest)],
        voting="soft",
        weights=[2, 1, 1],
        n_jobs=1,
    )


if __name__ == "__main__":
    train, test = load_data()
    cols = [c for c in train.columns if c.startswith("pixel")]
    X, y = train[cols].values / 16.0, train["digit"].values
    X_test = test[cols].values / 16.0

    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=SEED)
    ens = build_ensemble()
    ens.fit(X_tr, y_tr)
    va_pred = ens.predict(X_va)
    print(classification_report(y_va, va_pred, digits=3))
    for name, est in ens.named_estimators_.items():
        print(f"{name:>4}: {accuracy_score(y_va, est.predict(X_va)):.4f}")
    print(f"Validation accuracy: {accuracy_score(y_va, va_pred):.4f}")

    final = build_ensemble().fit(X, y)
    os.makedirs("submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "digit": final.predict(X_test)}).to_csv(
        "submission/submission.csv", index=False)
    print("submission saved")
