import logging
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from scipy.stats import rankdata

logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")
logger = logging.getLogger(__name__)

INPUT = Path("input")
OUTPUT = Path("submission")
ARTIFACTS = Path("artifacts")
SEED = 17


def get_models():
    return {
        "logreg": make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=3000)),
        "rf": RandomForestClassifier(n_estimators=300, min_samples_leaf=2, n_jobs=1, random_state=SEED),
        "et": ExtraTreesClassifier(n_estimators=400, max_features=0.5, n_jobs=1, random_state=SEED),
    }


def run_cv(X, y, X_test, n_splits=5):
    names = list(get_models())
    oof = {n: np.zeros(len(X)) for n in names}
    test_pred = {n: np.zeros(len(X_test)) for n in names}
    skf = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=SEED)
    for fold, (tr, va) in enumerate(skf.split(X, y)):
        for name, model in get_models().items():
            model.fit(X[tr], y[tr])
            oof[name][va] = model.predict_proba(X[va])[:, 1]
            test_pred[name] += model.predict_proba(X_test)[:, 1] / n_splits
        logger.info("fold %d done: %s", fold,
                    {n: round(roc_auc_score(y[va], oof[n][va]), 4) for n in names})
    return oof, test_pred


def rank_blend(preds, weights):
    total = sum(weights.values())
    out = np.zeros(len(next(iter(preds.values()))))
    for name, w in weights.items():
        out += w * rankdata(preds[name]) / len(preds[name])
    return out / total


def main():
    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    feats = [c for c in train.columns if c not in ("id", "diagnosis")]
    X = train[feats].to_numpy()
    y = train["diagnosis"].to_numpy()
    X_test = test[feats].to_numpy()

    oof, test_pred = run_cv(X, y, X_test)
    for name in oof:
        logger.info("%-7s OOF AUC %.5f", name, roc_auc_score(y, oof[name]))

    weights = {"logreg": 0.4, "rf": 0.3, "et": 0.3}
    blend_oof = rank_blend(oof, weights)
    print(f"Blend OOF AUC: {roc_auc_score(y, blend_oof):.5f}")

    ARTIFACTS.mkdir(exist_ok=True)
    joblib.dump({"oof": oof, "test": test_pred, "weights": weights}, ARTIFACTS / "preds.joblib")

    blend_test = rank_blend(test_pred, weights)
    OUTPUT.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], "diagnosis": blend_test}).to_csv(OUTPUT / "submission.csv", index=False)
    logger.info("wrote %s", OUTPUT / "submission.csv")


if __name__ == "__main__":
    main()
