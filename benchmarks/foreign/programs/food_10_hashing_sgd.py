import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import HashingVectorizer, TfidfTransformer
from sklearn.linear_model import SGDClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def make_model(seed):
    return make_pipeline(
        HashingVectorizer(n_features=2**18, ngram_range=(1, 2), alternate_sign=False),
        TfidfTransformer(sublinear_tf=True),
        SGDClassifier(loss="log_loss", alpha=2e-5, max_iter=30, tol=None, random_state=seed),
    )


oof = np.zeros(len(train))
for seed, (a, b) in enumerate(StratifiedKFold(5, shuffle=True, random_state=9).split(train, train["score"])):
    model = make_model(seed).fit(train["review"].iloc[a], train["score"].iloc[a])
    oof[b] = model.predict_proba(train["review"].iloc[b])[:, 1]
print(f"hashing + SGD, OOF AUC {roc_auc_score(train['score'], oof):.4f}")
model = make_model(0).fit(train["review"], train["score"])
pd.DataFrame({"id": test["id"], "score": model.predict_proba(test["review"])[:, 1]}).to_csv("./submission/submission.csv", index=False)
