import numpy as np, pandas as pd, lightgbm as lgb
from sklearn.model_selection import KFold

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
ss = pd.read_csv('./input/sample_submission.csv')
TS = ['visits', 'ovisits', 'emergency', 'hospital']

yn = ['adl', 'afam', 'married', 'employed', 'insurance', 'medicaid']
df = (pd.concat([tr, te], ignore_index=True)
      .assign(**{c: lambda d, c=c: d[c].isin(['yes', 'limited']).astype(int) for c in yn})
      .assign(male=lambda d: d.gender.eq('male').astype(int),
              health=lambda d: d.health.map({'excellent': 0, 'average': 1, 'poor': 2}),
              region=lambda d: d.region.astype('category'),
              inc_clip=lambda d: d.income.clip(0, 20),
              inc_q=lambda d: pd.qcut(d.income.rank(method='first'), 10, labels=False),
              chr_h=lambda d: d.chronic * (d.health + 1),
              chr_reg=lambda d: d.chronic - d.groupby('region', observed=True).chronic.transform('mean'))
      .drop(columns='gender'))

feats = [c for c in df.columns if c not in ['id'] + TS]
X, Xt = df.iloc[:len(tr)][feats], df.iloc[len(tr):][feats]
print(len(feats), 'features')

p = dict(objective='regression', learning_rate=0.03, num_leaves=8, min_data_in_leaf=40,
         feature_fraction=0.8, bagging_fraction=0.8, bagging_freq=1, lambda_l2=5, verbose=-1)
SEEDS, K = [0, 1], 5
scores = {}
for t in TS:
    y = np.log1p(tr[t].values)
    oof, pr = np.zeros(len(X)), np.zeros(len(Xt))
    for s in SEEDS:
        for a, b in KFold(K, shuffle=True, random_state=s).split(X):
            m = lgb.train({**p, 'seed': s}, lgb.Dataset(X.iloc[a], y[a]), 1000,
                          valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                          callbacks=[lgb.early_stopping(50, verbose=False)])
            oof[b] += m.predict(X.iloc[b], num_iteration=m.best_iteration) / len(SEEDS)
            pr += m.predict(Xt, num_iteration=m.best_iteration) / (K * len(SEEDS))
    scores[t] = np.sqrt(np.mean((np.clip(oof, 0, None) - y) ** 2))
    ss[t] = np.expm1(np.clip(pr, 0, None))
    print(f'{t:9s} rmsle {scores[t]:.4f}')

print(f'CV RMSLE: {np.mean(list(scores.values())):.4f}')
ss.to_csv('./submission/submission.csv', index=False)
