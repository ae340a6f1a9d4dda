import logging
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier, early_stopping, record_evaluation
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import Normalizer

logging.basicConfig(level=logging.INFO, format="%(asctime)s | %(message)s", datefmt="%H:%M:%S")
log = logging.getLogger("food")

ROOT = Path(".")
INPUT = ROOT / "input"
SUB_DIR = ROOT / "submission"
FIG_DIR = ROOT / "figures"
SEED = 8


def prepare(series: pd.Series) -> pd.Series:
    return (series.fillna("")
                  .str.replace("<br />", " ", regex=False)
                  .str.replace(r"[^A-Za-z0-9!?' ]", " ", regex=True)
                  .str.lower())


def main():
    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    y = train["score"].values

    lsa = make_pipeline(
        TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True, max_features=50000),
        TruncatedSVD(n_components=150, random_state=SEED),
        Normalizer(copy=False),
    )
    Z = lsa.fit_transform(prepare(train["review"]))
    Z_test = lsa.transform(prepare(test["review"]))
    explained = lsa.named_steps["truncatedsvd"].explained_variance_ratio_.sum()
    log.info("LSA features %s, explained variance %.3f", Z.shape, explained)

    extra = lambda s: np.column_stack([np.log1p(s.str.len()), s.str.count("!"), s.str.count(r"\?")])
    Z = np.hstack([Z, extra(train["review"].fillna(""))])
    Z_test = np.hstack([Z_test, extra(test["review"].fillna(""))])

    Z_tr, Z_va, y_tr, y_va = train_test_split(Z, y, test_size=0.2, stratify=y, random_state=SEED)
    history = {}
    model = LGBMClassifier(n_estimators=3000, learning_rate=0.02, num_leaves=20, min_child_samples=25,
                           colsample_bytree=0.6, subsample=0.8, subsample_freq=1,
                           random_state=SEED, n_jobs=1, verbose=-1)
    model.fit(Z_tr, y_tr, eval_set=[(Z_tr, y_tr), (Z_va, y_va)], eval_names=["train", "valid"],
              eval_metric="auc", callbacks=[early_stopping(150, verbose=False), record_evaluation(history)])
    val_auc = roc_auc_score(y_va, model.predict_proba(Z_va)[:, 1])
    log.info("best iteration %d", model.best_iteration_)
    print(f"Validation AUC: {val_auc:.4f}")

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(history["train"]["auc"], label="train")
    ax.plot(history["valid"]["auc"], label="valid")
    ax.axvline(model.best_iteration_, color="grey", ls=":")
    ax.set_xlabel("boosting round")
    ax.set_ylabel("AUC")
    ax.legend()
    fig.savefig(FIG_DIR / "learning_curve.png", dpi=100, bbox_inches="tight")

    refit = LGBMClassifier(**{**model.get_params(), "n_estimators": int(model.best_iteration_ * 1.15)})
    refit.fit(Z, y)
    SUB_DIR.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], "score": refit.predict_proba(Z_test)[:, 1]}).to_csv(
        SUB_DIR / "submission.csv", index=False)
    log.info("done")


if __name__ == "__main__":
    main()
