#!/usr/bin/env python
# coding: utf-8

# # Telco churn -- quick model comparison on one-hot data

# In[1]:


import pandas as pd
import numpy as np
import matplotlib
matplotlib.use("Agg")
from matplotlib import pyplot as plt

from sklearn.model_selection import StratifiedKFold
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import roc_auc_score


# In[2]:


train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')
print(train.shape)
print(test.shape)


# In[3]:


train.head()


# In[4]:


print(train.dtypes.value_counts())
train.describe(include='all').T


# In[5]:


print(train.isna().sum())


# In[6]:


train.churn.value_counts()


# In[7]:


yes_no_cols = ['online_security', 'online_backup', 'device_protection', 'tech_support',
               'streaming_tv', 'streaming_movies', 'multiple_lines']
for c in yes_no_cols:
    print(c, train[c].value_counts().to_dict())


# In[8]:


fig, axes = plt.subplots(2, 2, figsize=(10, 8))
for ax, c in zip(axes.ravel(), ['tenure', 'monthly_charges', 'total_charges', 'senior_citizen']):
    train.groupby('churn')[c].plot.hist(ax=ax, alpha=0.5, bins=30, legend=True)
    ax.set_title(c)
plt.tight_layout()
plt.savefig('num_hists.png')
plt.close()


# In[9]:


# churn by tenure year
train['tenure_year'] = train.tenure // 12
train.groupby('tenure_year').churn.mean().plot(marker='o')
plt.savefig('churn_by_tenure_year.png')
plt.close()
train = train.drop(columns='tenure_year')


# ## Combine and clean

# In[10]:


full = pd.concat([train, test], ignore_index=True, sort=False)
full.shape


# In[11]:


# the blank total_charges are new customers (tenure 0) -> they paid one month so far
full[full.total_charges.isna()][['tenure', 'monthly_charges']]


# In[12]:


full['total_charges'].fillna(full['monthly_charges'], inplace=True)


# In[13]:


full['charges_per_tenure'] = full['total_charges'] / (full['tenure'] + 1)
full['monthly_x_tenure'] = full['monthly_charges'] * full['tenure']
full['extra_paid'] = full['total_charges'] - full['monthly_x_tenure']
full['senior_alone'] = ((full.senior_citizen == 1) & (full.partner == 0)).astype(int)

contract_mean = full.groupby('contract')['monthly_charges'].transform('mean')
full['monthly_rel_contract'] = full['monthly_charges'] / contract_mean


# In[14]:


for c in yes_no_cols:
    full[c] = full[c].replace({'No internet service': 'No', 'No phone service': 'No'})
    full[c] = full[c].map({'Yes': 1, 'No': 0})

full['n_addons'] = full[yes_no_cols].sum(axis=1)
full = pd.get_dummies(full, columns=['internet_service', 'contract', 'payment_method'], dtype=int)
print(full.shape)
full.head()


# In[15]:


train_df = full[full.churn.notna()].copy()
test_df = full[full.churn.isna()].copy()
features = [c for c in full.columns if c not in ('id', 'churn')]
X = train_df[features]
y = train_df['churn'].astype(int)
X_test = test_df[features]
print(len(features), X.shape, X_test.shape)


# ## Compare a couple of models

# In[16]:


models = {
    'rf': RandomForestClassifier(n_estimators=200, min_samples_leaf=10, max_features=0.4,
                                 n_jobs=2, random_state=1),
    'logreg': make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=1000)),
}

skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=1)
oof = {name: np.zeros(len(X)) for name in models}
for name, model in models.items():
    for tr, va in skf.split(X, y):
        model.fit(X.iloc[tr], y.iloc[tr])
        oof[name][va] = model.predict_proba(X.iloc[va])[:, 1]
    print(name, 'AUC', round(roc_auc_score(y, oof[name]), 4))


# In[17]:


blend = 0.5 * oof['rf'] + 0.5 * oof['logreg']
print('Validation AUC:', round(roc_auc_score(y, blend), 4))


# In[18]:


preds = []
for name, model in models.items():
    model.fit(X, y)
    preds.append(model.predict_proba(X_test)[:, 1])

sub = pd.DataFrame({'id': test_df['id'].values, 'churn': np.mean(preds, axis=0)})
sub.to_csv('./submission/submission.csv', index=False)
sub.head()
