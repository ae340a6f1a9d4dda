import pandas as pd
import numpy as np
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import MultinomialNB
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(train.shape, test.shape)
print(train.head())
print(train.score.value_counts())
print(train.review.str.len().describe())

train['review'] = train['review'].fillna('').str.replace('<br />', ' ', regex=False)
test['review'] = test['review'].fillna('').str.replace('<br />', ' ', regex=False)

vec = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True, strip_accents='unicode')
Xw = vec.fit_transform(train.review)
print('word tfidf', Xw.shape)
y = train.score.values

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)


def cv_auc(X, mk, name):
    oof = np.zeros(X.shape[0])
    for f, (a, b) in enumerate(skf.split(X, y)):
        m = mk()
        m.fit(X[a], y[a])
        oof[b] = m.predict_proba(X[b])[:, 1]
    s = roc_auc_score(y, oof)
    print(f'{name}: AUC {s:.4f}')
    return oof


o_lr = cv_auc(Xw, lambda: LogisticRegression(C=4, max_iter=2000), 'LR word')
o_nb = cv_auc(Xw, lambda: MultinomialNB(alpha=0.1), 'NB word')
print('LR+NB avg:', roc_auc_score(y, 0.5 * o_lr + 0.5 * o_nb))

# char grams help w/ typos??
cv2 = TfidfVectorizer(analyzer='char_wb', ngram_range=(2, 5), min_df=3, max_features=60000, sublinear_tf=True)
Xc = cv2.fit_transform(train.review)
print('char tfidf', Xc.shape)
Xwc = hstack([Xw, Xc]).tocsr()
print(Xwc.shape)
o_lr2 = cv_auc(Xwc, lambda: LogisticRegression(C=4, max_iter=2000), 'LR word+char')

bl = 0.6 * o_lr2 + 0.4 * o_nb
print('>> blend AUC', round(roc_auc_score(y, bl), 5))

# fit all
lr2 = LogisticRegression(C=4, max_iter=2000).fit(Xwc, y)
nb = MultinomialNB(alpha=0.1).fit(Xw, y)
Xt_w = vec.transform(test.review)
Xt_c = cv2.fit_transform(test.review)
Xt = hstack([Xt_w, Xt_c]).tocsr()
print(Xt.shape)
p = 0.6 * lr2.predict_proba(Xt)[:, 1] + 0.4 * nb.predict_proba(Xt_w)[:, 1]

sub = pd.read_csv('input/sample_submission.csv')
sub['score'] = p
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
