import os
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier, VotingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

y = train["diagnosis"].values
X = train.drop(columns=["id", "diagnosis"])
X_test = test[X.columns]
print(f"X: {X.shape}, positives: {y.mean():.3f}")

models = {
    "LogReg": make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=5000)),
    "SVC": make_pipeline(StandardScaler(), SVC(C=1.0, kernel="rbf")),
    "KNN": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=9)),
    "DecisionTree": DecisionTreeClassifier(max_depth=4, random_state=1),
    "RandomForest": RandomForestClassifier(n_estimators=300, random_state=1),
    "GradBoost": GradientBoostingClassifier(n_estimators=150, max_depth=2, random_state=1),
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=7)
results = {}
for name, m in models.items():
    s = cross_val_score(m, X, y, cv=skf, scoring="roc_auc")
    results[name] = s
    print(f"{name:<13} AUC {s.mean():.4f} +/- {s.std():.4f}   folds: {np.round(s, 3)}")

board = pd.Series({k: v.mean() for k, v in results.items()}).sort_values(ascending=False)
print("\nLeaderboard:")
for rank, (name, auc) in enumerate(board.items(), 1):
    print(f"  {rank}. {name:<13} {auc:.4f}")

top3 = list(board.index[:3])
print("\nEnsembling top 3:", top3)
ensemble = VotingClassifier(estimators=[(n, models[n]) for n in top3], voting="soft")
ens_scores = cross_val_score(ensemble, X, y, cv=skf, scoring="roc_auc")
print(f"Soft-voting ensemble AUC {ens_scores.mean():.4f} +/- {ens_scores.std():.4f}")

if ens_scores.mean() >= board.iloc[0]:
    final = ensemble
    print("Using ensemble for submission")
else:
    final = models[board.index[0]]
    print(f"Using {board.index[0]} for submission")

final.fit(X, y)
pred = final.predict_proba(X_test)[:, 1]

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "diagnosis": pred}).to_csv("submission/submission.csv", index=False)
print("saved", len(pred), "predictions")
