import re

import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.compose import ColumnTransformer
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

X = train[["review"]]
y = train["score"]
X_test = test[["review"]]

_html = re.compile(r"<[^>]+>")


def clean_text(col):
    return col.iloc[:, 0].fillna("").map(lambda s: _html.sub(" ", s).lower())


def surface_stats(col):
    s = col.iloc[:, 0].fillna("")
    return pd.DataFrame(
        {
            "n_chars": np.log1p(s.str.len()),
            "n_excl": np.log1p(s.str.count("!")),
            "n_caps": np.log1p(s.str.count(r"[A-Z]")),
            "n_neg": s.str.lower().str.count(r"\b(?:not|no|never|don't|didn't|won't)\b"),
        }
    )


text = FunctionTransformer(clean_text)

prep = ColumnTransformer(
    [
        (
            "words",
            make_pipeline(
                text,
                TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=40000, sublinear_tf=True),
            ),
            ["review"],
        ),
        (
            "chars",
            make_pipeline(
                clone(text),
                TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 4), min_df=3, max_features=20000, sublinear_tf=True),
            ),
            ["review"],
        ),
        ("stats", make_pipeline(FunctionTransformer(surface_stats), StandardScaler()), ["review"]),
    ],
    sparse_threshold=1.0,
)

model = make_pipeline(prep, LogisticRegression(C=3.0, max_iter=3000, solver="liblinear"))

res = cross_validate(
    clone(model),
    X,
    y,
    cv=StratifiedKFold(n_splits=3, shuffle=True, random_state=0),
    scoring={"auc": "roc_auc", "acc": "accuracy"},
    return_train_score=True,
)
print(f"train AUC: {res['train_auc'].mean():.4f}")
print(f"Validation AUC: {res['test_auc'].mean():.4f}")

final = clone(model).fit(X, y)
pd.DataFrame({"id": test["id"], "score": final.predict_proba(X_test)[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
