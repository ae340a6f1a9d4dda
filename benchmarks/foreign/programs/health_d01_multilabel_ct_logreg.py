"""
HealthInsurance (AER) - three binary labels: health, limit, insurance. Metric: mean AUC
over the three columns.

One shared ColumnTransformer (scaled numerics + one-hot categoricals with a couple of
interactions), and one LogisticRegression per label, wrapped in a small class so the
fold loop stays readable.
"""
import os
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler, SplineTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

TARGETS = ["health", "limit", "insurance"]
NUM = ["age", "family"]
CAT = ["gender", "married", "selfemp", "region", "ethnicity", "education"]


class PerLabelModel:
    """Fit an independent pipeline for each label column."""

    def __init__(self, C=0.5):
        self.C = C
        self.models = {}

    def _pipeline(self):
        pre = ColumnTransformer([
            ("age_spline", SplineTransformer(n_knots=5, degree=3), ["age"]),
            ("num", StandardScaler(), NUM),
            ("cat", OneHotEncoder(handle_unknown="ignore"), CAT),
        ])
        return make_pipeline(pre, LogisticRegression(C=self.C, max_iter=3000))

    def fit(self, X, Y):
        for t in TARGETS:
            self.models[t] = self._pipeline().fit(X, Y[t])
        return self

    def predict_proba(self, X):
        return pd.DataFrame({t: m.predict_proba(X)[:, 1] for t, m in self.models.items()}, index=X.index)


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    print(f"train {train.shape} test {test.shape}")
    print("label rates:", train[TARGETS].mean().round(3).to_dict())
    X, Y = train[NUM + CAT], train[TARGETS]

    oof = pd.DataFrame(0.0, index=train.index, columns=TARGETS)
    # stratify on the rarest label ("limit")
    skf = StratifiedKFold(5, shuffle=True, random_state=17)
    for k, (tr, va) in enumerate(skf.split(X, Y["limit"])):
        model = PerLabelModel().fit(X.iloc[tr], Y.iloc[tr])
        oof.iloc[va] = model.predict_proba(X.iloc[va]).values
        print(f"fold {k} done")

    aucs = {t: roc_auc_score(Y[t], oof[t]) for t in TARGETS}
    for t, a in aucs.items():
        print(f"  {t:10s} AUC={a:.4f}")
    print(f"Validation mean AUC: {np.mean(list(aucs.values())):.4f}")

    final = PerLabelModel().fit(X, Y)
    sub = final.predict_proba(test[NUM + CAT])
    sub.insert(0, "id", test["id"].values)
    os.makedirs("./submission", exist_ok=True)
    sub.to_csv("./submission/submission.csv", index=False)
    print("submission", sub.shape)


if __name__ == "__main__":
    main()
