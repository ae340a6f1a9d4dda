import numpy as np, pandas as pd, itertools as it, re
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

tr, te = pd.read_csv('input/train.csv'), pd.read_csv('input/test.csv')
cl = lambda s: re.sub(r'<[^>]+>', ' ', s.lower()).replace("n't", ' not')
a, b, y = tr.review.fillna('').map(cl), te.review.fillna('').map(cl), tr.score.values
print(f'tr={len(a)} te={len(b)} pos={y.mean():.3f} len={a.str.len().median():.0f}')

k = 5
fo = np.random.RandomState(2024).permutation(len(y)) % k
V = {'w12': dict(analyzer='word', ngram_range=(1, 2), min_df=2, max_features=60000, sublinear_tf=True),
     'c24': dict(analyzer='char_wb', ngram_range=(2, 4), min_df=3, max_features=30000, sublinear_tf=True)}

n = len(a)
M = {q: TfidfVectorizer(**v).fit_transform(pd.concat([a, b])).tocsr() for q, v in V.items()}
print({q: m.shape[1] for q, m in M.items()})
M['w12+c24'] = hstack([M['w12'], M['c24']]).tocsr()

R = {}
for fk, C in it.product(['w12', 'w12+c24'], [1, 4]):
    A, o = M[fk][:n], np.zeros(len(y))
    for f in range(k):
        o[fo == f] = LogisticRegression(C=C, max_iter=3000, solver='liblinear').fit(A[fo != f], y[fo != f]).predict_proba(A[fo == f])[:, 1]
    R[fk, C] = roc_auc_score(y, o)
    print(f'{fk:<8} C={C:<2} auc={R[fk, C]:.4f}')

(fk, C), s = max(R.items(), key=lambda t: t[1])
print(f'best {fk} C={C} auc={s:.4f}')
A, B = M[fk][:n], M[fk][n:]
p = LogisticRegression(C=C, max_iter=3000, solver='liblinear').fit(A, y).predict_proba(B)[:, 1]
pd.DataFrame({'id': te.id, 'score': p}).to_csv('submission/submission.csv', index=False)
print(f'sub {p.shape[0]} rows mean={p.mean():.3f}')
