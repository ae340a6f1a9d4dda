import pandas as pd, numpy as np, lightgbm as lgb, os
from sklearn.model_selection import KFold

tr, te = pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')
od = {'cut': ['Fair', 'Good', 'Very Good', 'Premium', 'Ideal'], 'color': list('JIHGFED'), 'clarity': ['I1', 'SI2', 'SI1', 'VS2', 'VS1', 'VVS2', 'VVS1', 'IF']}
fe = lambda d: (d.assign(**{k: d[k].map({v: i for i, v in enumerate(l)}) for k, l in od.items()})
                 .eval('vol = x * y * z\nxy = x / (y + 0.01)\nlc = log(carat)\ndz = z / (carat ** 0.3333)')
                 .assign(vol=lambda x: x.vol.where(x.vol.between(10, 800)), y=lambda x: x.y.where(x.y < 15)))
X, Xt, y = tr.pipe(fe).drop(columns=['id', 'price']), te.pipe(fe).drop(columns='id'), np.log1p(tr.price.values)
print(X.shape, X.isna().sum().sum(), X.head(2).round(2).to_dict('records'))

p = dict(objective='regression', learning_rate=0.04, num_leaves=31, min_data_in_leaf=20, feature_fraction=0.85,
         bagging_fraction=0.85, bagging_freq=1, lambda_l2=1, verbose=-1, num_threads=2)
oof, pt = np.zeros(len(X)), np.zeros(len(Xt))
for a, b in KFold(5, shuffle=True, random_state=5).split(X):
    m = lgb.train(p, lgb.Dataset(X.iloc[a], y[a]), 3000, valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                  callbacks=[lgb.early_stopping(150, verbose=False), lgb.log_evaluation(0)])
    oof[b] = m.predict(X.iloc[b], num_iteration=m.best_iteration); pt += m.predict(Xt, num_iteration=m.best_iteration) / 5
    print(m.best_iteration, round(np.sqrt(np.mean((oof[b] - y[b]) ** 2)), 4))
print(f'CV RMSLE: {np.sqrt(np.mean((oof - y) ** 2)):.4f}')
os.makedirs('submission', exist_ok=True)
pd.DataFrame({'id': te.id, 'price': np.expm1(pt)}).to_csv('submission/submission.csv', index=False)
