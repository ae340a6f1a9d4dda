import os, numpy as np, pandas as pd, lightgbm as lgb
from scipy.stats import rankdata
from sklearn.model_selection import StratifiedKFold
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import roc_auc_score

SEED, N_FOLDS, SEEDS = 42, 5, [42, 7, 2024]
IN, WD = './input/', './working/'
TARGET, ID = 'churn', 'id'
os.makedirs(WD, exist_ok=True); os.makedirs('./submission', exist_ok=True)

tr = pd.read_csv(IN + 'train.csv'); te = pd.read_csv(IN + 'test.csv')
y = tr[TARGET].values
df = pd.concat([tr.drop(columns=TARGET), te], ignore_index=True)
ntr = len(tr)

svc = ['online_security', 'online_backup', 'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies']
cats = [c for c in df.columns if df[c].dtype == object or str(df[c].dtype).startswith('str')]
df['total_charges'] = df['total_charges'].fillna(df['monthly_charges'] * df['tenure'])
df['n_services'] = (df[svc] == 'Yes').sum(1) + (df['multiple_lines'] == 'Yes') + df['phone_service']
df['n_protect'] = (df[svc[:4]] == 'Yes').sum(1)
df['avg_charge'] = df['total_charges'] / df['tenure'].clip(lower=1)
df['charge_diff'] = df['monthly_charges'] - df['avg_charge']
df['charge_per_svc'] = df['monthly_charges'] / (df['n_services'] + 1)
df['tenure_bin'] = pd.cut(df['tenure'], [-1, 6, 12, 24, 48, 80], labels=False)
for g in ['contract', 'internet_service', 'payment_method']:
    df[f'mc_rel_{g}'] = df['monthly_charges'] / df.groupby(g)['monthly_charges'].transform('mean')
    df[f'cnt_{g}'] = df.groupby(g)[g].transform('count')
df['ct_int'] = df['contract'] + '_' + df['internet_service']
cats = cats + ['ct_int']
for c in cats:
    df[c] = df[c].astype('category')
feats = [c for c in df.columns if c != ID]
X, Xt = df.iloc[:ntr][feats].reset_index(drop=True), df.iloc[ntr:][feats].reset_index(drop=True)

# one-hot frame for ET / LR
oh = pd.get_dummies(df[feats], columns=cats, dtype=float)
Xo, Xot = oh.iloc[:ntr].values, oh.iloc[ntr:].values

P = dict(objective='binary', learning_rate=0.03, num_leaves=15, min_data_in_leaf=40, feature_fraction=0.7,
         bagging_fraction=0.8, bagging_freq=1, lambda_l2=5.0, verbose=-1, num_threads=2)
oof = {k: np.zeros(ntr) for k in ['lgb', 'et', 'lr']}
tst = {k: np.zeros(len(te)) for k in oof}
imp = pd.Series(0.0, index=feats)

for s in SEEDS:
    skf = StratifiedKFold(N_FOLDS, shuffle=True, random_state=s)
    for f, (a, b) in enumerate(skf.split(X, y)):
        dt, dv = lgb.Dataset(X.iloc[a], y[a]), lgb.Dataset(X.iloc[b], y[b])
        m = lgb.train({**P, 'seed': s}, dt, 2000, valid_sets=[dv],
                      callbacks=[lgb.early_stopping(100, verbose=False)])
        oof['lgb'][b] += m.predict(X.iloc[b], num_iteration=m.best_iteration) / len(SEEDS)
        tst['lgb'] += m.predict(Xt, num_iteration=m.best_iteration) / (N_FOLDS * len(SEEDS))
        imp += pd.Series(m.feature_importance('gain'), index=feats)
        et = ExtraTreesClassifier(300, min_samples_leaf=8, max_features=0.5, n_jobs=2, random_state=s).fit(Xo[a], y[a])
        oof['et'][b] += et.predict_proba(Xo[b])[:, 1] / len(SEEDS)
        tst['et'] += et.predict_proba(Xot)[:, 1] / (N_FOLDS * len(SEEDS))
        if s == SEEDS[0]:
            sc = StandardScaler().fit(Xo[a])
            lr = LogisticRegression(C=0.3, max_iter=2000).fit(sc.transform(Xo[a]), y[a])
            oof['lr'][b] = lr.predict_proba(sc.transform(Xo[b]))[:, 1]
            tst['lr'] += lr.predict_proba(sc.transform(Xot))[:, 1] / N_FOLDS
    print(f'seed {s}: lgb so far {roc_auc_score(y, oof["lgb"]):.5f}')

for k in oof:
    print(f'{k:4s} OOF AUC: {roc_auc_score(y, oof[k]):.5f}')
    np.save(WD + f'oof_{k}.npy', oof[k]); np.save(WD + f'test_{k}.npy', tst[k])

print('\nTop features (gain):'); print((imp / imp.sum()).sort_values(ascending=False).head(12).round(4).to_string())

# rank blend, weights tuned on OOF grid
R = {k: rankdata(v) / ntr for k, v in oof.items()}
Rt = {k: rankdata(v) / len(v) for k, v in tst.items()}
best = (0, None)
for w1 in np.arange(0, 1.01, 0.1):
    for w2 in np.arange(0, 1.01 - w1, 0.1):
        sc_ = roc_auc_score(y, w1 * R['lgb'] + w2 * R['et'] + (1 - w1 - w2) * R['lr'])
        if sc_ > best[0]: best = (sc_, (w1, w2, 1 - w1 - w2))
w = best[1]
print('blend weights lgb/et/lr:', np.round(w, 2))
pred = w[0] * Rt['lgb'] + w[1] * Rt['et'] + w[2] * Rt['lr']
pd.DataFrame({ID: te[ID], TARGET: pred}).to_csv('./submission/submission.csv', index=False)
print(f'Validation AUC: {best[0]:.5f}')
