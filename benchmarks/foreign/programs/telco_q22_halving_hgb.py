import os
import time
import numpy as np
import pandas as pd
from scipy.stats import randint, loguniform
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.model_selection import HalvingRandomSearchCV, StratifiedKFold, cross_val_score
from sklearn.ensemble import HistGradientBoostingClassifier

SEED = 0
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
TARGET = "churn"

feats = [c for c in train.columns if c not in ("id", TARGET)]
obj_cols = train[feats].select_dtypes(include=["object", "string"]).columns.tolist()
print(f"{len(feats)} features, {len(obj_cols)} categorical: {obj_cols}")

for c in obj_cols:
    cats = sorted(train[c].dropna().unique())
    train[c] = pd.Categorical(train[c], categories=cats)
    test[c] = pd.Categorical(test[c], categories=cats)

train["charges_per_month"] = train["total_charges"] / (train["tenure"] + 1)
test["charges_per_month"] = test["total_charges"] / (test["tenure"] + 1)
feats.append("charges_per_month")

X, y = train[feats], train[TARGET]
X_test = test[feats]
print("churn rate:", round(y.mean(), 4))

skf = StratifiedKFold(n_splits=3, shuffle=True, random_state=SEED)

base = HistGradientBoostingClassifier(categorical_features="from_dtype", random_state=SEED)
base_auc = cross_val_score(base, X, y, cv=skf, scoring="roc_auc").mean()
print(f"baseline HGB auc: {base_auc:.5f}")

params = {
    "learning_rate": loguniform(0.02, 0.3),
    "max_leaf_nodes": randint(8, 48),
    "min_samples_leaf": randint(10, 120),
    "l2_regularization": loguniform(1e-4, 5.0),
    "max_depth": [None, 3, 4, 6],
}

t0 = time.time()
halving = HalvingRandomSearchCV(
    HistGradientBoostingClassifier(categorical_features="from_dtype", random_state=SEED,
                                   early_stopping=False),
    params,
    n_candidates=9,
    factor=3,
    resource="max_iter",
    min_resources=30,
    max_resources=120,
    scoring="roc_auc",
    cv=skf,
    random_state=SEED,
    n_jobs=1,
)
halving.fit(X, y)
print(f"search took {time.time() - t0:.1f}s, iterations: {halving.n_iterations_}, "
      f"candidates per iter: {halving.n_candidates_}")

print("best_params_:", halving.best_params_)
print(f"best_score_: {halving.best_score_:.5f}")

cvr = pd.DataFrame(halving.cv_results_)
show = cvr[["iter", "n_resources", "mean_test_score", "std_test_score", "param_learning_rate",
            "param_max_leaf_nodes", "param_min_samples_leaf"]]
print(show.sort_values(["iter", "mean_test_score"], ascending=[False, False]).head(10).to_string(index=False))

print(f"improvement over baseline: {halving.best_score_ - base_auc:+.5f} AUC")

final = halving.best_estimator_
pred = final.predict_proba(X_test)[:, 1]
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "churn": pred}).to_csv("submission/submission.csv", index=False)
print("wrote submission, mean pred", round(pred.mean(), 4))
