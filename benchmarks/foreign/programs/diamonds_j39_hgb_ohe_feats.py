import pandas as pd, numpy as np, os
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.model_selection import cross_val_predict, KFold

tr, te = pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')
tr = tr.query('x > 0 and y > 0 and z > 0 and y < 20').assign(lp=lambda d: np.log1p(d.price))
print(len(tr), tr.groupby('cut').price.median().sort_values().to_dict())

dum = lambda d: pd.get_dummies(d.assign(vol=d.x * d.y * d.z, lc=np.log(d.carat), r=d.depth / d.table), columns=['cut', 'color', 'clarity'], dtype=int)
Tr, Te = dum(tr), dum(te)
feats = [c for c in Tr.columns if c not in ('id', 'price')]
print(len(feats), 'feats')

m = HistGradientBoostingRegressor(learning_rate=0.06, max_iter=500, max_leaf_nodes=31, min_samples_leaf=15, l2_regularization=0.5, random_state=0)
oof = cross_val_predict(m, Tr[feats], Tr.lp, cv=KFold(4, shuffle=True, random_state=0))
print(f'CV RMSLE: {np.sqrt(np.mean((oof - Tr.lp) ** 2)):.4f}')
m.fit(Tr[feats], Tr.lp)
pr = np.expm1(m.predict(Te[feats]))
os.makedirs('submission', exist_ok=True)
pd.DataFrame({'id': te.id, 'price': pr}).to_csv('submission/submission.csv', index=False)
print(pr[:5].round(0))
