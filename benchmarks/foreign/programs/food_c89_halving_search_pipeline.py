import argparse
import logging
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import HalvingGridSearchCV, StratifiedKFold, train_test_split
from sklearn.metrics import roc_auc_score
from sklearn.pipeline import Pipeline

logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")
logger = logging.getLogger(__name__)


def get_args():
    p = argparse.ArgumentParser(description="TF-IDF + logistic regression with successive halving")
    p.add_argument("--input-dir", type=Path, default=Path("input"))
    p.add_argument("--output-dir", type=Path, default=Path("submission"))
    p.add_argument("--model-dir", type=Path, default=Path("models"))
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--holdout", type=float, default=0.2)
    return p.parse_args()


def main():
    args = get_args()
    train = pd.read_csv(args.input_dir / "train.csv")
    test = pd.read_csv(args.input_dir / "test.csv")
    text = train["review"].str.replace("<br />", " ", regex=False)
    test_text = test["review"].str.replace("<br />", " ", regex=False)
    y = train["score"]

    X_tr, X_ho, y_tr, y_ho = train_test_split(text, y, test_size=args.holdout, stratify=y,
                                              random_state=args.seed)
    pipe = Pipeline([
        ("tfidf", TfidfVectorizer(sublinear_tf=True, strip_accents="unicode")),
        ("clf", LogisticRegression(max_iter=2000, solver="liblinear")),
    ])
    grid = {
        "tfidf__ngram_range": [(1, 1), (1, 2)],
        "tfidf__min_df": [1, 2, 4],
        "clf__C": [1.0, 4.0, 16.0],
    }
    search = HalvingGridSearchCV(
        pipe, grid, factor=3, resource="n_samples", min_resources=300,
        cv=StratifiedKFold(4, shuffle=True, random_state=args.seed),
        scoring="roc_auc", n_jobs=1, random_state=args.seed,
    )
    search.fit(X_tr, y_tr)
    logger.info("iterations: %d, candidates per iteration: %s", search.n_iterations_, search.n_candidates_)
    logger.info("best params: %s", search.best_params_)
    logger.info("best CV AUC: %.4f", search.best_score_)

    ho_auc = roc_auc_score(y_ho, search.predict_proba(X_ho)[:, 1])
    print(f"Holdout AUC: {ho_auc:.4f}")

    final = search.best_estimator_.fit(text, y)
    args.model_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(final, args.model_dir / "tfidf_lr.joblib")

    args.output_dir.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], "score": final.predict_proba(test_text)[:, 1]})
    sub.to_csv(args.output_dir / "submission.csv", index=False)
    logger.info("wrote %d rows to %s", len(sub), args.output_dir / "submission.csv")


if __name__ == "__main__":
    main()
