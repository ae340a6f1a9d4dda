import numpy as np, pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score
from scipy.stats import rankdata

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
T = 'churn'
n = len(tr)

df = pd.concat([tr, te], ignore_index=True)
obj = [c for c in df.columns if df[c].dtype.kind not in 'biuf']
svc = ['online_security', 'online_backup', 'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies']

df = (df
      .assign(**{c: lambda d, c=c: d[c].astype('category').cat.codes for c in obj})
      .assign(total_charges=lambda d: d.total_charges.fillna(0))
      .eval('avg_chg = total_charges / (tenure + 1)')
      .eval('chg_gap = monthly_charges - avg_chg')
      .assign(n_yes=lambda d: (d[svc] == d[svc].max()).sum(axis=1),
              ct_pay=lambda d: d.groupby(['contract', 'payment_method']).id.transform('count') / len(d),
              mc_rank=lambda d: d.groupby('contract').monthly_charges.rank(pct=True)))

feats = [c for c in df.columns if c not in ('id', T)]
X, y, Xt = df.iloc[:n][feats], tr[T].values, df.iloc[n:][feats]
print('X', X.shape, 'Xt', Xt.shape)

def run(mk, seeds=(0, 1)):
    oof, pr = np.zeros(n), np.zeros(len(Xt))
    for s in seeds:
        for a, b in StratifiedKFold(4, shuffle=True, random_state=s).split(X, y):
            m = mk(s).fit(X.iloc[a], y[a])
            oof[b] += m.predict_proba(X.iloc[b])[:, 1] / len(seeds)
            pr += m.predict_proba(Xt)[:, 1] / (4 * len(seeds))
    return oof, pr

o1, p1 = run(lambda s: HistGradientBoostingClassifier(learning_rate=0.04, max_iter=250, max_leaf_nodes=12,
                                                       min_samples_leaf=40, l2_regularization=1.0, random_state=s))
print(f'hgb AUC {roc_auc_score(y, o1):.4f}')
o2, p2 = run(lambda s: RandomForestClassifier(300, min_samples_leaf=15, max_features=0.4, n_jobs=2, random_state=s))
print(f'rf  AUC {roc_auc_score(y, o2):.4f}')

r = lambda v: rankdata(v) / len(v)
oof = 0.6 * r(o1) + 0.4 * r(o2)
preds = 0.6 * p1 + 0.4 * p2
print(f'CV AUC (blend): {roc_auc_score(y, oof):.4f}')

pd.DataFrame({'id': te.id, T: preds}).to_csv('./submission/submission.csv', index=False)
