import os
import re
import warnings

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import FeatureUnion, Pipeline

warnings.filterwarnings("ignore")
np.random.seed(0)


def clean(text: str) -> str:
    text = text.replace("<br />", " ")
    text = re.sub(r"http\S+", " url ", text)
    text = re.sub(r"\s+", " ", text)
    return text.lower().strip()


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
train["text"] = train["review"].fillna("").map(clean)
test["text"] = test["review"].fillna("").map(clean)
y = train["score"].values
print(f"train {train.shape}, test {test.shape}, positive rate {y.mean():.3f}")


def build():
    features = FeatureUnion([
        ("word", TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True,
                                 token_pattern=r"(?u)\b\w+\b|[!?]")),
        ("char", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), min_df=3, sublinear_tf=True,
                                 max_features=60000)),
    ])
    return Pipeline([("tfidf", features), ("lr", LogisticRegression(C=4.0, max_iter=3000))])


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
oof = np.zeros(len(train))
pred = np.zeros(len(test))
for k, (tr, va) in enumerate(skf.split(train, y)):
    model = build()
    model.fit(train["text"].iloc[tr], y[tr])
    oof[va] = model.predict_proba(train["text"].iloc[va])[:, 1]
    pred += model.predict_proba(test["text"])[:, 1] / skf.n_splits
    print(f"fold {k + 1}: AUC {roc_auc_score(y[va], oof[va]):.4f}")

fold_aucs = [roc_auc_score(y[va], oof[va]) for _, va in skf.split(train, y)]
print(f"CV AUC = {roc_auc_score(y, oof):.4f} +/- {np.std(fold_aucs):.4f}")

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": pred}).to_csv("submission/submission.csv", index=False)
