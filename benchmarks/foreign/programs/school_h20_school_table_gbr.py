#!/usr/bin/env python
# coding: utf-8

# # MathAchieve - school profile table + gradient boosting

# In[1]:


import numpy as np
import pandas as pd
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

from sklearn.ensemble import GradientBoostingRegressor
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import GroupShuffleSplit
from sklearn.metrics import mean_squared_error


# In[2]:


train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')
train.head()


# In[3]:


print(train.shape, test.shape)
print(train.dtypes)
train.describe()


# In[4]:


print(train.isna().sum())
print(test.isna().sum())


# In[5]:


print(train.Minority.value_counts(), train.Sex.value_counts())
print(train.groupby('Sex').MathAch.describe())


# In[6]:


train.MathAch.hist(bins=50)
plt.title('MathAch')
plt.savefig('target_hist.png')
plt.close()

per_school = train.groupby('School').MathAch.agg(['mean', 'std', 'size']).sort_values('mean')
print(per_school.head())
print(per_school.tail())
per_school['mean'].plot.hist(bins=25)
plt.savefig('school_means.png')
plt.close()


# In[7]:


print(train[['SES', 'MEANSES', 'MathAch']].corr())
print(pd.pivot_table(train, index=pd.qcut(train.SES, 5), columns='Minority', values='MathAch',
                     aggfunc='mean', observed=True).round(2))


# ## school profile
# Build one row per school from all pupils we have (train + test, no target).

# In[8]:


pupils = pd.concat([train.drop(columns='MathAch'), test], ignore_index=True)
pupils['School'] = pupils['School'].astype(str)   # school code is an id, not a quantity
pupils['is_min'] = (pupils.Minority == 'Yes').astype(int)
pupils['is_male'] = (pupils.Sex == 'Male').astype(int)

school = pupils.groupby('School').agg(
    n_pupils=('id', 'count'),
    pct_minority=('is_min', 'mean'),
    pct_male=('is_male', 'mean'),
    ses_sd=('SES', 'std'),
    ses_min=('SES', 'min'),
    ses_max=('SES', 'max'),
)
school['ses_range'] = school['ses_max'] - school['ses_min']
school['school_type'] = np.select([school.pct_male == 0, school.pct_male == 1], ['girls', 'boys'], 'mixed')
print(school.shape)
print(school.school_type.value_counts())
school.head()


# In[9]:


def prep(df, school_table):
    out = df.merge(school_table.reset_index(), on='School', how='left')
    out['minority'] = (out.Minority == 'Yes').astype(int)
    out['male'] = (out.Sex == 'Male').astype(int)
    out['ses_dev'] = out.SES - out.MEANSES
    out['girls_school'] = (out.school_type == 'girls').astype(int)
    out['boys_school'] = (out.school_type == 'boys').astype(int)
    out['min_in_min_school'] = out.minority * out.pct_minority
    return out

tr = prep(train, school)
te = prep(test, school)
print(tr.shape, te.shape)
tr.head()


# In[10]:


feats = ['minority', 'male', 'SES', 'MEANSES', 'ses_dev', 'n_pupils', 'pct_minority', 'pct_male',
         'ses_sd', 'ses_range', 'girls_school', 'boys_school', 'min_in_min_school']
X, y = tr[feats], tr.MathAch
gss = GroupShuffleSplit(n_splits=1, test_size=0.2, random_state=4)
idx_tr, idx_va = next(gss.split(X, y, groups=tr.School))


# In[11]:


lin = LinearRegression().fit(X.iloc[idx_tr], y.iloc[idx_tr])
p_lin = lin.predict(X.iloc[idx_va])
gbr = GradientBoostingRegressor(n_estimators=250, learning_rate=0.03, max_depth=3, subsample=0.8,
                                min_samples_leaf=30, random_state=4)
gbr.fit(X.iloc[idx_tr], y.iloc[idx_tr])
p_gbr = gbr.predict(X.iloc[idx_va])

rmse = lambda a, b: np.sqrt(mean_squared_error(a, b))
print('linear', rmse(y.iloc[idx_va], p_lin))
print('gbr', rmse(y.iloc[idx_va], p_gbr))
print('Validation RMSE:', round(rmse(y.iloc[idx_va], 0.5 * p_lin + 0.5 * p_gbr), 4))


# In[12]:


lin.fit(X, y)
gbr.fit(X, y)
pred = 0.5 * lin.predict(te[feats]) + 0.5 * gbr.predict(te[feats])
pd.DataFrame({'id': te.id, 'MathAch': pred}).to_csv('./submission/submission.csv', index=False)
