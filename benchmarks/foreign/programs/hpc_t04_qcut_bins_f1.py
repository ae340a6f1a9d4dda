#!/usr/bin/env python
# coding: utf-8

# %% [markdown]
# HPC job runtime class (VF / F / M / L) -> macro F1
# classes are imbalanced so class_weight='balanced' is probably worth trying

# %%
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score, classification_report
from sklearn.ensemble import RandomForestClassifier

# %%
train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print('train', train.shape, 'test', test.shape)
print(train.head())
print(train.isnull().sum().sum(), test.isnull().sum().sum())

# %%
print(train['class'].value_counts())
print(train['protocol'].value_counts())
print(train['day'].value_counts())

# %%
print(train.describe())
print(pd.crosstab(train['protocol'], train['class']))

# %%
# heavy tails everywhere
for c in ['compounds', 'input_fields', 'num_pending']:
    print(c, train[c].skew().round(2), np.log1p(train[c]).skew().round(2))

# %% [markdown]
# ### features

# %%
df = pd.concat([train, test], ignore_index=True)

df['log_compounds'] = np.log1p(df['compounds'])
df['log_fields'] = np.log1p(df['input_fields'])
df['log_pending'] = np.log1p(df['num_pending'])
df['work'] = df['compounds'] * df['iterations']
df['log_work'] = np.log1p(df['work'])
df['fields_per_compound'] = df['input_fields'] / df['compounds']
df['is_weekend'] = df['day'].isin(['Sat', 'Sun']).astype(int)
df['hour_int'] = df['hour'].astype(int)
df['night'] = ((df['hour'] < 7) | (df['hour'] > 20)).astype(int)

# %%
day_map = {'Mon': 0, 'Tue': 1, 'Wed': 2, 'Thu': 3, 'Fri': 4, 'Sat': 5, 'Sun': 6}
df['day_num'] = df['day'].map(day_map)
df['protocol_freq'] = df['protocol'].map(df['protocol'].value_counts())
df['protocol_code'] = df['protocol'].astype('category').cat.codes

# %%
# quantile bins of the size features
for c in ['compounds', 'input_fields', 'num_pending']:
    df[c + '_q'] = pd.qcut(df[c], 5, labels=False)
print(df[['compounds_q', 'input_fields_q', 'num_pending_q']].head())

# %%
# mean log_work per protocol and deviation from it
df['proto_work_mean'] = df.groupby('protocol')['log_work'].transform('mean')
df['work_vs_proto'] = df['log_work'] - df['proto_work_mean']

# %%
classes = sorted(train['class'].unique())
cls2id = {c: i for i, c in enumerate(classes)}
id2cls = {i: c for c, i in cls2id.items()}
print(cls2id)

feats = ['protocol_code', 'protocol_freq', 'compounds', 'input_fields', 'iterations', 'num_pending',
         'hour', 'day_num', 'log_compounds', 'log_fields', 'log_pending', 'work', 'log_work',
         'fields_per_compound', 'is_weekend', 'hour_int', 'night', 'compounds_q', 'input_fields_q',
         'num_pending_q', 'proto_work_mean', 'work_vs_proto']

tr = df[df['class'].notnull()].reset_index(drop=True)
ts = df[df['class'].isnull()].reset_index(drop=True)
X = tr[feats]
y = tr['class'].map(cls2id)
X_test = ts[feats]
print(X.shape, X_test.shape)

# %%
models = {
    'rf': RandomForestClassifier(n_estimators=300, min_samples_leaf=2, class_weight='balanced',
                                 n_jobs=2, random_state=0),
    'lgb': lgb.LGBMClassifier(n_estimators=400, learning_rate=0.03, num_leaves=31,
                              class_weight='balanced', colsample_bytree=0.7,
                              random_state=0, verbose=-1),
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
res = {}
for name, model in models.items():
    oof = np.zeros(len(X), dtype=int)
    for k, (a, b) in enumerate(skf.split(X, y)):
        model.fit(X.iloc[a], y.iloc[a])
        oof[b] = model.predict(X.iloc[b])
    res[name] = f1_score(y, oof, average='macro')
    print(f'{name}  macro F1 = {res[name]:.4f}')
    print(classification_report(y, oof, target_names=classes))

# %%
best = max(res, key=res.get)
print('best ->', best)
model = models[best]
model.fit(X, y)
pred = pd.Series(model.predict(X_test)).map(id2cls)
print(pred.value_counts())

# %%
sub = pd.DataFrame({'id': ts['id'].astype(int), 'class': pred})
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
