#!/usr/bin/env python
# coding: utf-8

# ## Health insurance (MEPS 1995) -- LGBM per label with group rate features

# In[1]:


import warnings
warnings.filterwarnings('ignore')

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from lightgbm import LGBMClassifier
from sklearn.model_selection import KFold
from sklearn.metrics import roc_auc_score


# In[2]:


train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')
TARGETS = ['health', 'limit', 'insurance']
train.head()


# In[3]:


print(train.shape, test.shape)
print(train.info())


# In[4]:


print(train.isna().sum())
print(train.describe().round(2))


# In[5]:


print(train['education'].value_counts())
print(train['family'].value_counts().sort_index())


# In[6]:


print(train.groupby('selfemp')[TARGETS].mean())
print(train.groupby('married')[TARGETS].mean())
print(pd.crosstab(train['health'], train['limit'], normalize='index'))


# In[7]:


fig, axs = plt.subplots(1, 3, figsize=(14, 4))
for ax, t in zip(axs, TARGETS):
    train.groupby(['region', 'gender'])[t].mean().unstack().plot.bar(ax=ax, title=t)
plt.tight_layout()
plt.savefig('region_gender_rates.png')
plt.close()


# In[8]:


train['age'].hist(bins=45)
plt.savefig('age_hist.png')
plt.close()


# ## Feature engineering

# In[9]:


def basic_feats(df):
    df = df.copy()
    df['age_decade'] = df['age'] // 10
    df['adults_guess'] = np.where(df['married'] == 'yes', 2, 1)
    df['kids_guess'] = (df['family'] - df['adults_guess']).clip(lower=0)
    df['edu_rank'] = df['education'].map({'none': 0, 'ged': 1, 'highschool': 1, 'other': 2,
                                          'bachelor': 3, 'master': 4, 'phd': 5})
    df['fam_rel_region'] = df['family'] / df.groupby('region')['family'].transform('mean')
    return df

train = basic_feats(train)
test = basic_feats(test)
train[['age_decade', 'adults_guess', 'kids_guess', 'edu_rank', 'fam_rel_region']].head()


# In[10]:


# label rates per education x ethnicity cell (most cells are big enough)
grp = train.groupby(['education', 'ethnicity'])[TARGETS].mean().reset_index()
cnt = train.groupby(['education', 'ethnicity']).size()
print(cnt.sort_values().head())
print(grp.head(10))

train = train.merge(grp, on=['education', 'ethnicity'], how='left')
test = test.merge(grp, on=['education', 'ethnicity'], how='left')
print(train.shape, test.shape)


# In[11]:


cat_cols = ['gender', 'married', 'selfemp', 'region', 'ethnicity', 'education']
for c in cat_cols:
    cats = sorted(set(train[c]) | set(test[c]))
    train[c] = pd.Categorical(train[c], categories=cats)
    test[c] = pd.Categorical(test[c], categories=cats)

feats = [c for c in test.columns if c != 'id']
print(len(feats), feats)


# ## LGBM, 5 fold per label

# In[12]:


params = dict(n_estimators=300, learning_rate=0.02, num_leaves=8, min_child_samples=60,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.7, reg_lambda=5.0,
              verbose=-1, n_jobs=2, random_state=11)

kf = KFold(n_splits=5, shuffle=True, random_state=11)
sub = pd.DataFrame({'id': test['id']})
aucs = []
for t in TARGETS:
    y = train[t].values
    oof = np.zeros(len(train))
    test_pred = np.zeros(len(test))
    for tr, va in kf.split(train):
        clf = LGBMClassifier(**params)
        clf.fit(train.loc[tr, feats], y[tr])
        oof[va] = clf.predict_proba(train.loc[va, feats])[:, 1]
        test_pred += clf.predict_proba(test[feats])[:, 1] / 5
    auc = roc_auc_score(y, oof)
    aucs.append(auc)
    print(t, 'oof auc', round(auc, 4))
    sub[t] = test_pred

print('CV mean AUC:', round(np.mean(aucs), 4))


# In[13]:


sub.to_csv('./submission/submission.csv', index=False)
sub.head()
