import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.ensemble import ExtraTreesClassifier, HistGradientBoostingClassifier, VotingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

y = train["diagnosis"].astype(int)
X = train.drop(columns=["id", "diagnosis"])
X_test = test[X.columns]


class WorstOverMean(BaseEstimator, TransformerMixin):
    """Adds worst_x / mean_x for every measurement that has both."""

    def __init__(self, eps=1e-6):
        self.eps = eps

    def fit(self, X, y=None):
        cols = list(X.columns)
        self.pairs_ = [
            (c, "worst_" + c[len("mean_"):])
            for c in cols
            if c.startswith("mean_") and "worst_" + c[len("mean_"):] in cols
        ]
        self.feature_names_in_ = np.asarray(cols, dtype=object)
        return self

    def transform(self, X):
        X = X.copy()
        for m, w in self.pairs_:
            X[w.replace("worst_", "spread_")] = X[w] / (X[m] + self.eps)
        return X

    def get_feature_names_out(self, input_features=None):
        extra = [w.replace("worst_", "spread_") for _, w in self.pairs_]
        return np.concatenate([self.feature_names_in_, extra])


log_tf = FunctionTransformer(np.log1p, feature_names_out="one-to-one")

members = [
    (
        "lr",
        make_pipeline(WorstOverMean(), log_tf, StandardScaler(), LogisticRegression(C=0.3, max_iter=5000)),
    ),
    (
        "et",
        make_pipeline(WorstOverMean(), ExtraTreesClassifier(n_estimators=250, min_samples_leaf=2, random_state=0)),
    ),
    (
        "hgb",
        HistGradientBoostingClassifier(learning_rate=0.05, max_iter=200, max_leaf_nodes=8, random_state=0),
    ),
]
vote = VotingClassifier(members, voting="soft", weights=[2, 1, 1])
vote.set_output(transform="pandas")

cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=1, random_state=11)
res = cross_validate(
    clone(vote),
    X,
    y,
    cv=cv,
    scoring={"auc": "roc_auc", "ll": "neg_log_loss"},
    return_train_score=True,
)
print(f"train AUC {res['train_auc'].mean():.4f} | logloss {-res['test_ll'].mean():.4f}")
print(f"CV AUC: {res['test_auc'].mean():.4f}")

final = clone(vote).fit(X, y)
pd.DataFrame({"id": test["id"], "diagnosis": final.predict_proba(X_test)[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
