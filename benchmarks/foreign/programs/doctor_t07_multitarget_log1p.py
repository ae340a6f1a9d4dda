#!/usr/bin/env python
# coding: utf-8

# # Doctor visits - 4 count targets, metric RMSLE per column
# -> model log1p(target) with RMSE, expm1 back

# In[1]:


import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_log_error


# In[2]:


train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
sample = pd.read_csv('input/sample_submission.csv')
print(train.shape, test.shape, sample.shape)
print(train.head())


# In[3]:


targets = ['visits', 'ovisits', 'emergency', 'hospital']
print(train[targets].describe())
print((train[targets] == 0).mean())


# In[4]:


print(train.isnull().sum().sum())
for c in ['health', 'adl', 'region']:
    print(train[c].value_counts())


# In[5]:


print(train[targets].corr())
print(train.groupby('health')[targets].mean())


# In[6]:


df = pd.concat([train, test], ignore_index=True)

yes_no = ['afam', 'gender', 'married', 'employed', 'insurance', 'medicaid']
for c in yes_no:
    df[c] = df[c].map({'yes': 1, 'no': 0, 'male': 1, 'female': 0})
df['adl'] = (df['adl'] == 'limited').astype(int)
df['health_o'] = df['health'].map({'excellent': 0, 'average': 1, 'poor': 2})
df = pd.get_dummies(df, columns=['region'], dtype=int)

df['log_income'] = np.log1p(df['income'].clip(lower=0))
df['age_bin'] = pd.cut(df['age'], bins=[6, 7, 7.5, 8, 9, 11], labels=False)
df['chronic_x_health'] = df['chronic'] * df['health_o']
df['school_bin'] = pd.qcut(df['school'], 4, labels=False, duplicates='drop')
df['covered'] = ((df['insurance'] == 1) | (df['medicaid'] == 1)).astype(int)
df['sick_score'] = df['chronic'] + 2 * df['health_o'] + 2 * df['adl']


# In[7]:


feats = [c for c in df.columns if c not in targets + ['id', 'health']]
print(feats)
tr = df[df['visits'].notnull()].reset_index(drop=True)
te = df[df['visits'].isnull()].reset_index(drop=True)
X, X_test = tr[feats], te[feats]
print(X.shape, X_test.shape)


# In[8]:


models = {
    'ridge': Ridge(alpha=2.0),
    'lgbm': lgb.LGBMRegressor(n_estimators=250, learning_rate=0.03, num_leaves=12, min_child_samples=40,
                              subsample=0.8, subsample_freq=1, colsample_bytree=0.7,
                              random_state=3, verbose=-1),
}

kf = KFold(n_splits=5, shuffle=True, random_state=3)
summary = {}
for t in targets:
    y = np.log1p(tr[t])
    for name, model in models.items():
        oof = np.zeros(len(X))
        for a, b in kf.split(X):
            model.fit(X.iloc[a], y.iloc[a])
            oof[b] = model.predict(X.iloc[b])
        oof = np.clip(np.expm1(oof), 0, None)
        summary[(t, name)] = np.sqrt(mean_squared_log_error(tr[t], oof))
        print(t, name, round(summary[(t, name)], 5))


# In[9]:


res = pd.Series(summary).unstack()
print(res)
best_per_target = res.idxmin(axis=1)
print(best_per_target)
print('CV mean RMSLE (best per column):', res.min(axis=1).mean())


# In[10]:


sub = pd.DataFrame({'id': te['id'].astype(int)})
for t in targets:
    model = models[best_per_target[t]]
    model.fit(X, np.log1p(tr[t]))
    sub[t] = np.clip(np.expm1(model.predict(X_test)), 0, None)

print(sub.describe())
sub = sub[sample.columns]
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
