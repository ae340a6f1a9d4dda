import os, numpy as np, pandas as pd
from lightgbm import LGBMRegressor
from sklearn.ensemble import ExtraTreesRegressor
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import RepeatedKFold

SEED, N_FOLDS, N_REP = 21, 5, 3
IN, WK = './input/', './working/'
os.makedirs(WK, exist_ok=True); os.makedirs('./submission', exist_ok=True)

tr, te = pd.read_csv(IN + 'train.csv'), pd.read_csv(IN + 'test.csv')
y = tr.pop('progression').values.astype(float)
df = pd.concat([tr, te], ignore_index=True); n = len(tr)
df['bmi_bp'] = df.bmi * df.bp
df['s5_bmi'] = df.s5 * df.bmi
df['ldl_hdl'] = df.s2 / df.s3
df['tc_hdl'] = df.s1 / df.s3
df['bmi2'] = df.bmi ** 2
df['age_dec'] = (df.age // 10).astype(int)
df['bmi_rel_age'] = df.bmi / df.groupby('age_dec')['bmi'].transform('mean')
df['bp_rel_sex'] = df.bp - df.groupby('sex')['bp'].transform('mean')
df['s5_rank_sex'] = df.groupby('sex')['s5'].rank(pct=True)
feats = [c for c in df.columns if c != 'id']
X, Xt = df.iloc[:n][feats].values, df.iloc[n:][feats].values
rmse = lambda a, b: float(np.sqrt(np.mean((a - b) ** 2)))
rkf = list(RepeatedKFold(n_splits=N_FOLDS, n_repeats=N_REP, random_state=SEED).split(X))

def cv(make, scale=False):
    oof, tst = np.zeros(n), np.zeros(len(te))
    for a, b in rkf:
        Xa, Xb, Xtt = X[a], X[b], Xt
        if scale:
            sc = StandardScaler().fit(Xa); Xa, Xb, Xtt = sc.transform(Xa), sc.transform(Xb), sc.transform(Xt)
        m = make().fit(Xa, y[a])
        oof[b] += m.predict(Xb) / N_REP; tst += m.predict(Xtt) / (N_FOLDS * N_REP)
    return oof, tst, m

res = {}
oof, tst, m = cv(lambda: LGBMRegressor(n_estimators=200, learning_rate=0.03, num_leaves=4, min_child_samples=20,
                                       subsample=0.7, subsample_freq=1, colsample_bytree=0.7, reg_lambda=5,
                                       random_state=SEED, n_jobs=2, verbose=-1))
res['lgb'] = (oof, tst); print(f'lgb   CV RMSE {rmse(y, oof):.3f}')
print(pd.Series(m.feature_importances_, index=feats).nlargest(6).to_string())
oof, tst, m = cv(lambda: ExtraTreesRegressor(300, min_samples_leaf=5, max_features=0.5, n_jobs=2, random_state=SEED))
res['et'] = (oof, tst); print(f'et    CV RMSE {rmse(y, oof):.3f}')

best_a, best_r = None, 1e9
for alpha in [0.3, 1, 3, 10, 30]:
    oof, tst, m = cv(lambda: Ridge(alpha=alpha, solver='lbfgs'), scale=True)
    r = rmse(y, oof); print(f'ridge a={alpha:<4} CV RMSE {r:.3f}')
    if r < best_r: best_a, best_r, res['ridge'] = alpha, r, (oof, tst)

for k, (o, t) in res.items():
    np.save(f'{WK}oof_{k}.npy', o); np.save(f'{WK}test_{k}.npy', t)
O = np.column_stack([v[0] for v in res.values()]); T = np.column_stack([v[1] for v in res.values()])
grid = [np.array([a, b, 1 - a - b]) for a in np.arange(0, 1.01, 0.05) for b in np.arange(0, 1.01 - a, 0.05)]
w = min(grid, key=lambda w: rmse(y, O @ w))
print('weights lgb/et/ridge', w.round(2))
pd.DataFrame({'id': te.id, 'progression': T @ w}).to_csv('./submission/submission.csv', index=False)
print(f'CV RMSE: {rmse(y, O @ w):.3f}')
