import os
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier, early_stopping, log_evaluation
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
T = 'churn'
print(tr.shape, te.shape, tr[T].mean().round(4))

d = pd.concat([tr, te], ignore_index=True)
n = len(tr)
svc = ['online_security', 'online_backup', 'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies']
cats = ['multiple_lines', 'internet_service', 'contract', 'payment_method'] + svc

d['total_charges'] = d['total_charges'].fillna(d['monthly_charges'] * d['tenure'])
d['n_svc'] = d[svc].apply(lambda r: (r == 'Yes').sum(), axis=1)
d['no_net'] = np.where(d['internet_service'] == 'No', 1, 0)
d['avg_chg'] = np.where(d['tenure'] > 0, d['total_charges'] / d['tenure'].clip(lower=1), d['monthly_charges'])
d['chg_diff'] = d['monthly_charges'] - d['avg_chg']
d['chg_per_svc'] = d['monthly_charges'] / (d['n_svc'] + d['phone_service'] + 1)
d['ten_bin'] = np.select([d['tenure'] <= 6, d['tenure'] <= 24, d['tenure'] <= 48], [0, 1, 2], 3)
d['auto_pay'] = d['payment_method'].str.contains('automatic').astype(int)
d['m2m_echeck'] = ((d['contract'] == 'Month-to-month') & (d['payment_method'] == 'Electronic check')).astype(int)
d['fiber_nosec'] = ((d['internet_service'] == 'Fiber optic') & (d['online_security'] == 'No')).astype(int)
d['mc_rel_ct'] = d['monthly_charges'] / d.groupby(['contract', 'internet_service'])['monthly_charges'].transform('mean')
d['ten_rel_ct'] = d['tenure'] - d.groupby('contract')['tenure'].transform('mean')
d['key'] = d['contract'] + '|' + d['internet_service'] + '|' + d['payment_method']
d['key_fq'] = d['key'].map(d['key'].value_counts()) / len(d)
for c in cats:
    d[c + '_fq'] = d[c].map(d[c].value_counts())
print('after fe', d.shape)

g = d.copy()
for c in cats + ['key']:
    g[c] = g[c].astype('category')
feats_g = [c for c in g.columns if c not in ['id', T]]

oh = pd.get_dummies(d[cats], dtype=float)
num = [c for c in d.columns if c not in cats + ['id', T, 'key']]
l = pd.concat([d[num], oh], axis=1)
l['log_tc'] = np.log1p(l['total_charges'])
l['log_ten'] = np.log1p(l['tenure'])
print('lin mat', l.shape)

y = tr[T].values
Xg, Xgt = g.iloc[:n][feats_g], g.iloc[n:][feats_g]
Xl, Xlt = l.iloc[:n].values, l.iloc[n:].values

skf = StratifiedKFold(5, shuffle=True, random_state=0)
oa, ob = np.zeros(n), np.zeros(n)
ta, tb = np.zeros(len(te)), np.zeros(len(te))
for f, (a, b) in enumerate(skf.split(Xg, y)):
    m = LGBMClassifier(n_estimators=1500, learning_rate=0.02, num_leaves=8, min_child_samples=40,
                       colsample_bytree=0.6, subsample=0.8, subsample_freq=1, reg_lambda=5,
                       cat_smooth=20, verbose=-1, n_jobs=2, random_state=f)
    m.fit(Xg.iloc[a], y[a], eval_set=[(Xg.iloc[b], y[b])], eval_metric='auc',
          callbacks=[early_stopping(100, verbose=False), log_evaluation(0)])
    oa[b] = m.predict_proba(Xg.iloc[b])[:, 1]
    ta += m.predict_proba(Xgt)[:, 1] / 5

    sc = StandardScaler().fit(Xl[a])
    lr = LogisticRegression(C=0.1, max_iter=3000).fit(sc.transform(Xl[a]), y[a])
    ob[b] = lr.predict_proba(sc.transform(Xl[b]))[:, 1]
    tb += lr.predict_proba(sc.transform(Xlt))[:, 1] / 5
    print(f'fold {f}: lgb {roc_auc_score(y[b], oa[b]):.4f} ({m.best_iteration_}) lr {roc_auc_score(y[b], ob[b]):.4f}')

ra = pd.Series(oa).rank(pct=True).values
rb = pd.Series(ob).rank(pct=True).values
res = {w: roc_auc_score(y, w * ra + (1 - w) * rb) for w in np.arange(0, 1.01, 0.1)}
w = max(res, key=res.get)
print('lgb', round(roc_auc_score(y, oa), 4), 'lr', round(roc_auc_score(y, ob), 4))
print(f'Validation AUC: {res[w]:.4f} (w_lgb={w:.1f})')

p = w * pd.Series(ta).rank(pct=True).values + (1 - w) * pd.Series(tb).rank(pct=True).values
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': te['id'], T: p}).to_csv('./submission/submission.csv', index=False)
print('done', len(p))
