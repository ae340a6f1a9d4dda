#!/usr/bin/env python
# coding: utf-8

# # HS&B math achievement
# test schools are unseen -> GroupKFold on School, and no target encoding of School (would leak / be useless)

# In[1]:


import numpy as np
import pandas as pd
from sklearn.model_selection import GroupKFold
from sklearn.metrics import mean_squared_error
from sklearn.linear_model import Ridge
import lightgbm as lgb


# In[2]:


train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(train.shape, test.shape)
print(train.head())
print(train.describe())


# In[3]:


print(train.isnull().sum())
print(train.School.nunique(), test.School.nunique(), len(set(train.School) & set(test.School)))
print(train.Minority.value_counts())
print(train.Sex.value_counts())


# In[4]:


print(train.groupby('Minority').MathAch.mean())
print(train.groupby('Sex').MathAch.mean())
print(train[['SES', 'MEANSES', 'MathAch']].corr())


# In[5]:


df = pd.concat([train, test], ignore_index=True)
df['minority'] = (df['Minority'] == 'Yes').astype(int)
df['male'] = (df['Sex'] == 'Male').astype(int)

# school level aggregates of the features (fine to use test rows, no target)
df['sch_n'] = df.groupby('School')['id'].transform('count')
df['sch_min_share'] = df.groupby('School')['minority'].transform('mean')
df['sch_male_share'] = df.groupby('School')['male'].transform('mean')
df['sch_ses_std'] = df.groupby('School')['SES'].transform('std')
df['ses_centered'] = df['SES'] - df['MEANSES']
df['ses_rank'] = df.groupby('School')['SES'].rank(pct=True)
df['ses_x_min'] = df['SES'] * df['minority']
df['meanses_bin'] = pd.qcut(df['MEANSES'], 8, labels=False, duplicates='drop')
print(df[['sch_n', 'sch_min_share', 'sch_male_share', 'sch_ses_std']].describe())


# In[6]:


# single-sex schools?
print((df.groupby('School')['male'].mean().isin([0, 1])).sum(), 'single sex schools')
df['single_sex'] = df['sch_male_share'].isin([0, 1]).astype(int)


# In[7]:


feats = ['minority', 'male', 'SES', 'MEANSES', 'sch_n', 'sch_min_share', 'sch_male_share',
         'sch_ses_std', 'ses_centered', 'ses_rank', 'ses_x_min', 'meanses_bin', 'single_sex']
tr = df[df.MathAch.notnull()].reset_index(drop=True)
te = df[df.MathAch.isnull()].reset_index(drop=True)
X, y, groups = tr[feats], tr['MathAch'], tr['School']
X_test = te[feats]
print(X.shape, X_test.shape)


# In[8]:


models = {
    'ridge': Ridge(alpha=3.0),
    'lgbm': lgb.LGBMRegressor(n_estimators=300, learning_rate=0.02, num_leaves=8, min_child_samples=50,
                              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=5,
                              random_state=1, verbose=-1),
    'lgbm_deep': lgb.LGBMRegressor(n_estimators=600, learning_rate=0.02, num_leaves=31, min_child_samples=20,
                                   random_state=1, verbose=-1),
}

gkf = GroupKFold(n_splits=5)
cv = {}
oofs = {}
for name, model in models.items():
    oof = np.zeros(len(X))
    for f, (a, b) in enumerate(gkf.split(X, y, groups)):
        model.fit(X.iloc[a].fillna(0), y.iloc[a])
        oof[b] = model.predict(X.iloc[b].fillna(0))
    oofs[name] = oof
    cv[name] = mean_squared_error(y, oof) ** 0.5
    print('%-10s RMSE %.4f' % (name, cv[name]))


# In[9]:


avg = (oofs['ridge'] + oofs['lgbm']) / 2
print('ridge+lgbm avg RMSE %.4f' % mean_squared_error(y, avg) ** 0.5)


# In[10]:


best = min(cv, key=cv.get)
print('best single:', best, round(cv[best], 4))

if mean_squared_error(y, avg) ** 0.5 < cv[best]:
    print('using the average')
    p1 = models['ridge'].fit(X.fillna(0), y).predict(X_test.fillna(0))
    p2 = models['lgbm'].fit(X.fillna(0), y).predict(X_test.fillna(0))
    pred = (p1 + p2) / 2
else:
    pred = models[best].fit(X.fillna(0), y).predict(X_test.fillna(0))


# In[11]:


sub = pd.DataFrame({'id': te['id'].astype(int), 'MathAch': pred})
sub.to_csv('submission/submission.csv', index=False)
print(sub.shape)
print(sub.describe())
