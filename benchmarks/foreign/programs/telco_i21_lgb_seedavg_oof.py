import numpy as np, pandas as pd, lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
ss = pd.read_csv('./input/sample_submission.csv')
T = 'churn'

df = pd.concat([tr, te], ignore_index=True)
svc = ['online_security', 'online_backup', 'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies']
cats = df.columns[df.dtypes.map(lambda d: not pd.api.types.is_numeric_dtype(d))].tolist()

df = (df
      .assign(total_charges=lambda d: d.total_charges.fillna(d.monthly_charges * d.tenure),
              n_svc=lambda d: d[svc].eq('Yes').sum(axis=1),
              avg_chg=lambda d: d.total_charges / d.tenure.clip(lower=1),
              chg_diff=lambda d: d.monthly_charges - d.total_charges / d.tenure.clip(lower=1),
              ten_bin=lambda d: pd.cut(d.tenure, [-1, 6, 12, 24, 48, 100], labels=False),
              mc_rel=lambda d: d.monthly_charges / d.groupby('internet_service').monthly_charges.transform('mean'))
      .pipe(lambda d: d.astype({c: 'category' for c in cats})))

feats = [c for c in df.columns if c not in ('id', T)]
tr, te = df[df[T].notna()].reset_index(drop=True), df[df[T].isna()].reset_index(drop=True)
X, y, Xt = tr[feats], tr[T].astype(int), te[feats]

p = dict(objective='binary', learning_rate=0.03, num_leaves=15, min_child_samples=40,
         feature_fraction=0.7, bagging_fraction=0.8, bagging_freq=1, lambda_l2=2.0, verbose=-1)

oof, preds = np.zeros(len(tr)), np.zeros(len(te))
SEEDS = [0, 1, 2]
for s in SEEDS:
    skf = StratifiedKFold(5, shuffle=True, random_state=s)
    for f, (a, b) in enumerate(skf.split(X, y)):
        m = lgb.train({**p, 'seed': s}, lgb.Dataset(X.iloc[a], y.iloc[a]), 2000,
                      valid_sets=[lgb.Dataset(X.iloc[b], y.iloc[b])],
                      callbacks=[lgb.early_stopping(100, verbose=False)])
        oof[b] += m.predict(X.iloc[b], num_iteration=m.best_iteration) / len(SEEDS)
        preds += m.predict(Xt, num_iteration=m.best_iteration) / (5 * len(SEEDS))
    print(f'seed {s} done')

print(f'CV AUC: {roc_auc_score(y, oof):.4f}')
import os
os.makedirs('./submission', exist_ok=True)
ss[T] = ss[['id']].merge(te[['id']].assign(p=preds), on='id', how='left')['p'].values
ss.to_csv('./submission/submission.csv', index=False)
