#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score, confusion_matrix
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from lightgbm import LGBMClassifier


# In[2]:


df = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(df.shape, test.shape)
df.head()


# In[3]:


print(df.head())
print(df.info())
print(df.isnull().sum())


# In[4]:


print(df.weather.value_counts())
print(df.groupby('weather')[['precipitation', 'temp_max', 'temp_min', 'wind']].mean())


# In[5]:


df['date'] = pd.to_datetime(df['date'])
test['date'] = pd.to_datetime(test['date'])
df = df.sort_values('date').reset_index(drop=True)
print(df.date.min(), df.date.max(), test.date.min(), test.date.max())
# label mix changes over the years?
print(pd.crosstab(df.date.dt.year, df.weather))


# In[6]:


full = pd.concat([df, test], ignore_index=True).sort_values('date').reset_index(drop=True)

full['month'] = full.date.dt.month
full['doy'] = full.date.dt.dayofyear
full['year'] = full.date.dt.year
full['temp_range'] = full.temp_max - full.temp_min
full['temp_mean'] = (full.temp_max + full.temp_min) / 2
full['rain_flag'] = (full.precipitation > 0).astype(int)
full['log_precip'] = np.log1p(full.precipitation)
full['precip_bin'] = pd.cut(full.precipitation, bins=[-1, 0, 1, 5, 15, 100], labels=False)
full['sin_doy'] = np.sin(2 * np.pi * full.doy / 365.25)
full['cos_doy'] = np.cos(2 * np.pi * full.doy / 365.25)

# yesterday / tomorrow weather values (rows are contiguous days in train+test)
for c in ['precipitation', 'temp_max', 'wind']:
    full[c + '_lag1'] = full[c].shift(1)
    full[c + '_lead1'] = full[c].shift(-1)
full['precip_roll3'] = full['precipitation'].rolling(3, center=True, min_periods=1).mean()
full['wind_roll7'] = full['wind'].rolling(7, min_periods=1).mean()


# In[7]:


feats = ['precipitation', 'temp_max', 'temp_min', 'wind', 'month', 'doy', 'temp_range', 'temp_mean',
         'rain_flag', 'log_precip', 'precip_bin', 'sin_doy', 'cos_doy',
         'precipitation_lag1', 'precipitation_lead1', 'temp_max_lag1', 'temp_max_lead1',
         'wind_lag1', 'wind_lead1', 'precip_roll3', 'wind_roll7']

tr = full[full.weather.notnull()].reset_index(drop=True)
te = full[full.weather.isnull()].reset_index(drop=True)
X = tr[feats].fillna(tr[feats].median())
y = tr['weather']
X_te = te[feats].fillna(tr[feats].median())
print(X.shape, X_te.shape)


# In[8]:


# time split: last 20% of train as holdout
n_val = int(0.2 * len(X))
X_a, X_b = X.iloc[:-n_val], X.iloc[-n_val:]
y_a, y_b = y.iloc[:-n_val], y.iloc[-n_val:]
print(tr.date.iloc[-n_val], y_b.value_counts().to_dict())


# In[9]:


sc = StandardScaler().fit(X_a)
models = {
    'logreg': LogisticRegression(C=1.0, max_iter=3000),
    'rf': RandomForestClassifier(n_estimators=300, max_depth=8, random_state=0, n_jobs=2),
    'gbm': GradientBoostingClassifier(n_estimators=100, max_depth=3, random_state=0),
    'lgbm': LGBMClassifier(n_estimators=200, learning_rate=0.03, num_leaves=15, min_child_samples=15,
                           random_state=0, verbose=-1),
}
acc = {}
for name, m in models.items():
    if name == 'logreg':
        m.fit(sc.transform(X_a), y_a)
        p = m.predict(sc.transform(X_b))
    else:
        m.fit(X_a, y_a)
        p = m.predict(X_b)
    acc[name] = accuracy_score(y_b, p)
    print(name, 'holdout accuracy: %.4f' % acc[name])


# In[10]:


best = max(acc, key=acc.get)
print('Best:', best, acc[best])
print(confusion_matrix(y_b, models[best].predict(sc.transform(X_b) if best == 'logreg' else X_b)))


# In[11]:


model = models[best]
if best == 'logreg':
    sc = StandardScaler().fit(X)
    model.fit(sc.transform(X), y)
    pred = model.predict(sc.transform(X_te))
else:
    model.fit(X, y)
    pred = model.predict(X_te)

sub = pd.DataFrame({'id': te['id'].astype(int), 'weather': pred})
sub.to_csv('submission/submission.csv', index=False)
print(sub.weather.value_counts())
print(sub.head())
