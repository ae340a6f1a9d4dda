import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
print(tr.shape, te.shape)

y = tr['churn'].values
df = pd.concat([tr.drop(columns=['churn']), te]).reset_index(drop=True)
obj = [c for c in df.columns if df[c].dtype == 'str' or df[c].dtype == object]
print('cat cols', len(obj))

rep = {'No': 0, 'Yes': 1, 'No internet service': -1, 'No phone service': -1}
for c in obj:
    if set(df[c].unique()) <= set(rep):
        df[c + '_b'] = df[c].map(rep)
df['svc_cnt'] = df[[c for c in df.columns if c.endswith('_b')]].clip(lower=0).sum(axis=1)
df['total_charges'] = df['total_charges'].fillna(df['monthly_charges'])
df['tc_per_m'] = df['total_charges'] / (df['tenure'] + 1)
df['mc_minus'] = df['monthly_charges'] - df['tc_per_m']
df['long'] = (df['tenure'] >= 24).astype(int)
df['c_int'] = df['contract'] + '_' + df['internet_service']
df['cint_mc'] = df.groupby('c_int')['monthly_charges'].transform('median')
df['cint_ten'] = df.groupby('c_int')['tenure'].transform('mean')
df['mc_ratio'] = df['monthly_charges'] / df['cint_mc']
df['ten_ratio'] = df['tenure'] / df['cint_ten']
df['pay_cnt'] = df.groupby('payment_method')['id'].transform('count')
for c in obj + ['c_int']:
    df[c] = df[c].astype('category')
print(df.shape)

X = df.iloc[:len(tr)]
Xt = df.iloc[len(tr):]
feats = [c for c in df.columns if c != 'id']

spw = (y == 0).sum() / (y == 1).sum()
base = {'objective': 'binary', 'metric': 'auc', 'learning_rate': 0.03, 'num_leaves': 15,
        'min_data_in_leaf': 40, 'feature_fraction': 0.6, 'bagging_fraction': 0.8, 'bagging_freq': 1,
        'lambda_l2': 3.0, 'scale_pos_weight': spw, 'verbose': -1, 'num_threads': 2}
cfgs = {
    'spw': base,
    'bal_deep': {**base, 'num_leaves': 31, 'max_depth': 6, 'is_unbalance': True, 'learning_rate': 0.02},
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=99)
oofs, tests = {}, {}
for name, prm in cfgs.items():
    o, t = np.zeros(len(X)), np.zeros(len(Xt))
    for f, (a, b) in enumerate(skf.split(X, y)):
        dtr = lgb.Dataset(X.iloc[a][feats], y[a])
        dva = lgb.Dataset(X.iloc[b][feats], y[b], reference=dtr)
        bst = lgb.train(prm, dtr, num_boost_round=3000, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(150, verbose=False)])
        o[b] = bst.predict(X.iloc[b][feats], num_iteration=bst.best_iteration)
        t += bst.predict(Xt[feats], num_iteration=bst.best_iteration) / 5
        print(name, f, bst.best_iteration, round(bst.best_score['valid_0']['auc'], 4))
    oofs[name], tests[name] = o, t
    print(name, 'oof auc', round(roc_auc_score(y, o), 5))

O = pd.DataFrame(oofs).rank(pct=True)
Tt = pd.DataFrame(tests).rank(pct=True)
print(O.corr())
print(f'Validation AUC: {roc_auc_score(y, O.mean(axis=1)):.5f}')
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': te['id'].values, 'churn': Tt.mean(axis=1).values}).to_csv('./submission/submission.csv', index=False)
