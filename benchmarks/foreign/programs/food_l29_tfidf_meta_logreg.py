import os
import re

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

NEG_WORDS = r"\b(?:not|no|never|but|however|disappoint\w*|unfortunately|worst|stale|bland)\b"


def clean_text(s):
    return (
        s.str.replace(r"<br\s*/?>", " ", regex=True)
        .str.replace(r"http\S+", " ", regex=True)
        .str.replace(r"\s+", " ", regex=True)
        .str.strip()
    )


def meta_features(df):
    return df.assign(
        review=lambda d: clean_text(d["review"]),
        n_chars=lambda d: np.log1p(d["review"].str.len()),
        n_words=lambda d: np.log1p(d["review"].str.split().str.len()),
        n_excl=lambda d: d["review"].str.count("!"),
        n_quest=lambda d: d["review"].str.count(r"\?"),
        caps_share=lambda d: d["review"].str.count(r"[A-Z]") / d["review"].str.len().clip(lower=1),
        n_neg=lambda d: d["review"].str.lower().str.count(NEG_WORDS),
        has_star=lambda d: d["review"].str.contains(r"\bstars?\b", flags=re.I).astype("int8"),
    )


train = train.pipe(meta_features)
test = test.pipe(meta_features)

META = ["n_chars", "n_words", "n_excl", "n_quest", "caps_share", "n_neg", "has_star"]

print(
    train.assign(len_bin=lambda d: pd.qcut(d["n_chars"], 4, labels=["short", "mid", "long", "xlong"]))
    .groupby("len_bin", observed=True)
    .agg(n=("id", "size"), great=("score", "mean"), neg_words=("n_neg", "mean"))
    .round(3)
)

features = ColumnTransformer(
    [
        (
            "word",
            TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True, strip_accents="unicode"),
            "review",
        ),
        (
            "char",
            TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3, sublinear_tf=True, max_features=40000),
            "review",
        ),
        ("meta", StandardScaler(), META),
    ]
)
model = Pipeline([("feat", features), ("clf", LogisticRegression(C=3.0, max_iter=3000))])

X = train[["review"] + META]
y = train["score"]
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
oof = cross_val_predict(model, X, y, cv=skf, method="predict_proba", n_jobs=1)[:, 1]
print(f"Validation AUC: {roc_auc_score(y, oof):.4f}")

model.fit(X, y)
os.makedirs("./submission", exist_ok=True)
(
    test.assign(score=model.predict_proba(test[["review"] + META])[:, 1])[["id", "score"]]
    .to_csv("./submission/submission.csv", index=False)
)
print("submission written:", len(test))
