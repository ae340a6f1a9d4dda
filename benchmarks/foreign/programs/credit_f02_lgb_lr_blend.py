import os
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
print('train', tr.shape, 'test', te.shape)

TGT = 'Status'
y = tr[TGT].values
full = pd.concat([tr, te], axis=0, ignore_index=True)
n = len(tr)

num = ['Seniority', 'Time', 'Age', 'Expenses', 'Income', 'Assets', 'Debt', 'Amount', 'Price']
cat = ['Home', 'Marital', 'Records', 'Job']


def fe(d):
    d = d.copy()
    d['ltv'] = d['Amount'] / d['Price']
    d['pay'] = d['Amount'] / d['Time']
    d['free_inc'] = d['Income'] - d['Expenses']
    d['pay_free'] = d['pay'] / d['free_inc'].where(d['free_inc'] > 0, 1)
    d['inc_age'] = d['Income'] / d['Age']
    d['asset_amt'] = d['Assets'] / d['Amount']
    d['log_assets'] = np.log1p(d['Assets'])
    d['job_stable'] = np.where(d['Job'] == 'fixed', 1, 0)
    d['sen_grp'] = pd.cut(d['Seniority'], [-1, 1, 3, 8, 15, 100], labels=False)
    d['amt_rel'] = d['Amount'] / d.groupby('sen_grp')['Amount'].transform('mean')
    d['inc_rel'] = d['Income'] / d.groupby(['Home', 'Marital'])['Income'].transform('median')
    return d


full = fe(full)
for c in num:
    full[c] = full[c].fillna(full[c].median())

for c in cat:
    full[c] = full[c].fillna('missing')
    full[c + '_cnt'] = full[c].map(full[c].value_counts())
dm = pd.get_dummies(full[cat], prefix=cat, dtype=float)
full = pd.concat([full.drop(columns=cat), dm], axis=1)
print('full after fe', full.shape)

feats = [c for c in full.columns if c not in ['id', TGT]]
X = full.iloc[:n][feats].reset_index(drop=True)
Xt = full.iloc[n:][feats].reset_index(drop=True)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=2024)
oof_g, oof_l = np.zeros(n), np.zeros(n)
pt_g, pt_l = np.zeros(len(Xt)), np.zeros(len(Xt))
for k, (a, b) in enumerate(skf.split(X, y)):
    gb = LGBMClassifier(n_estimators=400, learning_rate=0.03, num_leaves=12, min_child_samples=30,
                        subsample=0.8, subsample_freq=1, colsample_bytree=0.7, reg_lambda=3,
                        random_state=k, verbose=-1, n_jobs=2)
    gb.fit(X.iloc[a], y[a])
    oof_g[b] = gb.predict_proba(X.iloc[b])[:, 1]
    pt_g += gb.predict_proba(Xt)[:, 1] / 5
    print(f'[{k}] lgb {log_loss(y[b], oof_g[b]):.5f}')

    lr = make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=2000))
    lr.fit(X.iloc[a], y[a])
    oof_l[b] = lr.predict_proba(X.iloc[b])[:, 1]
    pt_l += lr.predict_proba(Xt)[:, 1] / 5
    print(f'[{k}] lr  {log_loss(y[b], oof_l[b]):.5f}')

best_w, best_s = 0, 9
for w in np.linspace(0, 1, 21):
    s = log_loss(y, w * oof_g + (1 - w) * oof_l)
    if s < best_s:
        best_w, best_s = w, s
print('lgb', round(log_loss(y, oof_g), 5), 'lr', round(log_loss(y, oof_l), 5))
print(f'blend w={best_w:.2f} Validation logloss: {best_s:.5f}')

os.makedirs('./submission', exist_ok=True)
p = best_w * pt_g + (1 - best_w) * pt_l
pd.DataFrame({'id': te['id'].values, TGT: p}).to_csv('./submission/submission.csv', index=False)
