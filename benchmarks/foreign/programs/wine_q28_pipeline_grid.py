import os
import numpy as np
import pandas as pd
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.neighbors import KNeighborsClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
feature_cols = [c for c in train.columns if c not in ("id", "cultivar")]
X = train[feature_cols].values
y = train["cultivar"].values
X_test = test[feature_cols].values
print(f"{X.shape[0]} train rows, {len(feature_cols)} features, classes: {np.unique(y).tolist()}")

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=5)

baseline = Pipeline([("scale", StandardScaler()), ("model", LogisticRegression(max_iter=1000))])
base = cross_val_score(baseline, X, y, cv=cv, scoring="neg_log_loss")
print("baseline per-fold logloss:", np.round(-base, 4))
print(f"baseline mean logloss: {-base.mean():.4f}")

pipe = Pipeline([("scale", StandardScaler()), ("model", LogisticRegression(max_iter=1000))])
param_grid = [
    {"model": [LogisticRegression(max_iter=1000)], "model__C": [0.05, 0.2, 1.0, 5.0]},
    {"model": [SVC(probability=True, random_state=5)], "model__C": [0.3, 1.0, 3.0],
     "model__gamma": ["scale", 0.01]},
    {"model": [KNeighborsClassifier()], "model__n_neighbors": [7, 15], "model__weights": ["uniform", "distance"]},
]
search = GridSearchCV(pipe, param_grid, cv=cv, scoring="neg_log_loss", n_jobs=1)
search.fit(X, y)

res = pd.DataFrame(search.cv_results_)
res["model_name"] = res["param_model"].map(lambda m: type(m).__name__)
res["logloss"] = -res["mean_test_score"]
res["settings"] = res["params"].map(lambda p: {k: v for k, v in p.items() if k != "model"})
print(res.sort_values("logloss")[["model_name", "settings", "logloss", "std_test_score"]].to_string(index=False))

print("best model:", type(search.best_params_["model"]).__name__)
print("best_params_:", {k: v for k, v in search.best_params_.items() if k != "model"})
print(f"best_score_: {search.best_score_:.4f}")
print(f"improvement over baseline: {-base.mean():.4f} -> {-search.best_score_:.4f}")

best_per_family = res.groupby("model_name")["logloss"].min().sort_values()
print("best per family:\n" + best_per_family.round(4).to_string())

proba = search.predict_proba(X_test)
classes = list(search.classes_)
sub = pd.DataFrame({"id": test["id"]})
for cls in ["barbera", "barolo", "grignolino"]:
    sub[cls] = proba[:, classes.index(cls)]
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
