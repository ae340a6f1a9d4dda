import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC


class AveragedEnsemble:
    """Averages the class probabilities of a few diverse models."""

    def __init__(self):
        self.members = [
            make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=2000)),
            make_pipeline(StandardScaler(), SVC(C=2.0, probability=True, random_state=0)),
            RandomForestClassifier(n_estimators=300, random_state=0),
        ]

    def fit(self, X, y):
        for m in self.members:
            m.fit(X, y)
        self.classes_ = self.members[0].classes_
        return self

    def predict_proba(self, X):
        return np.mean([m.predict_proba(X) for m in self.members], axis=0)


if __name__ == "__main__":
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X = train.drop(columns=["id", "cultivar"]).to_numpy()
    y = train["cultivar"].to_numpy()
    losses = []
    for a, b in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y):
        ens = AveragedEnsemble().fit(X[a], y[a])
        losses.append(log_loss(y[b], ens.predict_proba(X[b]), labels=ens.classes_))
    print(f"ensemble CV logloss: {np.mean(losses):.4f}")
    ens = AveragedEnsemble().fit(X, y)
    sub = pd.DataFrame(ens.predict_proba(test.drop(columns=["id"]).to_numpy()), columns=ens.classes_)
    sub.insert(0, "id", test["id"])
    sub.to_csv("./submission/submission.csv", index=False)
