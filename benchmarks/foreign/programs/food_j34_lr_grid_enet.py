import pandas as pd, numpy as np, os
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

tr, te = pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')
tr = tr.assign(n=lambda d: d.review.str.len(), ex=lambda d: d.review.str.count('!')).query('n > 20')
print(len(tr), tr.groupby('score')[['n', 'ex']].mean().round(2).to_dict())

v = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True, strip_accents='unicode')
X = v.fit_transform(tr.review); Xt = v.transform(te.review); y = tr.score.values
xa, xb, ya, yb = train_test_split(X, y, test_size=0.2, stratify=y, random_state=3)

cfg = {'l2_c2': dict(C=2), 'l2_c8': dict(C=8), 'enet_c4': dict(C=4, l1_ratio=0.5, solver='liblinear'), 'l1_c4': dict(C=4, l1_ratio=1.0, solver='liblinear')}
res = {}
for k, kw in cfg.items():
    m = LogisticRegression(max_iter=2000, **kw).fit(xa, ya)
    res[k] = roc_auc_score(yb, m.predict_proba(xb)[:, 1]); print(k, round(res[k], 4))
bk = max(res, key=res.get)
print(f'Validation AUC: {res[bk]:.4f} ({bk})')
m = LogisticRegression(max_iter=2000, **cfg[bk]).fit(X, y)
os.makedirs('submission', exist_ok=True)
pd.DataFrame({'id': te.id, 'score': m.predict_proba(Xt)[:, 1]}).to_csv('submission/submission.csv', index=False)
