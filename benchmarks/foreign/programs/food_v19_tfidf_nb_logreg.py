"""
Worked example 8: is a food review a five-star review? (text, ROC AUC)

Text is turned into numbers with TF-IDF: every word (and word pair) gets a
column, weighted by how characteristic it is for the document. We compare:
   * baseline: a tiny hand-made word list (count of happy minus unhappy words)
   * multinomial naive Bayes on word counts
   * logistic regression on TF-IDF uni+bigrams
with 5-fold cross-validated AUC, then look at the confusion matrix and the
most telling words before predicting the test reviews.
"""
import re

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.naive_bayes import MultinomialNB
from sklearn.pipeline import make_pipeline

SEED = 21

HAPPY = {"love", "great", "best", "delicious", "perfect", "excellent",
         "favorite", "wonderful", "amazing", "awesome"}
UNHAPPY = {"but", "not", "disappointed", "bad", "however", "okay", "ok",
           "unfortunately", "bland", "stale", "worst", "too"}


def part(title):
    print("\n" + "=" * 66)
    print(" PART " + title)
    print("=" * 66)


def explain(text):
    print("   " + text)


def clean(text):
    text = text.lower()
    text = re.sub(r"<br\s*/?>", " ", text)          # stray html line breaks
    text = re.sub(r"[^a-z' ]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def lexicon_score(text):
    words = text.split()
    return sum(w in HAPPY for w in words) - sum(w in UNHAPPY for w in words)


def confusion_at(y_true, proba, threshold):
    cm = confusion_matrix(y_true, (proba >= threshold).astype(int))
    return pd.DataFrame(cm, index=["true other", "true great"],
                        columns=["pred other", "pred great"])


# ------------------------------------------------------------------
part("1 - the reviews")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"   train {train.shape}, test {test.shape}, share of five-star: {train['score'].mean():.3f}")
train["text"] = train["review"].fillna("").map(clean)
test["text"] = test["review"].fillna("").map(clean)
lengths = train["text"].str.split().str.len()
explain(f"words per review: median {lengths.median():.0f}, 95th pct {lengths.quantile(0.95):.0f}")
explain("example (cleaned): " + train["text"].iloc[0][:90] + " ...")
y = train["score"].values
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)

# ------------------------------------------------------------------
part("2 - baseline: a hand-made word list")
explain("No learning at all; higher score = more happy words than unhappy ones.")
base = train["text"].map(lexicon_score).values
auc_base = roc_auc_score(y, base)
explain(f"baseline AUC: {auc_base:.4f}")

# ------------------------------------------------------------------
part("3 - naive Bayes on counts")
nb = make_pipeline(CountVectorizer(min_df=2, ngram_range=(1, 2)), MultinomialNB(alpha=0.5))
oof_nb = cross_val_predict(nb, train["text"], y, cv=cv, method="predict_proba")[:, 1]
auc_nb = roc_auc_score(y, oof_nb)
explain(f"naive Bayes CV AUC: {auc_nb:.4f}")

# ------------------------------------------------------------------
part("4 - logistic regression on TF-IDF")
explain("sublinear_tf dampens words repeated many times in one review.")
lr = make_pipeline(
    TfidfVectorizer(min_df=2, max_df=0.9, ngram_range=(1, 2), sublinear_tf=True),
    LogisticRegression(C=4.0, max_iter=2000),
)
oof_lr = cross_val_predict(lr, train["text"], y, cv=cv, method="predict_proba")[:, 1]
auc_lr = roc_auc_score(y, oof_lr)
explain(f"logistic regression CV AUC: {auc_lr:.4f}")

oof_avg = (oof_nb + oof_lr) / 2
auc_avg = roc_auc_score(y, oof_avg)
explain(f"average of the two:  CV AUC: {auc_avg:.4f}")

# ------------------------------------------------------------------
part("5 - results, confusion matrix and telling words")
table = pd.Series({"word list": auc_base, "naive Bayes": auc_nb,
                   "logistic regression": auc_lr, "average NB+LR": auc_avg})
print(table.sort_values(ascending=False).round(4).to_string())
best = table.drop("word list").idxmax()
best_oof = {"naive Bayes": oof_nb, "logistic regression": oof_lr,
            "average NB+LR": oof_avg}[best]
explain(f"confusion matrix of '{best}' at threshold 0.5:")
print(confusion_at(y, best_oof, 0.5).to_string())

lr.fit(train["text"], y)
vocab = np.array(lr[0].get_feature_names_out())
coefs = lr[-1].coef_[0]
order = np.argsort(coefs)
explain("words pushing towards 'great': " + ", ".join(vocab[order[-12:]][::-1]))
explain("words pushing towards 'other': " + ", ".join(vocab[order[:12]]))

# ------------------------------------------------------------------
part("6 - submission")
nb.fit(train["text"], y)
p_lr = lr.predict_proba(test["text"])[:, 1]
p_nb = nb.predict_proba(test["text"])[:, 1]
p = {"naive Bayes": p_nb, "logistic regression": p_lr, "average NB+LR": (p_nb + p_lr) / 2}[best]
sub = pd.DataFrame({"id": test["id"], "score": p})
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().loc[["count", "mean", "min", "max"]].round(3).to_string())
print(f"CV AUC of submitted model ({best}): {table[best]:.4f}")
