import os
import numpy as np
import pandas as pd
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier, VotingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from lightgbm import LGBMClassifier

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")

features = [c for c in train.columns if c not in ("id", "cultivar")]
X, y = train[features], train["cultivar"]
print(f"{X.shape[0]} wines x {X.shape[1]} features; classes: {y.value_counts().to_dict()}")

models = {
    "LDA": make_pipeline(StandardScaler(), LinearDiscriminantAnalysis()),
    "LogReg": make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=5000)),
    "GaussNB": GaussianNB(),
    "KNN": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=9)),
    "SVC": make_pipeline(StandardScaler(), SVC(C=1.0, probability=True, random_state=0)),
    "RF": RandomForestClassifier(n_estimators=100, random_state=0),
    "ET": ExtraTreesClassifier(n_estimators=100, random_state=0),
    "LGBM": LGBMClassifier(n_estimators=100, learning_rate=0.05, num_leaves=4, min_child_samples=5,
                           verbose=-1, random_state=0),
    "MLP": make_pipeline(StandardScaler(), MLPClassifier(hidden_layer_sizes=(16,), alpha=1e-2,
                                                         max_iter=2000, random_state=0)),
}

rskf = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)
res = {name: -cross_val_score(m, X, y, cv=rskf, scoring="neg_log_loss") for name, m in models.items()}

board = (pd.DataFrame({"mean_logloss": {k: v.mean() for k, v in res.items()},
                       "std": {k: v.std() for k, v in res.items()}})
         .sort_values("mean_logloss"))
print("\nModel leaderboard (5x2 CV log loss, lower=better)")
print(board.round(4).to_string())

top3 = board.index[:3].tolist()
vote = VotingClassifier([(n, models[n]) for n in top3], voting="soft")
vote_ll = -cross_val_score(vote, X, y, cv=rskf, scoring="neg_log_loss")
print(f"\nSoft vote {top3}: {vote_ll.mean():.4f} +/- {vote_ll.std():.4f}")

if vote_ll.mean() < board["mean_logloss"].iloc[0]:
    chosen, chosen_ll = vote, vote_ll.mean()
    print("-> submitting the soft-voting ensemble")
else:
    chosen, chosen_ll = models[top3[0]], board["mean_logloss"].iloc[0]
    print(f"-> submitting single model {top3[0]}")
print(f"CV logloss of submitted model: {chosen_ll:.4f}")

chosen.fit(X, y)
proba = chosen.predict_proba(test[features])
sub = pd.DataFrame(proba, columns=chosen.classes_)
sub.insert(0, "id", test["id"].values)
os.makedirs("submission", exist_ok=True)
sub[sample.columns].to_csv("submission/submission.csv", index=False)
print(sub.head())
