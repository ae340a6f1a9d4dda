"""
WDBC diagnosis, attempt 2.

Idea: malignant cells are bigger AND more irregular; irregularity relative to
other cells of similar size should carry extra signal. So:
  * size bins (quantiles of worst_radius computed on train+test) and group stats
    of the shape columns inside each bin (groupby/transform), deviations from the bin mean
  * a few ratio features
  * level-1 models per fold: LogisticRegression, HistGradientBoostingClassifier,
    ExtraTreesClassifier  -> OOF matrix
  * level-2: weights chosen by maximizing OOF AUC over a simplex grid
"""
import os
import time
import warnings

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier, ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import Pipeline
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

warnings.filterwarnings("ignore")
tic = time.time()
SEED = 123
NFOLD = 5

trn = pd.read_csv("./input/train.csv")
tst = pd.read_csv("./input/test.csv")
sample_sub = pd.read_csv("./input/sample_submission.csv")
target = trn.pop("diagnosis").values
print(f"train rows {len(trn)}, test rows {len(tst)}, malignant share {target.mean():.3f}")

allx = pd.concat([trn, tst], ignore_index=True)
n_trn = len(trn)

# --- size bins + group stats -------------------------------------------------
allx["size_bin"] = pd.qcut(allx["worst_radius"], q=8, labels=False, duplicates="drop")
SHAPE_COLS = ["worst_concavity", "worst_concave_points", "worst_compactness",
              "worst_smoothness", "worst_symmetry", "worst_texture", "mean_concave_points"]
for c in SHAPE_COLS:
    grp = allx.groupby("size_bin")[c]
    allx[f"{c}_bin_mean"] = grp.transform("mean")
    allx[f"{c}_bin_dev"] = allx[c] - allx[f"{c}_bin_mean"]
    allx[f"{c}_bin_rank"] = grp.rank(pct=True)

bin_size = allx["size_bin"].value_counts()
allx["size_bin_freq"] = allx["size_bin"].map(bin_size) / len(allx)

# --- ratios --------------------------------------------------------------------
allx["radius_growth"] = allx["worst_radius"] / allx["mean_radius"]
allx["area_growth"] = allx["worst_area"] / allx["mean_area"]
allx["concave_growth"] = allx["worst_concave_points"] / (allx["mean_concave_points"] + 1e-4)
allx["irregularity"] = allx["worst_perimeter"] / (2 * np.pi * allx["worst_radius"])
allx["radius_err_rel"] = allx["radius_error"] / allx["mean_radius"]
allx["texture_err_rel"] = allx["texture_error"] / allx["mean_texture"]

feature_cols = [c for c in allx.columns if c != "id"]
X = allx.iloc[:n_trn][feature_cols].reset_index(drop=True)
X_te = allx.iloc[n_trn:][feature_cols].reset_index(drop=True)
print("n features:", len(feature_cols))


def get_models(seed):
    logit = Pipeline([
        ("scale", StandardScaler()),
        ("clf", LogisticRegression(C=0.2, max_iter=4000)),
    ])
    hgb = HistGradientBoostingClassifier(
        loss="binary_crossentropy", learning_rate=0.05, max_iter=300,
        max_leaf_nodes=8, min_samples_leaf=10, l2_regularization=1.0,
        early_stopping=False, random_state=seed,
    )
    et = ExtraTreesClassifier(n_estimators=400, max_features=0.25, min_samples_leaf=1,
                              n_jobs=2, random_state=seed)
    return {"logit": logit, "hgb": hgb, "et": et}


names = ["logit", "hgb", "et"]
oof = np.zeros((n_trn, len(names)))
preds = np.zeros((len(X_te), len(names)))

skf = StratifiedKFold(n_splits=NFOLD, shuffle=True, random_state=SEED)
for k, (i_tr, i_va) in enumerate(skf.split(X, target)):
    models = get_models(SEED + k)
    for j, name in enumerate(names):
        mdl = models[name]
        mdl.fit(X.iloc[i_tr], target[i_tr])
        oof[i_va, j] = mdl.predict_proba(X.iloc[i_va])[:, 1]
        preds[:, j] += mdl.predict_proba(X_te)[:, 1] / NFOLD
        print(f"  fold {k} {name:6s} AUC {roc_auc_score(target[i_va], oof[i_va, j]):.4f}")
    print(f"fold {k} done ({time.time() - tic:.1f}s)")

for j, name in enumerate(names):
    print(f"OOF AUC {name}: {roc_auc_score(target, oof[:, j]):.5f}")

# --- weights on OOF -------------------------------------------------------------
best_auc, best_w = 0.0, None
for w1 in np.linspace(0, 1, 11):
    for w2 in np.linspace(0, 1 - w1, int(round((1 - w1) * 10)) + 1):
        w = np.array([w1, w2, max(0.0, 1 - w1 - w2)])
        auc = roc_auc_score(target, oof @ w)
        if auc > best_auc:
            best_auc, best_w = auc, w
print("chosen weights:", dict(zip(names, np.round(best_w, 2))))

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": tst["id"], "diagnosis": preds @ best_w}).to_csv(
    "./submission/submission.csv", index=False)
print(f"time {time.time() - tic:.1f}s")
print(f"Validation AUC: {best_auc:.5f}")
