# breast-cancer :: tune each candidate with a small grid, collect out-of-fold
# probabilities, rank the candidates, and rank-average the top three.
import json
import os

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_predict
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PowerTransformer, StandardScaler

LOGDIR = "model_logs"
os.makedirs(LOGDIR, exist_ok=True)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sample = pd.read_csv("./input/sample_submission.csv")

FEATS = train.columns.drop(["id", "diagnosis"]).tolist()
X = train[FEATS].to_numpy()
y = train["diagnosis"].to_numpy()
X_test = test[FEATS].to_numpy()

models = {
    "lr_power": make_pipeline(PowerTransformer(), LogisticRegression(max_iter=3000)),
    "knn": make_pipeline(StandardScaler(), KNeighborsClassifier(weights="distance")),
    "rf": RandomForestClassifier(n_estimators=150, random_state=42, n_jobs=1),
    "hgb": HistGradientBoostingClassifier(random_state=42),
    "lgb": LGBMClassifier(n_estimators=120, random_state=42, verbose=-1, n_jobs=1),
}
grids = {
    "lr_power": {"logisticregression__C": [0.03, 0.1, 0.5]},
    "knn": {"kneighborsclassifier__n_neighbors": [9, 19]},
    "rf": {"min_samples_leaf": [1, 3]},
    "hgb": {"learning_rate": [0.05, 0.1], "max_leaf_nodes": [7, 15]},
    "lgb": {"num_leaves": [7, 15], "learning_rate": [0.05]},
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
oof_preds, test_preds, rows = {}, {}, []

for name, est in models.items():
    gs = GridSearchCV(est, grids[name], cv=skf, scoring="roc_auc", n_jobs=1)
    gs.fit(X, y)
    tuned = gs.best_estimator_
    oof_preds[name] = cross_val_predict(tuned, X, y, cv=skf, method="predict_proba")[:, 1]
    test_preds[name] = tuned.predict_proba(X_test)[:, 1]
    oof_auc = roc_auc_score(y, oof_preds[name])
    rows.append({"model": name, "grid_auc": gs.best_score_, "oof_auc": oof_auc, "params": gs.best_params_})
    print(f"{name:9s} grid AUC {gs.best_score_:.5f} | OOF AUC {oof_auc:.5f} | {gs.best_params_}")

leaderboard = pd.DataFrame(rows).sort_values("oof_auc", ascending=False).reset_index(drop=True)
print(leaderboard[["model", "grid_auc", "oof_auc"]])
leaderboard.assign(params=leaderboard["params"].map(json.dumps)).to_csv(f"{LOGDIR}/leaderboard.csv", index=False)


def rank_average(pred_dict, names):
    ranked = [pd.Series(pred_dict[n]).rank(pct=True).to_numpy() for n in names]
    return np.mean(ranked, axis=0)


top3 = leaderboard["model"].head(3).tolist()
blend_oof = rank_average(oof_preds, top3)
blend_test = rank_average(oof_preds, top3)
blend_auc = roc_auc_score(y, blend_oof)
print(f"rank blend of {top3}: OOF AUC {blend_auc:.5f}")

with open(f"{LOGDIR}/blend.json", "w") as f:
    json.dump({"members": top3, "blend_oof_auc": blend_auc, "single_best": leaderboard.loc[0, "model"]}, f, indent=2)

sub = sample.copy()
sub["diagnosis"] = blend_test
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(f"Validation AUC: {blend_auc:.4f}")
