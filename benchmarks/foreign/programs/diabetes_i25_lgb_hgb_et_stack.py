import numpy as np, pandas as pd, lightgbm as lgb
from sklearn.ensemble import ExtraTreesRegressor, HistGradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_error

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
T = 'progression'

fe = lambda d: d.assign(bmi_s5=d.bmi * d.s5, bp_age=d.bp / d.age, tc_hdl=d.s1 / d.s3,
                        bmi_z=(d.bmi - d.bmi.mean()) / d.bmi.std())
tr, te = tr.pipe(fe), te.pipe(fe)
feats = [c for c in te.columns if c != 'id']
X, y, Xt = tr[feats], tr[T], te[feats]

def cv(mk, name, seeds=(0, 1, 2)):
    oof, pr = np.zeros(len(X)), np.zeros(len(Xt))
    for s in seeds:
        for a, b in KFold(5, shuffle=True, random_state=s).split(X):
            m = mk(s)
            m.fit(X.iloc[a], y.iloc[a])
            oof[b] += m.predict(X.iloc[b]) / len(seeds)
            pr += m.predict(Xt) / (5 * len(seeds))
    print(f'{name:4s} rmse {mean_squared_error(y, oof) ** 0.5:.3f}')
    return oof, pr

res = {
    'lgb': cv(lambda s: lgb.LGBMRegressor(n_estimators=300, learning_rate=0.02, num_leaves=7, min_child_samples=20,
                                          subsample=0.8, subsample_freq=1, colsample_bytree=0.7,
                                          random_state=s, verbose=-1), 'lgb'),
    'et': cv(lambda s: ExtraTreesRegressor(300, min_samples_leaf=5, max_features=0.5, n_jobs=2, random_state=s), 'et'),
    'hgb': cv(lambda s: HistGradientBoostingRegressor(loss='least_squares', learning_rate=0.03, max_iter=200,
                                                      max_leaf_nodes=8, min_samples_leaf=15, random_state=s), 'hgb'),
}

O = np.column_stack([v[0] for v in res.values()])
P = np.column_stack([v[1] for v in res.values()])
st = Ridge(alpha=1.0, positive=True).fit(O, y)
print('weights', dict(zip(res, st.coef_.round(3))))
print(f'CV RMSE: {mean_squared_error(y, st.predict(O)) ** 0.5:.3f}')
pd.DataFrame({'id': te.id, T: st.predict(P)}).to_csv('./submission/submission.csv', index=False)
