"""Boosting-only zoo (LightGBM native API, sklearn GBMs, XGBoost) with early stopping per fold; best family submitted."""
import os
import logging

import lightgbm as lgb
import numpy as np
import pandas as pd
import xgboost as xgb
from sklearn.ensemble import GradientBoostingClassifier, HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")
logger = logging.getLogger(__name__)
SEED = 8
np.random.seed(SEED)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
FEATS = [c for c in train.columns if c not in ("id", "diagnosis")]
X, y, X_test = train[FEATS], train["diagnosis"].values, test[FEATS]


def run_lgb(Xtr, ytr, Xva, yva, Xte):
    params = {"objective": "binary", "metric": "auc", "learning_rate": 0.03, "num_leaves": 7,
              "min_data_in_leaf": 10, "feature_fraction": 0.7, "verbosity": -1, "num_threads": 1, "seed": SEED}
    dtr, dva = lgb.Dataset(Xtr, ytr), lgb.Dataset(Xva, yva)
    booster = lgb.train(params, dtr, 2000, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    return booster.predict(Xva, num_iteration=booster.best_iteration), booster.predict(Xte, num_iteration=booster.best_iteration)


def run_xgb(Xtr, ytr, Xva, yva, Xte):
    model = xgb.XGBClassifier(n_estimators=1000, learning_rate=0.03, max_depth=3, subsample=0.8,
                              colsample_bytree=0.7, eval_metric="auc", early_stopping_rounds=100,
                              n_jobs=1, random_state=SEED)
    model.fit(Xtr, ytr, eval_set=[(Xva, yva)], verbose=False)
    return model.predict_proba(Xva)[:, 1], model.predict_proba(Xte)[:, 1]


def sk_runner(factory):
    def run(Xtr, ytr, Xva, yva, Xte):
        m = factory().fit(Xtr, ytr)
        return m.predict_proba(Xva)[:, 1], m.predict_proba(Xte)[:, 1]
    return run


runners = {
    "lgb_native": run_lgb,
    "xgboost": run_xgb,
    "hist_gb": sk_runner(lambda: HistGradientBoostingClassifier(learning_rate=0.05, max_iter=300, early_stopping=True,
                                                                validation_fraction=0.15, random_state=SEED)),
    "sk_gbm": sk_runner(lambda: GradientBoostingClassifier(n_estimators=150, max_depth=2, learning_rate=0.1,
                                                           subsample=0.8, random_state=SEED)),
}

skf = StratifiedKFold(5, shuffle=True, random_state=SEED)
results = {}
for name, fn in runners.items():
    oof, pred = np.zeros(len(X)), np.zeros(len(X_test))
    for k, (tr, va) in enumerate(skf.split(X, y)):
        oof[va], p = fn(X.iloc[tr], y[tr], X.iloc[va], y[va], X_test)
        pred += p / 5
    results[name] = (roc_auc_score(y, oof), pred)
    logger.info("%-10s OOF AUC %.4f", name, results[name][0])

print("\nLeaderboard:")
for n, (s, _) in sorted(results.items(), key=lambda kv: -kv[1][0]):
    print(f"  {n:<10} {s:.4f}")
best = max(results, key=lambda n: results[n][0])
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "diagnosis": results[best][1]}).to_csv("submission/submission.csv", index=False)
print(f"best={best} Validation AUC: {results[best][0]:.4f}")
