# Food reviews - is the review "great" (score 1) or not? bag of words + simple models
import os
import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import MultinomialNB
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')

print(train.head())
print(train.shape, test.shape)
print(train.dtypes)
print(train.isnull().sum())
print(train['score'].value_counts(normalize=True))

# length of reviews vs target
train['n_chars'] = train['review'].str.len()
train['n_words'] = train['review'].str.split().str.len()
train['n_excl'] = train['review'].str.count('!')
print(train[['n_chars', 'n_words', 'n_excl']].describe())
print(train.groupby('score')[['n_chars', 'n_words', 'n_excl']].mean())
print(train[['n_chars', 'n_words', 'n_excl', 'score']].corr()['score'])

# split for validation
tr, va = train_test_split(train, test_size=0.2, stratify=train['score'], random_state=11)

vec = TfidfVectorizer(min_df=2, max_df=0.9, ngram_range=(1, 2), sublinear_tf=True, stop_words=None)
X_tr = vec.fit_transform(tr['review'])
X_va = vec.transform(va['review'])
print('tfidf matrix:', X_tr.shape)

models = {
    'logreg_C1': LogisticRegression(C=1.0, max_iter=2000),
    'logreg_C4': LogisticRegression(C=4.0, max_iter=2000),
    'nb': MultinomialNB(alpha=0.3),
    'rf': RandomForestClassifier(n_estimators=150, min_samples_leaf=2, random_state=0, n_jobs=1),
}
aucs = {}
for name, m in models.items():
    m.fit(X_tr, tr['score'])
    p = m.predict_proba(X_va)[:, 1]
    aucs[name] = roc_auc_score(va['score'], p)
    print(f'{name}: AUC {aucs[name]:.4f}')

# which words push a review towards "great"?
lr = models['logreg_C4']
words = np.array(vec.get_feature_names())
order = np.argsort(lr.coef_[0])
print('most negative words:', list(words[order[:20]]))
print('most positive words:', list(words[order[-20:]]))

best = max(aucs, key=aucs.get)
print('best model:', best)

# refit vectorizer + model on all training rows
X_all = vec.fit_transform(train['review'])
X_test = vec.transform(test['review'])
final = models[best]
final.fit(X_all, train['score'])
pred = final.predict_proba(X_test)[:, 1]

os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': test['id'], 'score': pred}).to_csv('./submission/submission.csv', index=False)
print(f'Validation AUC: {aucs[best]:.4f}')
