import os, numpy as np, pandas as pd
from lightgbm import LGBMClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score
from scipy.stats import rankdata

SEED, N_FOLDS = 1234, 5
SEEDS = [1234, 99]
IN, WK = './input/', './working/'
os.makedirs(WK, exist_ok=True); os.makedirs('./submission', exist_ok=True)

tr, te = pd.read_csv(IN + 'train.csv'), pd.read_csv(IN + 'test.csv')
y = tr.pop('churn').values; n = len(tr)
df = pd.concat([tr, te], ignore_index=True)
print(f'train {tr.shape} test {te.shape} churn rate {y.mean():.3f}')
print(pd.Series(y).groupby(tr.contract.values).mean().round(3).to_dict())

CATS = df.columns[df.dtypes.astype(str).isin(['object', 'str'])].tolist()
SVC = ['online_security', 'online_backup', 'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies']
df['total_charges'] = df.total_charges.fillna(0)
df['n_yes'] = df[SVC].eq('Yes').sum(axis=1)
df['no_inet'] = df.internet_service.eq('No').astype(int)
df['avg_bill'] = df.total_charges / df.tenure.replace(0, 1)
df['bill_trend'] = df.monthly_charges / df.avg_bill.replace(0, np.nan)
df['auto_pay'] = df.payment_method.str.contains('automatic').astype(int)

def add_group_stats(d, key, cols=('monthly_charges', 'tenure', 'n_yes')):
    g = d.groupby(key)[list(cols)].agg(['mean', 'std'])
    g.columns = ['_'.join(c) for c in g.columns]
    g = g.reset_index().add_prefix(f'{key[:4]}_')
    d = d.merge(g, on=key, how='left')
    d[f'{key[:4]}_mc_z'] = (d.monthly_charges - d[f'{key[:4]}_monthly_charges_mean']) / d[f'{key[:4]}_monthly_charges_std']
    d[f'{key[:4]}_cnt'] = d.groupby(key)[key].transform('size')
    return d

for k in ['contract', 'internet_service', 'payment_method']:
    df = add_group_stats(df, k)
print('features after group stats:', df.shape[1])

for c in CATS:
    df[c] = df[c].astype('category')
feats = [c for c in df.columns if c != 'id']
X, Xt = df.iloc[:n][feats].reset_index(drop=True), df.iloc[n:][feats].reset_index(drop=True)
OH = pd.get_dummies(df[feats], columns=CATS, dtype=float).fillna(0)
Xo, Xot = OH.iloc[:n].values, OH.iloc[n:].values

oof, tst, imp = np.zeros((n, 2)), np.zeros((len(te), 2)), np.zeros(len(feats))
for s in SEEDS:
    for a, b in StratifiedKFold(N_FOLDS, shuffle=True, random_state=s).split(X, y):
        m = LGBMClassifier(n_estimators=400, learning_rate=0.02, num_leaves=10, min_child_samples=50,
                           colsample_bytree=0.6, subsample=0.8, subsample_freq=1, reg_lambda=3,
                           random_state=s, n_jobs=2, verbose=-1).fit(X.iloc[a], y[a])
        oof[b, 0] += m.predict_proba(X.iloc[b])[:, 1] / len(SEEDS)
        tst[:, 0] += m.predict_proba(Xt)[:, 1] / (N_FOLDS * len(SEEDS))
        imp += m.feature_importances_
        sc = StandardScaler().fit(Xo[a])
        lr = LogisticRegression(C=0.2, max_iter=3000).fit(sc.transform(Xo[a]), y[a])
        oof[b, 1] += lr.predict_proba(sc.transform(Xo[b]))[:, 1] / len(SEEDS)
        tst[:, 1] += lr.predict_proba(sc.transform(Xot))[:, 1] / (N_FOLDS * len(SEEDS))
np.save(WK + 'oof.npy', oof); np.save(WK + 'test.npy', tst)
print(f'lgb OOF AUC {roc_auc_score(y, oof[:, 0]):.5f} | lr OOF AUC {roc_auc_score(y, oof[:, 1]):.5f}')
print(pd.Series(imp, index=feats).nlargest(10).to_string())

r = np.column_stack([rankdata(c) for c in oof.T]) / n
rt = np.column_stack([rankdata(c) for c in tst.T]) / len(te)
ws = np.linspace(0, 1, 21)
w = ws[np.argmax([roc_auc_score(y, x * r[:, 0] + (1 - x) * r[:, 1]) for x in ws])]
pd.DataFrame({'id': te.id, 'churn': w * rt[:, 0] + (1 - w) * rt[:, 1]}).to_csv('./submission/submission.csv', index=False)
print(f'Validation AUC: {roc_auc_score(y, w * r[:, 0] + (1 - w) * r[:, 1]):.5f}  (w_lgb={w:.2f})')
