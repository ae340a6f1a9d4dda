import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
TG = ['health', 'limit', 'insurance']
print(tr.shape, te.shape, tr[TG].mean().round(3).to_dict())

d = pd.concat([tr.drop(columns=TG), te], ignore_index=True)
n = len(tr)
cats = ['gender', 'married', 'selfemp', 'region', 'ethnicity', 'education']
edu_o = {'none': 0, 'ged': 1, 'highschool': 2, 'other': 2, 'bachelor': 3, 'master': 4, 'phd': 5}
d['edu_o'] = d['education'].map(edu_o).fillna(2)
d['age2'] = d['age'] ** 2
d['age_bin'] = pd.cut(d['age'], [0, 25, 35, 45, 55, 100], labels=False)
d['kids'] = (d['family'] - np.where(d['married'] == 'yes', 2, 1)).clip(lower=0)
d['big_fam'] = np.where(d['family'] >= 5, 1, 0)
d['self_nodeg'] = ((d['selfemp'] == 'yes') & (d['edu_o'] <= 1)).astype(int)
d['eth_edu'] = d['ethnicity'] + '_' + d['education']
d['reg_eth'] = d['region'] + '_' + d['ethnicity']
d['age_rel_edu'] = d['age'] - d.groupby('education')['age'].transform('mean')
d['fam_rel_reg'] = d['family'] / d.groupby('region')['family'].transform('mean')
for c in ['eth_edu', 'reg_eth', 'education']:
    d[c + '_fq'] = d[c].map(d[c].value_counts())
for c in cats + ['eth_edu', 'reg_eth']:
    d[c] = d[c].astype('category')
print('d', d.shape)

feats = [c for c in d.columns if c != 'id']
X = d.iloc[:n][feats].reset_index(drop=True)
Xt = d.iloc[n:][feats].reset_index(drop=True)

prm = dict(objective='binary', metric='auc', learning_rate=0.02, num_leaves=7, max_depth=4,
           min_data_in_leaf=60, feature_fraction=0.6, bagging_fraction=0.8, bagging_freq=1,
           lambda_l2=10, cat_smooth=30, min_data_per_group=50, verbose=-1, num_threads=2)

sub = pd.DataFrame({'id': te['id'].values})
aucs = {}
for t in TG:
    y = tr[t].values
    oof, pt = np.zeros(n), np.zeros(len(Xt))
    skf = StratifiedKFold(5, shuffle=True, random_state=21)
    for f, (a, b) in enumerate(skf.split(X, y)):
        dtr = lgb.Dataset(X.iloc[a], y[a])
        dva = lgb.Dataset(X.iloc[b], y[b], reference=dtr)
        m = lgb.train(prm, dtr, 1500, valid_sets=[dva],
                      callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
        oof[b] = m.predict(X.iloc[b], num_iteration=m.best_iteration)
        pt += m.predict(Xt, num_iteration=m.best_iteration) / 5
    aucs[t] = roc_auc_score(y, oof)
    sub[t] = pt
    print(f'{t}: oof auc {aucs[t]:.4f}')

print(f'Validation mean AUC: {np.mean(list(aucs.values())):.4f}')
os.makedirs('./submission', exist_ok=True)
sub.to_csv('./submission/submission.csv', index=False)
print(sub.shape)
