#!/usr/bin/env python
# coding: utf-8
# Fine food reviews -> great or not. TF-IDF word + char, LR / NB-SVM style blend

# In[1]:
import os
import re
import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import MultinomialNB
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train.head())
print(train.score.value_counts())
train["n_chars"] = train.review.str.len()
print(train.groupby("score")["n_chars"].describe())

# In[3]:
def clean(s):
    s = s.lower()
    s = re.sub(r"<[^>]+>", " ", s)
    s = re.sub(r"\s+", " ", s)
    return s

train["text"] = train.review.map(clean)
test["text"] = test.review.map(clean)

def meta(df):
    r = df["review"]
    return np.c_[
        np.log1p(r.str.len()),
        r.str.count("!") / (r.str.len() + 1) * 100,
        r.str.count(r"[A-Z]") / (r.str.len() + 1),
    ]

# In[4]:
word_vec = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True, strip_accents="unicode")
char_vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), min_df=3, sublinear_tf=True, max_features=60000)
all_text = pd.concat([train.text, test.text])
word_vec.fit(all_text)
char_vec.fit(all_text)
Xw, Xtw = word_vec.transform(train.text), word_vec.transform(test.text)
Xc, Xtc = char_vec.transform(train.text), char_vec.transform(test.text)
X = sp.hstack([Xw, Xc]).tocsr()
Xt = sp.hstack([Xtw, Xtc]).tocsr()
print("tfidf shapes", Xw.shape, Xc.shape)
y = train.score.values

# In[5]:
skf = StratifiedKFold(5, shuffle=True, random_state=99)
oof = np.zeros((len(train), 2))
pt = np.zeros((len(test), 2))
for k, (a, b) in enumerate(skf.split(X, y)):
    lr = LogisticRegression(C=4.0, max_iter=2000)
    lr.fit(X[a], y[a])
    nb = MultinomialNB(alpha=0.1).fit(Xw[a], y[a])
    oof[b, 0] = lr.predict_proba(X[b])[:, 1]
    oof[b, 1] = nb.predict_proba(Xw[b])[:, 1]
    pt[:, 0] += lr.predict_proba(Xt)[:, 1] / 5
    pt[:, 1] += nb.predict_proba(Xtw)[:, 1] / 5
    print(k, round(roc_auc_score(y[b], oof[b, 0]), 4), round(roc_auc_score(y[b], oof[b, 1]), 4))

# In[6]:
from scipy.stats import rankdata
def rank_blend(P, w):
    R = np.column_stack([rankdata(P[:, i]) / len(P) for i in range(P.shape[1])])
    return R @ w

for w0 in [0.5, 0.6, 0.7, 0.8]:
    print(w0, round(roc_auc_score(y, rank_blend(oof, np.array([w0, 1 - w0]))), 4))
w = np.array([0.7, 0.3])
print(f"Validation AUC: {roc_auc_score(y, rank_blend(oof, w)):.4f}")

# In[7]:
# top words
lr_full = LogisticRegression(C=4.0, max_iter=2000).fit(Xw, y)
vocab = np.array(word_vec.get_feature_names_out())
order = np.argsort(lr_full.coef_[0])
print("neg:", vocab[order[:15]])
print("pos:", vocab[order[-15:]])

# In[8]:
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test.id, "score": rank_blend(pt, w)}).to_csv("./submission/submission.csv", index=False)
