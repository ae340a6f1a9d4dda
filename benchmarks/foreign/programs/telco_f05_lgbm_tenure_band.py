import os
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
y = tr['churn'].values
print(tr.shape, te.shape)

cats = ['multiple_lines', 'internet_service', 'online_security', 'online_backup', 'device_protection',
        'tech_support', 'streaming_tv', 'streaming_movies', 'contract', 'payment_method']
yn = ['online_security', 'online_backup', 'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies']


def add_feats(df):
    df = df.copy()
    df['total_charges'] = df['total_charges'].fillna(0)
    df['n_yes'] = (df[yn] == 'Yes').sum(axis=1)
    df['protect'] = (df[['online_security', 'online_backup', 'device_protection', 'tech_support']] == 'Yes').sum(axis=1)
    df['stream'] = (df[['streaming_tv', 'streaming_movies']] == 'Yes').sum(axis=1)
    df['tenure_band'] = np.select([df['tenure'] < 6, df['tenure'] < 18, df['tenure'] < 48],
                                  ['new', 'early', 'mid'], 'loyal')
    df['exp_total'] = df['monthly_charges'] * df['tenure']
    df['tc_gap'] = df['total_charges'] - df['exp_total']
    df['mc_x_m2m'] = df['monthly_charges'] * (df['contract'] == 'Month-to-month')
    df['family'] = df['partner'] + df['dependents']
    df['lonely_senior'] = np.where((df['senior_citizen'] == 1) & (df['family'] == 0), 1, 0)
    df['mc_grp_mean'] = df.groupby(['internet_service', 'n_yes'])['monthly_charges'].transform('mean')
    df['mc_over'] = df['monthly_charges'] - df['mc_grp_mean']
    return df


al = add_feats(pd.concat([tr.drop(columns='churn'), te], ignore_index=True))
for c in cats:
    al[c + '_n'] = al[c].map(al[c].value_counts())
    al[c] = al[c].astype('category')

X = al.iloc[:len(tr)].reset_index(drop=True)
Xt = al.iloc[len(tr):].reset_index(drop=True)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=3)
pair = X['contract'].astype(str) + '_' + X['payment_method'].astype(str)
pair_t = Xt['contract'].astype(str) + '_' + Xt['payment_method'].astype(str)
X['cp_te'] = np.nan
for a, b in skf.split(X, y):
    mp = pd.Series(y[a]).groupby(pair.iloc[a].values).mean()
    X.loc[b, 'cp_te'] = pair.iloc[b].map(mp).values
Xt['cp_te'] = pair_t.map(pd.Series(y).groupby(pair.values).mean()).values
print(X.groupby('contract', observed=True)['cp_te'].mean())

feats = [c for c in X.columns if c != 'id']
print('X', X[feats].shape, 'Xt', Xt[feats].shape)

oof = np.zeros(len(X))
pred = np.zeros(len(Xt))
seeds = [0, 1, 2]
for s in seeds:
    for f, (a, b) in enumerate(skf.split(X, y)):
        clf = LGBMClassifier(n_estimators=350, learning_rate=0.02, num_leaves=10, min_child_samples=50,
                             colsample_bytree=0.5, subsample=0.7, subsample_freq=1, reg_alpha=1, reg_lambda=5,
                             random_state=s * 10 + f, verbose=-1, n_jobs=2)
        clf.fit(X.loc[a, feats], y[a])
        oof[b] += clf.predict_proba(X.loc[b, feats])[:, 1] / len(seeds)
        pred += clf.predict_proba(Xt[feats])[:, 1] / (5 * len(seeds))
    print('seed', s, 'running auc', round(roc_auc_score(y, oof), 4))

print(f'Validation AUC: {roc_auc_score(y, oof):.4f}')
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': te['id'], 'churn': pred}).to_csv('./submission/submission.csv', index=False)
