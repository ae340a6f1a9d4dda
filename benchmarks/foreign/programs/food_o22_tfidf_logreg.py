import os
import numpy as np
import pandas as pd
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
train["review"] = train["review"].fillna("")
test["review"] = test["review"].fillna("")
print(train.shape, test.shape)
print("positive share:", train["score"].mean())
print("avg review length:", int(train["review"].str.len().mean()))

word_vec = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=40000,
                           sublinear_tf=True, strip_accents="unicode")
char_vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3,
                           max_features=40000, sublinear_tf=True)

all_text = pd.concat([train["review"], test["review"]])
word_vec.fit(all_text)
char_vec.fit(all_text)

X = hstack([word_vec.transform(train["review"]), char_vec.transform(train["review"])]).tocsr()
X_test = hstack([word_vec.transform(test["review"]), char_vec.transform(test["review"])]).tocsr()
y = train["score"].values
print("tf-idf matrix:", X.shape)

oof = np.zeros(len(train))
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=99)
for i, (a, b) in enumerate(skf.split(X, y)):
    clf = LogisticRegression(C=4.0, solver="liblinear")
    clf.fit(X[a], y[a])
    oof[b] = clf.predict_proba(X[b])[:, 1]
    print(f"  fold {i}: {roc_auc_score(y[b], oof[b]):.4f}")
print(f"CV AUC: {roc_auc_score(y, oof):.4f}")

clf = LogisticRegression(C=4.0, solver="liblinear")
clf.fit(X, y)

# what does the word part of the model find positive / negative?
n_words = len(word_vec.vocabulary_)
vocab = np.array(word_vec.get_feature_names_out())
w = clf.coef_[0][:n_words]
order = np.argsort(w)
print("most negative:", ", ".join(vocab[order[:15]]))
print("most positive:", ", ".join(vocab[order[-15:]]))

pred = clf.predict_proba(X_test)[:, 1]
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": pred}).to_csv("submission/submission.csv", index=False)
print("done:", pred.shape, pred.mean().round(4))
