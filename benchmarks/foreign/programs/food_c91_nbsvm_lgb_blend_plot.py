"""NB-SVM style log-count-ratio logistic regression + sparse LightGBM, blended on OOF."""
import os
from dataclasses import dataclass

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import lightgbm as lgb
import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score, roc_curve
from sklearn.model_selection import StratifiedKFold


@dataclass(frozen=True)
class Cfg:
    seed: int = 99
    n_folds: int = 5
    nb_C: float = 3.0
    lgb_rounds: int = 3000
    plot_dir: str = "plots"


class NBLogit:
    """Logistic regression on features scaled by the naive-Bayes log-count ratio."""

    def __init__(self, C=1.0, alpha=1.0):
        self.C, self.alpha = C, alpha

    def fit(self, X, y):
        p = self.alpha + X[y == 1].sum(axis=0)
        q = self.alpha + X[y == 0].sum(axis=0)
        self.r_ = sparse.csr_matrix(np.log((p / p.sum()) / (q / q.sum())))
        self.lr_ = LogisticRegression(C=self.C, max_iter=3000).fit(X.multiply(self.r_).tocsr(), y)
        return self

    def predict_proba(self, X):
        return self.lr_.predict_proba(X.multiply(self.r_).tocsr())


def main(cfg=Cfg()):
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    y = train["score"].to_numpy()

    vec = TfidfVectorizer(ngram_range=(1, 3), min_df=2, max_df=0.95, sublinear_tf=True,
                          max_features=30000)
    X = vec.fit_transform(train["review"].str.replace("<br />", " ", regex=False)).tocsr()
    X_test = vec.transform(test["review"].str.replace("<br />", " ", regex=False)).tocsr()
    X32, X_test32 = X.astype(np.float32), X_test.astype(np.float32)
    print("tfidf:", X.shape)

    params = {"objective": "binary", "metric": "auc", "learning_rate": 0.1, "num_leaves": 15,
              "min_data_in_leaf": 10, "feature_fraction": 0.3, "lambda_l2": 1.0,
              "verbose": -1, "num_threads": 1, "seed": cfg.seed}

    skf = StratifiedKFold(cfg.n_folds, shuffle=True, random_state=cfg.seed)
    oof = {"nb": np.zeros(len(y)), "lgb": np.zeros(len(y))}
    tst = {"nb": np.zeros(X_test.shape[0]), "lgb": np.zeros(X_test.shape[0])}
    for k, (tr, va) in enumerate(skf.split(X, y), start=1):
        nb = NBLogit(C=cfg.nb_C).fit(X[tr], y[tr])
        oof["nb"][va] = nb.predict_proba(X[va])[:, 1]
        tst["nb"] += nb.predict_proba(X_test)[:, 1] / cfg.n_folds

        dtr = lgb.Dataset(X32[tr], y[tr])
        dva = lgb.Dataset(X32[va], y[va], reference=dtr)
        bst = lgb.train(params, dtr, cfg.lgb_rounds, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(50, verbose=False), lgb.log_evaluation(100)])
        oof["lgb"][va] = bst.predict(X32[va], num_iteration=bst.best_iteration)
        tst["lgb"] += bst.predict(X_test32, num_iteration=bst.best_iteration) / cfg.n_folds
        print(f"fold {k}: nb {roc_auc_score(y[va], oof['nb'][va]):.4f} | "
              f"lgb {roc_auc_score(y[va], oof['lgb'][va]):.4f} (iter {bst.best_iteration})")

    weights = np.linspace(0, 1, 11)
    blend_scores = [roc_auc_score(y, w * oof["nb"] + (1 - w) * oof["lgb"]) for w in weights]
    w = float(weights[int(np.argmax(blend_scores))])
    blend_oof = w * oof["nb"] + (1 - w) * oof["lgb"]
    print(f"single models: nb {roc_auc_score(y, oof['nb']):.4f} | lgb {roc_auc_score(y, oof['lgb']):.4f}")
    print(f"blend weight on nb-logit: {w:.1f}")
    print(f"Validation AUC: {roc_auc_score(y, blend_oof):.4f}")

    os.makedirs(cfg.plot_dir, exist_ok=True)
    fig, ax = plt.subplots(figsize=(5, 5))
    for name, pred in [("nb-logit", oof["nb"]), ("lgb", oof["lgb"]), ("blend", blend_oof)]:
        fpr, tpr, _ = roc_curve(y, pred)
        ax.plot(fpr, tpr, label=f"{name} {roc_auc_score(y, pred):.3f}")
    ax.plot([0, 1], [0, 1], "k--", lw=0.8)
    ax.legend(loc="lower right")
    fig.savefig(os.path.join(cfg.plot_dir, "roc_oof.png"), dpi=90)
    plt.close(fig)

    os.makedirs("submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "score": w * tst["nb"] + (1 - w) * tst["lgb"]}).to_csv(
        "submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
