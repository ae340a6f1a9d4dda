import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import GroupKFold

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
print(tr.shape, te.shape)

full = pd.concat([tr, te], ignore_index=True)
n = len(tr)
for c in ['School', 'Minority', 'Sex']:
    full[c] = full[c].astype(str)
full['is_min'] = np.where(full['Minority'] == 'Yes', 1, 0)
full['is_m'] = np.where(full['Sex'] == 'Male', 1, 0)
full['ses_dev'] = full['SES'] - full['MEANSES']
full['ses_bin'] = pd.qcut(full['SES'], 10, labels=False)
full['min_sex'] = full['Minority'] + '_' + full['Sex']
full['min_sex_f'] = full['min_sex'].map(full['min_sex'].value_counts(normalize=True))
full['ses_bin_dev'] = full['SES'] - full.groupby('ses_bin')['SES'].transform('mean')
print(full[['is_min', 'is_m', 'ses_dev']].describe().T)


def school_table(df):
    t = df.groupby('School').agg(
        s_n=('id', 'size'),
        s_ses_mean=('SES', 'mean'),
        s_ses_std=('SES', 'std'),
        s_ses_min=('SES', 'min'),
        s_ses_max=('SES', 'max'),
        s_min_share=('Minority', lambda v: (v == 'Yes').mean()),
        s_male_share=('Sex', lambda v: (v == 'Male').mean()),
    ).reset_index()
    t['s_ses_rng'] = t['s_ses_max'] - t['s_ses_min']
    t['s_mixed'] = t['s_min_share'].apply(lambda v: int(0.2 < v < 0.8))
    return t


sch = school_table(pd.concat([tr, te]))
print('school table', sch.shape)
full = full.merge(sch, on='School', how='left')
full['ses_z'] = full['ses_dev'] / full['s_ses_std'].replace(0, np.nan)
full['min_x_share'] = full['is_min'] * full['s_min_share']
print('full', full.shape)

feats = [c for c in full.columns if c not in ['id', 'School', 'Minority', 'Sex', 'min_sex', 'MathAch']]
X, Xt = full.iloc[:n][feats], full.iloc[n:][feats]
y = tr['MathAch'].values

prm = {'objective': 'regression', 'metric': 'rmse', 'learning_rate': 0.02, 'num_leaves': 8,
       'min_data_in_leaf': 60, 'feature_fraction': 0.7, 'bagging_fraction': 0.8, 'bagging_freq': 1,
       'lambda_l2': 10, 'verbose': -1, 'num_threads': 2}
oof, pt = np.zeros(n), np.zeros(len(Xt))
for f, (a, b) in enumerate(GroupKFold(5).split(X, y, tr['School'])):
    m = lgb.train(prm, lgb.Dataset(X.iloc[a], y[a]), 2000,
                  valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                  callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof[b] = m.predict(X.iloc[b], num_iteration=m.best_iteration)
    pt += m.predict(Xt, num_iteration=m.best_iteration) / 5
    print(f, m.best_iteration, round(m.best_score['valid_0']['rmse'], 4))

print(f'CV RMSE: {np.sqrt(np.mean((oof - y) ** 2)):.4f}')
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': te['id'].values, 'MathAch': pt}).to_csv('./submission/submission.csv', index=False)
