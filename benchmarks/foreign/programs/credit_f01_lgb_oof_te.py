import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

SEED = 42
tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
ss = pd.read_csv('./input/sample_submission.csv')
print(tr.shape, te.shape)

y = tr['Status'].values
df = pd.concat([tr.drop(columns='Status'), te], ignore_index=True)
ntr = len(tr)

cats = ['Home', 'Marital', 'Records', 'Job']
for c in cats:
    df[c] = df[c].fillna('unk')

df['inc_na'] = df['Income'].isna().astype(int)
df['amt_price'] = df['Amount'] / df['Price']
df['inst'] = df['Amount'] / df['Time']
df['inst_inc'] = df['inst'] / (df['Income'] - df['Expenses']).clip(lower=1)
df['net_worth'] = df['Assets'].fillna(0) - df['Debt'].fillna(0)
df['debt_assets'] = df['Debt'] / (df['Assets'] + 1)
df['exp_inc'] = df['Expenses'] / df['Income']
df['sen_age'] = df['Seniority'] / (df['Age'] - 17)
df['young_rent'] = np.where((df['Age'] < 30) & (df['Home'] == 'rent'), 1, 0)
df['risk_flag'] = np.select(
    [(df['Records'] == 'yes') & (df['Job'] == 'partime'), df['Records'] == 'yes', df['Job'] == 'partime'],
    [3, 2, 1], 0)
df['job_home'] = df['Job'] + '_' + df['Home']
df['amt_job_mean'] = df.groupby('Job')['Amount'].transform('mean')
df['amt_vs_job'] = df['Amount'] / df['amt_job_mean']
df['inc_home_med'] = df.groupby('Home')['Income'].transform('median')
df['inc_vs_home'] = df['Income'] / df['inc_home_med']

for c in cats + ['job_home']:
    df[c + '_fq'] = df[c].map(df[c].value_counts(normalize=True))

X = df.iloc[:ntr].reset_index(drop=True)
Xt = df.iloc[ntr:].reset_index(drop=True)

te_cols = ['job_home', 'Marital', 'Home']
skf = StratifiedKFold(5, shuffle=True, random_state=SEED)
prior = y.mean()


def oof_te(col, a=20):
    o = np.zeros(len(X))
    for i_tr, i_va in skf.split(X, y):
        g = pd.DataFrame({'k': X[col].values[i_tr], 'y': y[i_tr]}).groupby('k')['y'].agg(['sum', 'count'])
        m = (g['sum'] + a * prior) / (g['count'] + a)
        o[i_va] = X[col].iloc[i_va].map(m).fillna(prior).values
    g = pd.DataFrame({'k': X[col].values, 'y': y}).groupby('k')['y'].agg(['sum', 'count'])
    m = (g['sum'] + a * prior) / (g['count'] + a)
    return o, Xt[col].map(m).fillna(prior).values


for c in te_cols:
    X[c + '_te'], Xt[c + '_te'] = oof_te(c)

for c in cats + ['job_home']:
    X[c] = X[c].astype('category')
    Xt[c] = pd.Categorical(Xt[c], categories=X[c].cat.categories)

feats = [c for c in X.columns if c not in ['id', 'job_home']]
print('n feats', len(feats))

params = dict(objective='binary', metric='binary_logloss', learning_rate=0.03, num_leaves=15,
              min_data_in_leaf=30, feature_fraction=0.7, bagging_fraction=0.8, bagging_freq=1,
              lambda_l2=5.0, verbose=-1, seed=SEED, num_threads=2)

oof = np.zeros(len(X))
pt = np.zeros(len(Xt))
skf2 = StratifiedKFold(5, shuffle=True, random_state=7)
for f, (i_tr, i_va) in enumerate(skf2.split(X, y)):
    dtr = lgb.Dataset(X.loc[i_tr, feats], y[i_tr])
    dva = lgb.Dataset(X.loc[i_va, feats], y[i_va], reference=dtr)
    m = lgb.train(params, dtr, 2000, valid_sets=[dva],
                  callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof[i_va] = m.predict(X.loc[i_va, feats], num_iteration=m.best_iteration)
    pt += m.predict(Xt[feats], num_iteration=m.best_iteration) / 5
    print(f'fold {f} it {m.best_iteration} logloss {log_loss(y[i_va], oof[i_va]):.5f}')

print(f'OOF logloss: {log_loss(y, oof):.5f}')
os.makedirs('./submission', exist_ok=True)
sub = pd.DataFrame({'id': te['id'], 'Status': np.clip(pt, 1e-4, 1 - 1e-4)})
sub.to_csv('./submission/submission.csv', index=False)
print(sub.shape, sub['Status'].mean())
