#!/usr/bin/env python
# coding: utf-8

# # MEPS health insurance - three labels
# one logistic model per label, 5-fold CV, mean AUC

# In[1]:


import numpy as np
import pandas as pd
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.metrics import roc_auc_score


# In[2]:


train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')
targets = ['health', 'limit', 'insurance']
print(train.shape, test.shape)
print(train.head(10))


# In[3]:


print(train.describe())
print(train.isna().sum().sum(), test.isna().sum().sum())


# In[4]:


for c in ['gender', 'married', 'selfemp', 'region', 'ethnicity', 'education']:
    print(train[c].value_counts())
    print('-' * 30)


# In[5]:


print(train[targets].mean())
print(train[targets].corr())


# In[6]:


# insurance rate by education x ethnicity
print(pd.pivot_table(train, index='education', columns='ethnicity', values='insurance',
                     aggfunc='mean').round(2))
print(pd.pivot_table(train, index='region', values=targets, aggfunc='mean').round(3))


# In[7]:


age_curve = train.groupby('age')[targets].mean()
ax = age_curve.plot(figsize=(8, 4))
ax.set_ylabel('rate')
plt.savefig('rates_by_age.png')
plt.close()

train.groupby('education')['insurance'].mean().sort_values().plot.bar()
plt.tight_layout()
plt.savefig('insurance_by_edu.png')
plt.close()


# ## features

# In[8]:


edu_years = {'none': 10, 'ged': 12, 'highschool': 12, 'other': 13, 'bachelor': 16, 'master': 18, 'phd': 21}
full = pd.concat([train.drop(columns=targets), test], ignore_index=True)

full['edu_years'] = full['education'].map(edu_years)
full['age2'] = (full['age'] - 40) ** 2 / 100
full['female'] = (full['gender'] == 'female').astype(int)
full['married'] = (full['married'] == 'yes').astype(int)
full['selfemp'] = (full['selfemp'] == 'yes').astype(int)
full['log_family'] = np.log(full['family'])
full['single_big_family'] = ((full['married'] == 0) & (full['family'] > 2)).astype(int)
full['age_rel_region'] = full['age'] - full.groupby('region')['age'].transform('mean')
full['edu_rel_eth'] = full['edu_years'] - full.groupby('ethnicity')['edu_years'].transform('mean')
full['age_band'] = pd.cut(full['age'], [17, 25, 35, 45, 55, 65]).astype(str)
print(full[['edu_years', 'age2', 'log_family', 'age_rel_region', 'edu_rel_eth']].describe())


# In[9]:


full = pd.get_dummies(full.drop(columns=['gender']), columns=['region', 'ethnicity', 'education', 'age_band'],
                      drop_first=True, dtype=float)
print(full.shape)
print(full.columns.tolist())

X = full.iloc[:len(train)].drop(columns='id')
X_test = full.iloc[len(train):].drop(columns='id')
X.shape, X_test.shape


# ## modelling

# In[10]:


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=2024)
scores = {}
oof = pd.DataFrame(index=train.index, columns=targets, dtype=float)
for t in targets:
    best = None
    for C in [0.03, 0.1, 0.3, 1.0]:
        mdl = make_pipeline(StandardScaler(), LogisticRegression(C=C, max_iter=3000))
        p = cross_val_predict(mdl, X, train[t], cv=skf, method='predict_proba')[:, 1]
        auc = roc_auc_score(train[t], p)
        print(f'{t:10s} C={C:<5} auc={auc:.4f}')
        if best is None or auc > best[1]:
            best = (C, auc, p)
    scores[t] = best[:2]
    oof[t] = best[2]

print(scores)
mean_auc = np.mean([v[1] for v in scores.values()])
print(f'Validation AUC (mean of 3 labels): {mean_auc:.4f}')


# In[11]:


sub = pd.DataFrame({'id': test['id'].values})
for t in targets:
    mdl = make_pipeline(StandardScaler(), LogisticRegression(C=scores[t][0], max_iter=3000))
    mdl.fit(X, train[t])
    sub[t] = mdl.predict_proba(X_test)[:, 1]
    coefs = pd.Series(mdl[-1].coef_[0], index=X.columns)
    print(t, coefs.abs().sort_values(ascending=False).head(5).round(3).to_dict())

sub.to_csv('./submission/submission.csv', index=False)
print(sub.describe())
