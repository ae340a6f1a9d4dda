import os, numpy as np, pandas as pd, lightgbm as lgb
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score
from scipy.stats import rankdata

SEED, N_FOLDS, SEEDS = 99, 5, [99, 5, 77]
IN, WK = 'input', 'working'
os.makedirs(WK, exist_ok=True); os.makedirs('submission', exist_ok=True)

tr = pd.read_csv(f'{IN}/train.csv'); te = pd.read_csv(f'{IN}/test.csv')
y = tr.pop('diagnosis').values
df = pd.concat([tr, te], ignore_index=True); n = len(tr)
base = [c[5:] for c in df.columns if c.startswith('mean_')]
for b in base:
    df[f'wm_ratio_{b}'] = df[f'worst_{b}'] / (df[f'mean_{b}'] + 1e-9)
    df[f'err_rel_{b}'] = df[f'{b}_error'] / (df[f'mean_{b}'] + 1e-9)
df['shape_irreg'] = df.worst_perimeter ** 2 / (4 * np.pi * df.worst_area)
df['conc_x_area'] = df.worst_concave_points * np.log(df.worst_area)
feats = [c for c in df.columns if c != 'id']
X, Xt = df.iloc[:n][feats].values, df.iloc[n:][feats].values
print('X', X.shape, 'Xt', Xt.shape, 'pos rate', y.mean().round(3))

oof = np.zeros((n, 3)); tst = np.zeros((len(te), 3)); fi = np.zeros(len(feats))
P = dict(objective='binary', learning_rate=0.05, num_leaves=7, min_data_in_leaf=10, feature_fraction=0.5,
         bagging_fraction=0.8, bagging_freq=1, lambda_l2=2.0, verbose=-1, num_threads=2)
for s in SEEDS:
    for a, b in StratifiedKFold(N_FOLDS, shuffle=True, random_state=s).split(X, y):
        et = ExtraTreesClassifier(250, max_features=0.3, n_jobs=2, random_state=s).fit(X[a], y[a])
        oof[b, 0] += et.predict_proba(X[b])[:, 1]; tst[:, 0] += et.predict_proba(Xt)[:, 1] / N_FOLDS
        fi += et.feature_importances_
        sc = StandardScaler().fit(X[a])
        lr = LogisticRegression(C=0.2, max_iter=5000).fit(sc.transform(X[a]), y[a])
        oof[b, 1] += lr.predict_proba(sc.transform(X[b]))[:, 1]; tst[:, 1] += lr.predict_proba(sc.transform(Xt))[:, 1] / N_FOLDS
        bst = lgb.train({**P, 'seed': s}, lgb.Dataset(X[a], y[a]), 300)
        oof[b, 2] += bst.predict(X[b]); tst[:, 2] += bst.predict(Xt) / N_FOLDS
oof /= len(SEEDS); tst /= len(SEEDS)
np.save(f'{WK}/oof.npy', oof); np.save(f'{WK}/test.npy', tst)

for i, k in enumerate(['et', 'lr', 'lgb']):
    print(f'{k:4s} OOF AUC {roc_auc_score(y, oof[:, i]):.5f}')
print(pd.Series(fi / fi.sum(), index=feats).sort_values(ascending=False).head(8).round(4).to_string())

R = np.column_stack([rankdata(c) for c in oof.T]) / n
Rt = np.column_stack([rankdata(c) for c in tst.T]) / len(te)
grid = [(a, b, 1 - a - b) for a in np.arange(0, 1.01, 0.1) for b in np.arange(0, 1.01 - a, 0.1)]
res = sorted(((roc_auc_score(y, R @ np.array(w)), w) for w in grid), key=lambda t: -t[0])
best_auc, w = res[0]
print('best weights et/lr/lgb', np.round(w, 2))
pd.DataFrame({'id': te.id, 'diagnosis': Rt @ np.array(w)}).to_csv('submission/submission.csv', index=False)
print(f'Validation AUC: {best_auc:.5f}')
