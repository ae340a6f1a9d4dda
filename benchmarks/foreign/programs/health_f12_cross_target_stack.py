import os
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import KFold
from sklearn.metrics import roc_auc_score

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
TG = ['health', 'limit', 'insurance']
Y = tr[TG].values
print(tr.shape, te.shape)

al = pd.concat([tr.drop(columns=TG), te], ignore_index=True)
n = len(tr)
bin_c = ['gender', 'married', 'selfemp']
for c in bin_c:
    al[c] = np.where(al[c].isin(['yes', 'male']), 1, 0)
al['age_c'] = (al['age'] - 40) / 10
al['age_c2'] = al['age_c'] ** 2
al['fam_log'] = np.log(al['family'])
al['single_hh'] = np.where((al['married'] == 0) & (al['family'] == 1), 1, 0)
al['old_self'] = al['selfemp'] * (al['age'] > 45)
al['edu_n'] = al['education'].map(al['education'].value_counts(normalize=True))
al['age_q_reg'] = al.groupby('region')['age'].rank(pct=True)
oh = pd.get_dummies(al[['region', 'ethnicity', 'education']], dtype=float)
al = pd.concat([al.drop(columns=['region', 'ethnicity', 'education']), oh], axis=1)
for c in [c for c in oh.columns if c.startswith('education_')]:
    al[c + '_xage'] = al[c] * al['age_c']
print('al', al.shape)

feats = [c for c in al.columns if c != 'id']
X = al.iloc[:n][feats].values.astype(float)
Xt = al.iloc[n:][feats].values.astype(float)

kf = KFold(5, shuffle=True, random_state=8)
folds = list(kf.split(X))
L1 = np.zeros((n, 6))
T1 = np.zeros((len(Xt), 6))
for j, t in enumerate(TG):
    y = Y[:, j]
    for a, b in folds:
        sc = StandardScaler().fit(X[a])
        lr = LogisticRegression(C=0.05, max_iter=2000).fit(sc.transform(X[a]), y[a])
        L1[b, 2 * j] = lr.predict_proba(sc.transform(X[b]))[:, 1]
        T1[:, 2 * j] += lr.predict_proba(sc.transform(Xt))[:, 1] / 5
        gb = LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=6, min_child_samples=80,
                            colsample_bytree=0.6, subsample=0.8, subsample_freq=1, reg_lambda=10,
                            verbose=-1, n_jobs=2, random_state=j)
        gb.fit(X[a], y[a])
        L1[b, 2 * j + 1] = gb.predict_proba(X[b])[:, 1]
        T1[:, 2 * j + 1] += gb.predict_proba(Xt)[:, 1] / 5
    print(f'{t}: lr {roc_auc_score(y, L1[:, 2 * j]):.4f} lgb {roc_auc_score(y, L1[:, 2 * j + 1]):.4f}')

lg = lambda p: np.log(np.clip(p, 1e-5, 1 - 1e-5) / (1 - np.clip(p, 1e-5, 1 - 1e-5)))
Z, Zt = lg(L1), lg(T1)
sub = pd.DataFrame({'id': te['id'].values})
res = []
for j, t in enumerate(TG):
    y = Y[:, j]
    o2 = np.zeros(n)
    for a, b in folds:
        m2 = LogisticRegression(C=0.5, max_iter=1000).fit(Z[a], y[a])
        o2[b] = m2.predict_proba(Z[b])[:, 1]
    res.append(roc_auc_score(y, o2))
    sub[t] = LogisticRegression(C=0.5, max_iter=1000).fit(Z, y).predict_proba(Zt)[:, 1]
    print(f'{t}: stack {res[-1]:.4f}')

print(f'CV mean AUC (stack): {np.mean(res):.4f}')
os.makedirs('./submission', exist_ok=True)
sub.to_csv('./submission/submission.csv', index=False)
