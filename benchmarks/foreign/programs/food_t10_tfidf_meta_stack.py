#!/usr/bin/env python
# coding: utf-8

# # Amazon fine food reviews: 5 stars or not
# TF-IDF + logistic regression baseline, then some handcrafted meta features

# In[1]:


import re
import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import roc_auc_score
import lightgbm as lgb


# In[2]:


train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(train.shape, test.shape)
print(train.head())
print(train.score.value_counts())


# In[3]:


print(train.review.isnull().sum(), test.review.isnull().sum())
train['len'] = train.review.str.len()
print(train.groupby('score')['len'].describe())


# In[4]:


for i in range(3):
    print(train.score[i], '|', train.review[i][:200])


# In[5]:


def clean(s):
    s = s.lower()
    s = re.sub(r'<[^>]+>', ' ', s)
    s = re.sub(r"[^a-z0-9!?' ]", ' ', s)
    return re.sub(r'\s+', ' ', s).strip()

train['clean'] = train.review.apply(clean)
test['clean'] = test.review.apply(clean)
print(train.clean[0])


# In[6]:


tfv = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=15000, sublinear_tf=True)
tfv.fit(pd.concat([train.clean, test.clean]))
X_tfidf = tfv.transform(train.clean)
X_tfidf_test = tfv.transform(test.clean)
print(X_tfidf.shape, X_tfidf_test.shape)
y = train.score.values


# In[7]:


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
for C in [1, 4]:
    lr = LogisticRegression(C=C, max_iter=2000)
    oof_lr = cross_val_predict(lr, X_tfidf, y, cv=skf, method='predict_proba')[:, 1]
    print(f'LR C={C}: AUC {roc_auc_score(y, oof_lr):.4f}')


# In[8]:


# meta features
for d in [train, test]:
    d['len'] = d.review.str.len()
    d['n_words'] = d.review.str.split().str.len()
    d['n_excl'] = d.review.str.count('!')
    d['n_q'] = d.review.str.count(r'\?')
    d['caps_ratio'] = d.review.str.count(r'[A-Z]') / (d['len'] + 1)
    d['has_but'] = d.clean.str.contains(r'\bbut\b').astype(int)
    d['n_not'] = d.clean.str.count(r"\bnot\b|n't")
    d['len_bin'] = pd.qcut(d['len'], 10, labels=False)

meta_cols = ['len', 'n_words', 'n_excl', 'n_q', 'caps_ratio', 'has_but', 'n_not', 'len_bin']
print(train[meta_cols].describe().T)
print(train.groupby('score')[meta_cols].mean().T)


# In[9]:


meta = train[meta_cols].values
meta_test = test[meta_cols].values
meta = (meta - meta.mean(0)) / meta.std(0)
meta_test = (meta_test - meta.mean(0)) / meta.std(0)

X_all = sparse.hstack([X_tfidf, meta]).tocsr()
X_all_test = sparse.hstack([X_tfidf_test, meta_test]).tocsr()
print(X_all.shape)


# In[10]:


models = {
    'lr_tfidf': (LogisticRegression(C=4, max_iter=2000), X_tfidf, X_tfidf_test),
    'lr_tfidf_meta': (LogisticRegression(C=4, max_iter=2000), X_all, X_all_test),
    'lgbm_tfidf_meta': (lgb.LGBMClassifier(n_estimators=150, learning_rate=0.08, num_leaves=15,
                                           colsample_bytree=0.2, random_state=42, verbose=-1),
                        X_all, X_all_test),
}
scores = {}
for name, (m, Xtr, _) in models.items():
    oof = cross_val_predict(m, Xtr, y, cv=skf, method='predict_proba')[:, 1]
    scores[name] = roc_auc_score(y, oof)
    print(name, 'CV AUC = %.4f' % scores[name])


# In[11]:


best = max(scores, key=scores.get)
print('best:', best)
m, Xtr, Xte = models[best]
m.fit(Xtr, y)
pred = m.predict_proba(Xte)[:, 1]


# In[12]:


# what did it learn?
names = list(tfv.get_feature_names()) + (meta_cols if 'meta' in best else [])
if best.startswith('lr'):
    w = pd.Series(m.coef_[0], index=names).sort_values()
else:
    w = pd.Series(m.feature_importances_, index=names).sort_values()
print(w.head(20))
print(w.tail(20))


# In[13]:


sub = pd.DataFrame({'id': test.id, 'score': pred})
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
