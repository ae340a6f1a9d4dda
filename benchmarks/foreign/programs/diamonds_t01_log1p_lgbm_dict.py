#!/usr/bin/env python
# coding: utf-8

# # Diamonds price - EDA + LGBM baseline
# predicting price, metric is RMSLE so train on log1p(price) and the RMSE on that scale == RMSLE

# In[1]:


import numpy as np
import pandas as pd
import warnings
warnings.filterwarnings('ignore')

from sklearn.model_selection import KFold, train_test_split
from sklearn.metrics import mean_squared_error
from sklearn.linear_model import Ridge
from sklearn.ensemble import RandomForestRegressor
import lightgbm as lgb


# In[2]:


train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
sub = pd.read_csv('input/sample_submission.csv')
print(train.shape, test.shape, sub.shape)
train.head()


# In[3]:


print(train.head())
print(train.describe())


# In[4]:


print(train.isnull().sum())
print(train['cut'].value_counts())
print(train['color'].value_counts())
print(train['clarity'].value_counts())


# In[5]:


# some diamonds have 0 in x/y/z -> impossible, look at them
print((train[['x', 'y', 'z']] == 0).sum())
print(train[(train.x == 0) | (train.y == 0) | (train.z == 0)])


# In[6]:


# target is skewed
print(train['price'].skew(), np.log1p(train['price']).skew())


# ## Features

# In[7]:


df = pd.concat([train, test], axis=0, ignore_index=True)
print(df.shape)

cut_map = {'Fair': 0, 'Good': 1, 'Very Good': 2, 'Premium': 3, 'Ideal': 4}
color_map = {'J': 0, 'I': 1, 'H': 2, 'G': 3, 'F': 4, 'E': 5, 'D': 6}
clarity_map = {'I1': 0, 'SI2': 1, 'SI1': 2, 'VS2': 3, 'VS1': 4, 'VVS2': 5, 'VVS1': 6, 'IF': 7}
df['cut_o'] = df['cut'].map(cut_map)
df['color_o'] = df['color'].map(color_map)
df['clarity_o'] = df['clarity'].map(clarity_map)
print(df[['cut_o', 'color_o', 'clarity_o']].isnull().sum())


# In[8]:


# replace 0 dims with nan (lgbm handles nan), fill for the linear model later
for c in ['x', 'y', 'z']:
    df.loc[df[c] == 0, c] = np.nan

df['volume'] = df['x'] * df['y'] * df['z']
df['density'] = df['carat'] / df['volume']
df['xy_ratio'] = df['x'] / df['y']
df['log_carat'] = np.log(df['carat'])
df['carat_bin'] = pd.cut(df['carat'], bins=[0, 0.4, 0.7, 1.0, 1.5, 2.0, 5.0], labels=False)


# In[9]:


# frequency encoding of the combo cut/color/clarity
df['combo'] = df['cut'] + '_' + df['color'] + '_' + df['clarity']
df['combo_freq'] = df['combo'].map(df['combo'].value_counts())
df['clarity_color'] = df['clarity_o'] * 10 + df['color_o']
print(df['combo_freq'].describe())


# In[10]:


feats = ['carat', 'depth', 'table', 'x', 'y', 'z', 'cut_o', 'color_o', 'clarity_o',
         'volume', 'density', 'xy_ratio', 'log_carat', 'carat_bin', 'combo_freq', 'clarity_color']

train_df = df[df['price'].notnull()].reset_index(drop=True)
test_df = df[df['price'].isnull()].reset_index(drop=True)
X = train_df[feats]
y = np.log1p(train_df['price'])
X_test = test_df[feats]
print(X.shape, X_test.shape)


# ## Compare a few models on a holdout

# In[11]:


X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.2, random_state=42)

models = {
    'ridge': Ridge(alpha=1.0),
    'rf': RandomForestRegressor(n_estimators=100, max_depth=14, n_jobs=2, random_state=42),
    'lgbm': lgb.LGBMRegressor(n_estimators=500, learning_rate=0.05, num_leaves=40,
                              subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
                              random_state=42, verbose=-1),
}

scores = {}
for name, m in models.items():
    if name == 'lgbm':
        m.fit(X_tr, y_tr)
        p = m.predict(X_val)
    else:
        m.fit(X_tr.fillna(X_tr.median()), y_tr)
        p = m.predict(X_val.fillna(X_tr.median()))
    scores[name] = np.sqrt(mean_squared_error(y_val, p))
    print(f'{name}: RMSLE = {scores[name]:.5f}')


# In[12]:


best = min(scores, key=scores.get)
print('best model:', best, scores[best])


# In[13]:


# 5 fold CV for the lgbm to be sure
kf = KFold(n_splits=5, shuffle=True, random_state=42)
oof = np.zeros(len(X))
for fold, (tr_idx, va_idx) in enumerate(kf.split(X)):
    m = lgb.LGBMRegressor(n_estimators=500, learning_rate=0.05, num_leaves=40,
                          subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
                          random_state=42, verbose=-1)
    m.fit(X.iloc[tr_idx], y.iloc[tr_idx])
    oof[va_idx] = m.predict(X.iloc[va_idx])
    print('fold', fold, np.sqrt(mean_squared_error(y.iloc[va_idx], oof[va_idx])))

print('CV RMSLE:', np.sqrt(mean_squared_error(y, oof)))


# In[14]:


# feature importance
imp = pd.Series(m.feature_importances_, index=feats).sort_values(ascending=False)
print(imp)


# ## Refit best on full train and predict

# In[15]:


final = models[best]
if best == 'lgbm':
    final.fit(X, y)
    pred = final.predict(X_test)
else:
    final.fit(X.fillna(X.median()), y)
    pred = final.predict(X_test.fillna(X.median()))

pred = np.expm1(pred)
pred = np.clip(pred, 300, None)
print(pd.Series(pred).describe())


# In[16]:


sub = pd.DataFrame({'id': test_df['id'].astype(int), 'price': pred})
sub.to_csv('submission/submission.csv', index=False)
print(sub.shape)
print(sub.head())
