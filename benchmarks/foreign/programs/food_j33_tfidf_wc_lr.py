import pandas as pd, numpy as np, re, os
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

tr, te = pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')
cl = lambda s: s.str.replace(r'<[^>]+>', ' ', regex=True).str.lower().str.replace(r'\s+', ' ', regex=True)
tr, te = tr.assign(t=lambda d: cl(d.review)), te.assign(t=lambda d: cl(d.review))
print(tr.score.value_counts().to_dict(), tr.t.str.len().describe()[['mean', 'max']].round(0).to_dict())

vw = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=60000, sublinear_tf=True)
vc = TfidfVectorizer(analyzer='char_wb', ngram_range=(2, 5), min_df=3, max_features=80000, sublinear_tf=True)
allt = pd.concat([tr.t, te.t])
vw.fit(allt); vc.fit(allt)
mk = lambda s: hstack([vw.transform(s), vc.transform(s)]).tocsr()
X, Xt, y = mk(tr.t), mk(te.t), tr.score.values
print(X.shape)

oof, pt = np.zeros(len(y)), np.zeros(Xt.shape[0])
for i, (a, b) in enumerate(StratifiedKFold(4, shuffle=True, random_state=1).split(X, y)):
    m = LogisticRegression(C=4, max_iter=1000).fit(X[a], y[a])
    oof[b] = m.predict_proba(X[b])[:, 1]; pt += m.predict_proba(Xt)[:, 1] / 4
    print('fold', i, round(roc_auc_score(y[b], oof[b]), 4))
print(f'CV AUC: {roc_auc_score(y, oof):.4f}')
os.makedirs('submission', exist_ok=True)
pd.DataFrame({'id': te.id, 'score': pt}).to_csv('submission/submission.csv', index=False)
