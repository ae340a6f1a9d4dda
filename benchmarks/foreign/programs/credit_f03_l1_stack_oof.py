import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
y = tr.pop('Status').values
print(tr.shape, te.shape, y.mean())

al = pd.concat([tr, te], ignore_index=True)
for c in ['Home', 'Marital', 'Job']:
    al[c] = al[c].fillna(al[c].mode()[0])
al['Records'] = (al['Records'] == 'yes').astype(int)
al['Income'] = al['Income'].fillna(al.groupby('Job')['Income'].transform('median'))
al['Assets'] = al['Assets'].fillna(0)
al['Debt'] = al['Debt'].fillna(0)

al['ratio_ap'] = al['Amount'] / al['Price']
al['monthly'] = al['Amount'] / al['Time']
al['burden'] = al['monthly'] / al['Income'].clip(lower=1)
al['margin'] = al['Income'] - al['Expenses'] - al['monthly']
al['age_start'] = al['Age'] - al['Seniority']
al['no_assets'] = (al['Assets'] == 0).astype(int)
al['age_bin'] = al['Age'].apply(lambda a: 0 if a < 25 else (1 if a < 35 else (2 if a < 50 else 3)))
g = al.groupby(['Job', 'age_bin']).agg(g_inc=('Income', 'mean'), g_amt=('Amount', 'median'), g_n=('id', 'size')).reset_index()
al = al.merge(g, on=['Job', 'age_bin'], how='left')
al['inc_dev'] = al['Income'] - al['g_inc']
al['amt_dev'] = al['Amount'] / al['g_amt']
for c in ['Home', 'Marital', 'Job']:
    al[c + '_f'] = al[c].map(al[c].value_counts())
    al[c] = al[c].astype('category').cat.codes
print('al', al.shape)

feats = [c for c in al.columns if c != 'id']
X = al.iloc[:len(tr)][feats].reset_index(drop=True)
Xt = al.iloc[len(tr):][feats].reset_index(drop=True)

skf = StratifiedKFold(5, shuffle=True, random_state=11)
folds = list(skf.split(X, y))

oof = pd.DataFrame(index=range(len(X)))
tst = pd.DataFrame(index=range(len(Xt)))

p = {'objective': 'binary', 'learning_rate': 0.04, 'num_leaves': 20, 'min_data_in_leaf': 25,
     'feature_fraction': 0.75, 'bagging_fraction': 0.85, 'bagging_freq': 1, 'lambda_l2': 2,
     'verbose': -1, 'num_threads': 2}
o, t = np.zeros(len(X)), np.zeros(len(Xt))
for i, (a, b) in enumerate(folds):
    ev = {}
    m = lgb.train(p, lgb.Dataset(X.iloc[a], y[a]), 1500,
                  valid_sets=[lgb.Dataset(X.iloc[b], y[b])], valid_names=['va'],
                  callbacks=[lgb.early_stopping(80, verbose=False), lgb.record_evaluation(ev)])
    o[b] = m.predict(X.iloc[b], num_iteration=m.best_iteration)
    t += m.predict(Xt, num_iteration=m.best_iteration) / len(folds)
    print(i, m.best_iteration, round(ev['va']['binary_logloss'][m.best_iteration - 1], 5))
oof['lgb'], tst['lgb'] = o, t
print('lgb oof', log_loss(y, o))

o, t = np.zeros(len(X)), np.zeros(len(Xt))
for i, (a, b) in enumerate(folds):
    et = ExtraTreesClassifier(n_estimators=300, min_samples_leaf=8, max_features=0.5, n_jobs=2, random_state=i)
    et.fit(X.iloc[a], y[a])
    o[b] = et.predict_proba(X.iloc[b])[:, 1]
    t += et.predict_proba(Xt)[:, 1] / len(folds)
oof['et'], tst['et'] = o, t
print('et oof', log_loss(y, o))

oof.to_csv('oof/credit_l1_oof.csv', index=False)
tst.to_csv('oof/credit_l1_test.csv', index=False)

Z = np.log(oof.clip(1e-4, 1 - 1e-4) / (1 - oof.clip(1e-4, 1 - 1e-4)))
Zt = np.log(tst.clip(1e-4, 1 - 1e-4) / (1 - tst.clip(1e-4, 1 - 1e-4)))
o2 = np.zeros(len(X))
for a, b in folds:
    l2 = LogisticRegression(C=1.0).fit(Z.iloc[a], y[a])
    o2[b] = l2.predict_proba(Z.iloc[b])[:, 1]
print(f'stack CV logloss: {log_loss(y, o2):.5f}')
l2 = LogisticRegression(C=1.0).fit(Z, y)
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': te['id'], 'Status': l2.predict_proba(Zt)[:, 1]}).to_csv('./submission/submission.csv', index=False)
