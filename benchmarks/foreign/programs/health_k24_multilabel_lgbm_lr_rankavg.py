import os, numpy as np, pandas as pd
from lightgbm import LGBMClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score
from scipy.stats import rankdata

SEED, N_FOLDS = 7, 5
TARGETS = ['health', 'limit', 'insurance']
PATH, OOF_DIR = './input/', './oof/'
os.makedirs(OOF_DIR, exist_ok=True); os.makedirs('./submission', exist_ok=True)

tr, te = pd.read_csv(PATH + 'train.csv'), pd.read_csv(PATH + 'test.csv')
n = len(tr)
df = pd.concat([tr.drop(columns=TARGETS), te], ignore_index=True)
cats = ['gender', 'married', 'selfemp', 'region', 'ethnicity', 'education']
EDU = {'none': 0, 'ged': 1, 'highschool': 2, 'other': 2, 'bachelor': 3, 'master': 4, 'phd': 5}
df['edu_o'] = df.education.map(EDU).fillna(2)
df['age2'] = df.age ** 2
df['fam_big'] = (df.family >= 5).astype(int)
df['age_bin'] = (df.age // 5).astype(int)
for c in ['region', 'ethnicity', 'education']:
    df[f'cnt_{c}'] = df[c].map(df[c].value_counts())
    df[f'age_rel_{c}'] = df.age - df.groupby(c)['age'].transform('mean')
    df[f'fam_rel_{c}'] = df.family / df.groupby(c)['family'].transform('mean')
df['combo_cnt'] = df.groupby(['gender', 'married', 'selfemp'])['id'].transform('count')
for c in cats:
    df[c] = df[c].astype('category')
feats = [c for c in df.columns if c != 'id']
X, Xt = df.iloc[:n][feats].reset_index(drop=True), df.iloc[n:][feats].reset_index(drop=True)
D = pd.get_dummies(df[feats], columns=cats + ['age_bin'], dtype=float)
D[['age', 'age2', 'family']] = np.log1p(D[['age', 'age2', 'family']])
Xd, Xdt = D.iloc[:n].values, D.iloc[n:].values

sub = pd.DataFrame({'id': te.id})
scores = []
for t in TARGETS:
    y = tr[t].values
    oof, tst = np.zeros((n, 2)), np.zeros((len(te), 2))
    imp = np.zeros(len(feats))
    for s in [SEED, SEED + 100]:
        for a, b in StratifiedKFold(N_FOLDS, shuffle=True, random_state=s).split(X, y):
            m = LGBMClassifier(n_estimators=250, learning_rate=0.02, num_leaves=8, min_child_samples=60,
                               subsample=0.8, subsample_freq=1, colsample_bytree=0.6, reg_lambda=10,
                               random_state=s, n_jobs=2, verbose=-1).fit(X.iloc[a], y[a])
            oof[b, 0] += m.predict_proba(X.iloc[b])[:, 1] / 2
            tst[:, 0] += m.predict_proba(Xt)[:, 1] / (2 * N_FOLDS)
            imp += m.booster_.feature_importance('gain')
            sc = StandardScaler().fit(Xd[a])
            lr = LogisticRegression(C=0.05, max_iter=3000).fit(sc.transform(Xd[a]), y[a])
            oof[b, 1] += lr.predict_proba(sc.transform(Xd[b]))[:, 1] / 2
            tst[:, 1] += lr.predict_proba(sc.transform(Xdt))[:, 1] / (2 * N_FOLDS)
    np.save(f'{OOF_DIR}{t}_oof.npy', oof); np.save(f'{OOF_DIR}{t}_test.npy', tst)
    r, rt = np.column_stack([rankdata(c) / n for c in oof.T]), np.column_stack([rankdata(c) / len(c) for c in tst.T])
    ws = np.linspace(0, 1, 21)
    aucs = [roc_auc_score(y, w * r[:, 0] + (1 - w) * r[:, 1]) for w in ws]
    w = ws[int(np.argmax(aucs))]
    print(f'[{t}] lgb {roc_auc_score(y, oof[:, 0]):.4f}  lr {roc_auc_score(y, oof[:, 1]):.4f}  blend w_lgb={w:.2f} {max(aucs):.4f}')
    print('   top:', ', '.join(pd.Series(imp, index=feats).nlargest(5).index))
    scores.append(max(aucs))
    sub[t] = w * rt[:, 0] + (1 - w) * rt[:, 1]

sub.to_csv('./submission/submission.csv', index=False)
print(f'Validation mean AUC: {np.mean(scores):.4f}')
