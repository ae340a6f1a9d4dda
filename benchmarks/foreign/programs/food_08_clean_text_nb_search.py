import re

import pandas as pd
from scipy.stats import loguniform
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.model_selection import RandomizedSearchCV, StratifiedKFold
from sklearn.naive_bayes import MultinomialNB
from sklearn.pipeline import Pipeline

HTML = re.compile(r"<[^>]+>")
NON_ALPHA = re.compile(r"[^a-z!?' ]+")


def clean(text: str) -> str:
    text = HTML.sub(" ", text.lower())
    text = text.replace("n't", " not")
    return NON_ALPHA.sub(" ", text)


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
train_text = train["review"].map(clean)
test_text = test["review"].map(clean)

pipe = Pipeline([("bow", CountVectorizer(binary=True)), ("nb", MultinomialNB())])
search = RandomizedSearchCV(
    pipe,
    {"bow__ngram_range": [(1, 1), (1, 2), (1, 3)], "bow__min_df": [1, 2, 3], "nb__alpha": loguniform(0.05, 2.0)},
    n_iter=8,
    scoring="roc_auc",
    cv=StratifiedKFold(4, shuffle=True, random_state=2),
    random_state=2,
)
search.fit(train_text, train["score"])
print("best setting:", search.best_params_)
print("CV ROC-AUC = {:.4f}".format(search.best_score_))
pd.DataFrame({"id": test["id"], "score": search.predict_proba(test_text)[:, 1]}).to_csv("./submission/submission.csv", index=False)
