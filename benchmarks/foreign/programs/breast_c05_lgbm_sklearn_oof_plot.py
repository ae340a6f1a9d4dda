import json
import os
import warnings

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier, early_stopping, log_evaluation
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

warnings.filterwarnings("ignore")
np.random.seed(11)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sub = pd.read_csv("./input/sample_submission.csv")

TARGET = "diagnosis"
feats = [c for c in train.columns if c not in ("id", TARGET)]
X, y = train[feats], train[TARGET].values
print(f"{len(feats)} features, positive rate {y.mean():.3f}")

oof = np.zeros(len(X))
pred = np.zeros(len(test))
importances = pd.Series(0.0, index=feats)
best_iters = []

folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=11)
for k, (tr, va) in enumerate(folds.split(X, y), 1):
    model = LGBMClassifier(
        n_estimators=3000,
        learning_rate=0.02,
        num_leaves=15,
        min_child_samples=10,
        subsample=0.8,
        subsample_freq=1,
        colsample_bytree=0.5,
        reg_lambda=2.0,
        random_state=11,
        n_jobs=1,
        verbose=-1,
    )
    model.fit(
        X.iloc[tr], y[tr],
        eval_set=[(X.iloc[va], y[va])],
        eval_metric="auc",
        callbacks=[early_stopping(100, verbose=False), log_evaluation(0)],
    )
    oof[va] = model.predict_proba(X.iloc[va])[:, 1]
    pred += model.predict_proba(test[feats])[:, 1] / folds.n_splits
    importances += pd.Series(model.booster_.feature_importance("gain"), index=feats)
    best_iters.append(model.best_iteration_)
    print(f"fold {k}  best_iter {model.best_iteration_:4d}  auc {roc_auc_score(y[va], oof[va]):.5f}")

auc = roc_auc_score(y, oof)
print(f"OOF AUC: {auc:.5f}")

top = importances.sort_values(ascending=False).head(15)
fig, ax = plt.subplots(figsize=(7, 5))
top[::-1].plot.barh(ax=ax, color="steelblue")
ax.set_title("LightGBM gain importance (5-fold sum)")
fig.tight_layout()
fig.savefig("feature_importance.png", dpi=80)
plt.close(fig)

with open("metrics.json", "w") as f:
    json.dump({"oof_auc": auc, "best_iters": best_iters, "top_features": list(top.index[:5])}, f, indent=2)

sub["diagnosis"] = sub["id"].map(dict(zip(test["id"], pred)))
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
