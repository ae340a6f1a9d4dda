import os, numpy as np, pandas as pd, lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.ensemble import ExtraTreesRegressor

SEED, N_FOLDS = 8, 5
SEEDS = [8, 88]
IN, OOF_DIR, SUB = './input/', './oof/', './submission/'
os.makedirs(SUB, exist_ok=True)

tr, te = pd.read_csv(IN + 'train.csv'), pd.read_csv(IN + 'test.csv')
y = np.log(tr.pop('price').values)
df = pd.concat([tr, te], ignore_index=True); n = len(tr)

order = {'cut': ['Fair', 'Good', 'Very Good', 'Premium', 'Ideal'],
         'color': list('JIHGFED'),
         'clarity': ['I1', 'SI2', 'SI1', 'VS2', 'VS1', 'VVS2', 'VVS1', 'IF']}
for c, lv in order.items():
    df[c + '_r'] = df[c].map({v: i for i, v in enumerate(lv)})
    df[c] = pd.Categorical(df[c], categories=lv)
df[['x', 'y', 'z']] = df[['x', 'y', 'z']].mask(lambda d: (d < 1) | (d > 12))
df['vol'] = df.x * df.y * df.z
df['log_carat'] = np.log(df.carat)
df['carat_per_vol'] = df.carat / df.vol
df['tbl_depth'] = df.table / df.depth
df['ideal_depth_gap'] = (df.depth - 61.8).abs()
df['quality'] = df.color_r * df.clarity_r
df['n_same_grade'] = df.groupby(['cut', 'color', 'clarity'], observed=True)['id'].transform('count')
df['carat_rank_grade'] = df.groupby(['color', 'clarity'], observed=True)['carat'].rank(pct=True)
df['carat_vs_clar'] = df.carat / df.groupby('clarity', observed=True)['carat'].transform('median')
feats = [c for c in df.columns if c != 'id']
X, Xt = df.iloc[:n][feats].reset_index(drop=True), df.iloc[n:][feats].reset_index(drop=True)
num = [c for c in feats if c not in order]
Xn, Xnt = X[num].fillna(X[num].median()).values, Xt[num].fillna(X[num].median()).values

P = dict(objective='regression', learning_rate=0.05, num_leaves=40, min_data_in_leaf=20, feature_fraction=0.75,
         bagging_fraction=0.8, bagging_freq=1, lambda_l2=1.0, verbose=-1, num_threads=2)
oof_l, oof_e = np.zeros(n), np.zeros(n)
tst_l, tst_e = np.zeros(len(te)), np.zeros(len(te))
imp = pd.Series(0.0, index=feats)
for s in SEEDS:
    for f, (a, b) in enumerate(KFold(N_FOLDS, shuffle=True, random_state=s).split(X)):
        bst = lgb.train({**P, 'seed': s}, lgb.Dataset(X.iloc[a], y[a]), 2000,
                        valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                        callbacks=[lgb.early_stopping(100, verbose=False)])
        oof_l[b] += bst.predict(X.iloc[b], num_iteration=bst.best_iteration) / len(SEEDS)
        tst_l += bst.predict(Xt, num_iteration=bst.best_iteration) / (N_FOLDS * len(SEEDS))
        imp += bst.feature_importance('gain')
        if s == SEED:
            et = ExtraTreesRegressor(120, min_samples_leaf=2, max_features=0.7, n_jobs=2, random_state=s).fit(Xn[a], y[a])
            oof_e[b] = et.predict(Xn[b]); tst_e += et.predict(Xnt) / N_FOLDS
    print(f'seed {s}: lgb running RMSLE {np.sqrt(np.mean((oof_l * len(SEEDS) / (SEEDS.index(s) + 1) - y) ** 2)):.5f}')

rmsle = lambda p: float(np.sqrt(np.mean((p - y) ** 2)))
print(f'LGB OOF RMSLE {rmsle(oof_l):.5f} | ET OOF RMSLE {rmsle(oof_e):.5f}')
print((imp / imp.sum()).nlargest(10).round(4).to_string())
for name, arr in [('lgb_oof', oof_l), ('lgb_test', tst_l), ('et_oof', oof_e), ('et_test', tst_e)]:
    np.save(f'{OOF_DIR}diamonds_{name}.npy', arr)

ws = np.linspace(0, 1, 41)
w = ws[np.argmin([rmsle(x * oof_l + (1 - x) * oof_e) for x in ws])]
print(f'best lgb weight {w:.3f}')
pd.DataFrame({'id': te.id, 'price': np.exp(w * tst_l + (1 - w) * tst_e)}).to_csv(SUB + 'submission.csv', index=False)
print(f'CV RMSLE: {rmsle(w * oof_l + (1 - w) * oof_e):.5f}')
