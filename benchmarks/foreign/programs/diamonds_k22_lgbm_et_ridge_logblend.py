import os, numpy as np, pandas as pd
from lightgbm import LGBMRegressor, early_stopping
from sklearn.model_selection import KFold
from sklearn.ensemble import ExtraTreesRegressor
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from scipy.optimize import minimize

SEED, N_FOLDS = 2023, 4
SEEDS = [2023, 11]
IN, OUT = './input/', './oof_store/'
os.makedirs(OUT, exist_ok=True); os.makedirs('./submission', exist_ok=True)

tr, te = pd.read_csv(IN + 'train.csv'), pd.read_csv(IN + 'test.csv')
y = np.log1p(tr['price'].values)
df = pd.concat([tr.drop(columns='price'), te], ignore_index=True); n = len(tr)

CUT = {'Fair': 0, 'Good': 1, 'Very Good': 2, 'Premium': 3, 'Ideal': 4}
COL = {c: i for i, c in enumerate('JIHGFED')}
CLA = {c: i for i, c in enumerate(['I1', 'SI2', 'SI1', 'VS2', 'VS1', 'VVS2', 'VVS1', 'IF'])}
df['cut_o'], df['color_o'], df['clar_o'] = df.cut.map(CUT), df.color.map(COL), df.clarity.map(CLA)
for c in ['x', 'y', 'z']:
    df[c] = df[c].where(df[c].between(1, 15))
df['vol'] = df.x * df.y * df.z
df['dens'] = df.carat / df.vol
df['xy_ratio'] = df.x / df.y
df['lcarat'] = np.log(df.carat)
df['grade'] = df.cut_o + df.color_o + df.clar_o
df['carat_r'] = df.carat.round(1)
for g in ['clarity', 'color', 'cut', 'carat_r']:
    df[f'cnt_{g}'] = df.groupby(g)['id'].transform('count')
df['carat_vs_cc'] = df.carat / df.groupby(['color', 'clarity'])['carat'].transform('mean')
df['depth_dev'] = df.depth - df.groupby('cut')['depth'].transform('median')
feats = [c for c in df.columns if c not in ['id', 'cut', 'color', 'clarity']]
df[feats] = df[feats].fillna(df[feats].median())
X, Xt = df.iloc[:n][feats].values, df.iloc[n:][feats].values
print('features:', len(feats), X.shape, Xt.shape)

rmse = lambda a, b: float(np.sqrt(np.mean((a - b) ** 2)))
oof = np.zeros((n, 3)); tst = np.zeros((len(te), 3)); imp = np.zeros(len(feats))
for s in SEEDS:
    for f, (a, b) in enumerate(KFold(N_FOLDS, shuffle=True, random_state=s).split(X)):
        m = LGBMRegressor(n_estimators=1500, learning_rate=0.05, num_leaves=31, min_child_samples=15,
                          subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=1.0,
                          random_state=s, n_jobs=2, verbose=-1)
        m.fit(X[a], y[a], eval_set=[(X[b], y[b])], callbacks=[early_stopping(100, verbose=False)])
        oof[b, 0] += m.predict(X[b]) / len(SEEDS); tst[:, 0] += m.predict(Xt) / (N_FOLDS * len(SEEDS))
        imp += m.feature_importances_
        et = ExtraTreesRegressor(150, min_samples_leaf=2, max_features=0.7, n_jobs=2, random_state=s).fit(X[a], y[a])
        oof[b, 1] += et.predict(X[b]) / len(SEEDS); tst[:, 1] += et.predict(Xt) / (N_FOLDS * len(SEEDS))
        sc = StandardScaler().fit(X[a])
        rg = Ridge(alpha=3.0).fit(sc.transform(X[a]), y[a])
        oof[b, 2] += rg.predict(sc.transform(X[b])) / len(SEEDS); tst[:, 2] += rg.predict(sc.transform(Xt)) / (N_FOLDS * len(SEEDS))
        print(f'seed {s} fold {f}: lgb {rmse(y[b], m.predict(X[b])):.4f} it={m.best_iteration_}')

names = ['lgb', 'et', 'ridge']
for i, k in enumerate(names):
    print(f'{k:6s} OOF RMSLE {rmse(y, oof[:, i]):.5f}')
np.save(OUT + 'oof.npy', oof); np.save(OUT + 'test.npy', tst)
pd.Series(imp, index=feats).sort_values(ascending=False).head(10).pipe(print)

res = minimize(lambda w: rmse(y, oof @ (np.abs(w) / np.abs(w).sum())), np.ones(3) / 3, method='Nelder-Mead')
w = np.abs(res.x) / np.abs(res.x).sum()
print('weights', dict(zip(names, w.round(3))))
pred = np.expm1(tst @ w).clip(300, 20000)
pd.DataFrame({'id': te.id, 'price': pred}).to_csv('./submission/submission.csv', index=False)
print(f'CV RMSLE: {rmse(y, oof @ w):.5f}')
