#!/usr/bin/env python
# coding: utf-8

# # hpc jobs: RF baseline -> lgb.train

# In[1]:


import numpy as np
import pandas as pd
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import lightgbm as lgb
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder
from sklearn.metrics import f1_score


# In[2]:


df = pd.read_csv('./input/train.csv')
tst = pd.read_csv('./input/test.csv')
df.head()


# In[3]:


print(df.shape)
print(df.dtypes)
print(df.describe(include='all').T)


# In[4]:


print(df.isna().sum())
print(tst.isna().sum())


# In[5]:


print(df['class'].value_counts())
print(df['iterations'].value_counts())
print(df['protocol'].value_counts())


# In[6]:


# protocol K only has a handful of rows in train and none in test
print(set(df.protocol) - set(tst.protocol), set(tst.protocol) - set(df.protocol))


# In[7]:


order = ['VF', 'F', 'M', 'L']
med = df.pivot_table(index='protocol', columns='class', values='compounds', aggfunc='median')[order]
print(med)

ax = df.boxplot(column='num_pending', by='class', figsize=(6, 4))
ax.set_yscale('symlog')
plt.savefig('pending_by_class.png')
plt.close()

df.groupby(['day', 'class']).size().unstack().plot.bar(stacked=True)
plt.savefig('day_class.png')
plt.close()


# ## features

# In[8]:


def feats(d):
    d = d.copy()
    d['lc'] = np.log10(d['compounds'])
    d['lf'] = np.log10(d['input_fields'])
    d['lp'] = np.log10(d['num_pending'] + 1)
    d['size'] = d['lc'] + d['lf']
    d['night'] = ((d['hour'] < 7) | (d['hour'] > 20)).astype(int)
    d['weekend'] = d['day'].isin(['Sat', 'Sun']).astype(int)
    d['is_default_iter'] = (d['iterations'] == 20).astype(int)
    return d

df = feats(df)
tst = feats(tst)

both = pd.concat([df, tst], keys=['tr', 'te'])
proto_stats = both.groupby('protocol').agg(proto_lc=('lc', 'mean'), proto_lf=('lf', 'mean'),
                                           proto_n=('id', 'size')).reset_index()
proto_stats


# In[9]:


df = df.merge(proto_stats, on='protocol', how='left')
tst = tst.merge(proto_stats, on='protocol', how='left')
df['lc_dev'] = df['lc'] - df['proto_lc']
tst['lc_dev'] = tst['lc'] - tst['proto_lc']
df['lf_dev'] = df['lf'] - df['proto_lf']
tst['lf_dev'] = tst['lf'] - tst['proto_lf']

for c in ['protocol', 'day']:
    le = LabelEncoder().fit(pd.concat([df[c], tst[c]]))
    df[c] = le.transform(df[c])
    tst[c] = le.transform(tst[c])

le_y = LabelEncoder()
y = le_y.fit_transform(df['class'])
print(le_y.classes_)
features = [c for c in df.columns if c not in ('id', 'class')]
print(features)


# In[10]:


X_tr, X_va, y_tr, y_va = train_test_split(df[features], y, test_size=0.2, stratify=y, random_state=21)


# ## baseline

# In[11]:


rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=2, class_weight='balanced_subsample',
                            n_jobs=2, random_state=21)
rf.fit(X_tr, y_tr)
print('RF macro F1', round(f1_score(y_va, rf.predict(X_va), average='macro'), 4))
pd.Series(rf.feature_importances_, index=features).sort_values().plot.barh(figsize=(5, 6))
plt.tight_layout()
plt.savefig('rf_importance.png')
plt.close()


# ## lightgbm

# In[12]:


params = {
    'objective': 'multiclass',
    'metric': 'multi_logloss',
    'learning_rate': 0.05,
    'num_leaves': 24,
    'min_data_in_leaf': 8,
    'feature_fraction': 0.8,
    'bagging_fraction': 0.85,
    'bagging_freq': 1,
    'lambda_l2': 1.0,
    'num_threads': 2,
    'verbosity': -1,
    'seed': 21,
}

# upweight the rare classes a bit
w = pd.Series(y_tr).map(pd.Series(y_tr).value_counts(normalize=True) ** -0.5).values

dtrain = lgb.Dataset(X_tr, y_tr, weight=w, categorical_feature=['protocol'])
dvalid = lgb.Dataset(X_va, y_va, reference=dtrain)
bst = lgb.train(params, dtrain, num_boost_round=2000, valid_sets=[dtrain, dvalid],
                valid_names=['train', 'valid'],
                callbacks=[lgb.early_stopping(80), lgb.log_evaluation(100)])


# In[13]:


p_va = bst.predict(X_va, num_iteration=bst.best_iteration)
print('LGB macro F1:', round(f1_score(y_va, p_va.argmax(1), average='macro'), 4))
p_va_rf = rf.predict_proba(X_va)
p_blend = 0.7 * p_va + 0.3 * p_va_rf
print('Validation macro F1 (blend):', round(f1_score(y_va, p_blend.argmax(1), average='macro'), 4))


# In[14]:


best_it = bst.best_iteration
w_all = pd.Series(y).map(pd.Series(y).value_counts(normalize=True) ** -0.5).values
bst_full = lgb.train(params, lgb.Dataset(df[features], y, weight=w_all, categorical_feature=['protocol']),
                     num_boost_round=int(best_it * 1.1))
rf.fit(df[features], y)
p_test = 0.7 * bst_full.predict(tst[features]) + 0.3 * rf.predict_proba(tst[features])

sub = pd.DataFrame({'id': tst['id'], 'class': le_y.inverse_transform(p_test.argmax(1))})
sub.to_csv('./submission/submission.csv', index=False)
print(sub['class'].value_counts())
