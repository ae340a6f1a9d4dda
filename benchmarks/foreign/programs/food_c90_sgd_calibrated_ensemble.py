import os
import warnings

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import CountVectorizer, TfidfTransformer, TfidfVectorizer
from sklearn.linear_model import SGDClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.naive_bayes import MultinomialNB
from sklearn.pipeline import make_pipeline
from scipy.stats import rankdata

warnings.filterwarnings("ignore", category=UserWarning)

RANDOM_STATE = 21
np.random.seed(RANDOM_STATE)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
docs = train["review"].str.replace(r"<[^>]+>", " ", regex=True)
docs_test = test["review"].str.replace(r"<[^>]+>", " ", regex=True)
y = train["score"].to_numpy()

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)

models = {
    "sgd_logit": make_pipeline(
        TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True),
        SGDClassifier(loss="log", penalty="elasticnet", alpha=2e-5, l1_ratio=0.1,
                      max_iter=50, tol=None, random_state=RANDOM_STATE),
    ),
    "mnb": make_pipeline(
        CountVectorizer(ngram_range=(1, 2), min_df=2, binary=True),
        TfidfTransformer(use_idf=False, norm=None),
        MultinomialNB(alpha=0.3),
    ),
    "sgd_huber": make_pipeline(
        TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3, sublinear_tf=True),
        SGDClassifier(loss="modified_huber", alpha=1e-4, max_iter=30, tol=None, random_state=RANDOM_STATE),
    ),
}

oof_ranks, test_ranks = [], []
for name, model in models.items():
    oof = cross_val_predict(model, docs, y, cv=cv, method="predict_proba", n_jobs=1)[:, 1]
    auc = roc_auc_score(y, oof)
    print(f"{name:10s} OOF AUC {auc:.4f}")
    model.fit(docs, y)
    oof_ranks.append(rankdata(oof) / len(oof))
    p = model.predict_proba(docs_test)[:, 1]
    test_ranks.append(rankdata(p) / len(p))

ens_oof = np.mean(oof_ranks, axis=0)
print(f"Rank-average ensemble validation AUC: {roc_auc_score(y, ens_oof):.4f}")

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": np.mean(test_ranks, axis=0)}).to_csv(
    "submission/submission.csv", index=False)
