#!/usr/bin/env python
# coding: utf-8

# %% [markdown]
# ## MEPS 1995 - health / limit / insurance (3 binary labels, mean AUC)

# %%
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.metrics import roc_auc_score
from sklearn.multioutput import MultiOutputClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression

# %%
train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(train.shape, test.shape)
print(train.head())

# %%
TARGETS = ['health', 'limit', 'insurance']
print(train[TARGETS].mean())
print(train[TARGETS].corr())
print(train.isnull().sum())

# %%
for c in ['gender', 'married', 'selfemp', 'region', 'ethnicity', 'education']:
    print(train.groupby(c)[TARGETS].mean().round(3))
    print()

# %%
df = pd.concat([train, test], ignore_index=True)
edu_map = {'none': 0, 'other': 1, 'highschool': 2, 'ged': 2, 'bachelor': 3, 'master': 4, 'phd': 5}
print(df['education'].value_counts())
df['edu_o'] = df['education'].map(edu_map).fillna(1)

for c in ['gender', 'married', 'selfemp']:
    df[c] = (df[c].isin(['male', 'yes'])).astype(int)

df['age_bin'] = pd.cut(df['age'], bins=[17, 25, 35, 45, 55, 65], labels=False)
df['big_family'] = (df['family'] >= 5).astype(int)
df['age_x_edu'] = df['age'] * df['edu_o']
for c in ['region', 'ethnicity', 'education']:
    df[c + '_freq'] = df[c].map(df[c].value_counts(normalize=True))
df = pd.get_dummies(df, columns=['region', 'ethnicity', 'education'], dtype=int)
print(df.shape)

# %%
feats = [c for c in df.columns if c not in TARGETS + ['id']]
tr = df[df['health'].notnull()].reset_index(drop=True)
te = df[df['health'].isnull()].reset_index(drop=True)
X = tr[feats]
Y = tr[TARGETS].astype(int)
X_test = te[feats]
print(X.shape, Y.shape, X_test.shape)

# %% [markdown]
# ### one lgbm per label

# %%
kf = KFold(n_splits=5, shuffle=True, random_state=11)
oof_lgb = np.zeros((len(X), 3))
for j, t in enumerate(TARGETS):
    for fold, (a, b) in enumerate(kf.split(X)):
        clf = lgb.LGBMClassifier(n_estimators=300, learning_rate=0.02, num_leaves=15, min_child_samples=50,
                                 subsample=0.8, subsample_freq=1, colsample_bytree=0.7,
                                 random_state=11, verbose=-1)
        clf.fit(X.iloc[a], Y[t].iloc[a])
        oof_lgb[b, j] = clf.predict_proba(X.iloc[b])[:, 1]
        print(t, 'fold', fold, round(roc_auc_score(Y[t].iloc[b], oof_lgb[b, j]), 4))
    print('==>', t, 'AUC', round(roc_auc_score(Y[t], oof_lgb[:, j]), 4))

lgb_auc = np.mean([roc_auc_score(Y[t], oof_lgb[:, j]) for j, t in enumerate(TARGETS)])
print('LGBM mean AUC:', round(lgb_auc, 5))

# %% [markdown]
# ### sklearn multi-output wrappers

# %%
models = {
    'rf': MultiOutputClassifier(RandomForestClassifier(n_estimators=200, min_samples_leaf=10,
                                                       n_jobs=2, random_state=11)),
    'lr': MultiOutputClassifier(LogisticRegression(C=0.5, max_iter=2000)),
}
scores = {'lgbm': lgb_auc}
oofs = {'lgbm': oof_lgb}
for name, mo in models.items():
    oof = np.zeros((len(X), 3))
    for a, b in kf.split(X):
        mo.fit(X.iloc[a], Y.iloc[a])
        oof[b] = mo.predict_proba(X.iloc[b])
    oofs[name] = oof
    scores[name] = np.mean([roc_auc_score(Y[t], oof[:, j]) for j, t in enumerate(TARGETS)])
    print(name, 'mean AUC:', round(scores[name], 5))

# %%
print(scores)
best = max(scores, key=scores.get)
print('best:', best)

# %%
sub = pd.DataFrame({'id': te['id'].astype(int)})
if best == 'lgbm':
    for t in TARGETS:
        clf = lgb.LGBMClassifier(n_estimators=300, learning_rate=0.02, num_leaves=15, min_child_samples=50,
                                 subsample=0.8, subsample_freq=1, colsample_bytree=0.7,
                                 random_state=11, verbose=-1)
        clf.fit(X, Y[t])
        sub[t] = clf.predict_proba(X_test)[:, 1]
else:
    mo = models[best].fit(X, Y)
    for j, p in enumerate(mo.predict_proba(X_test)):
        sub[TARGETS[j]] = p[:, 1]

sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
print(sub[TARGETS].mean())
