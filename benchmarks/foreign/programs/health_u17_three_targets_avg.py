import pandas as pd
import numpy as np
from sklearn.pipeline import make_pipeline
from sklearn.compose import make_column_transformer
from sklearn.preprocessing import OneHotEncoder, StandardScaler, OrdinalEncoder
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import cross_val_predict, StratifiedKFold
from sklearn.metrics import roc_auc_score

df = pd.read_csv('input/train.csv')
dt = pd.read_csv('input/test.csv')
print(df.shape, dt.shape)
print(df.head())

T = ['health', 'limit', 'insurance']
print(df[T].mean())

cats = ['gender', 'married', 'selfemp', 'region', 'ethnicity', 'education']
nums = ['age', 'family']

for d in (df, dt):
    d['age2'] = (d['age'] - 40) ** 2 / 100
    d['big_fam'] = (d['family'] >= 5).astype(int)
    d['old'] = (d['age'] >= 55).astype(int)
nums += ['age2', 'big_fam', 'old']

X = df[cats + nums]
Xt = dt[cats + nums]

lr_pipe = make_pipeline(
    make_column_transformer((OneHotEncoder(handle_unknown='ignore'), cats), (StandardScaler(), nums)),
    LogisticRegression(C=0.5, max_iter=1000))
hgb_pipe = make_pipeline(
    make_column_transformer((OrdinalEncoder(), cats), remainder='passthrough'),
    HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, max_leaf_nodes=15, min_samples_leaf=40,
                                   l2_regularization=1.0, random_state=0))

sub = pd.read_csv('input/sample_submission.csv')
res = []
for t in T:
    y = df[t].values
    cv = StratifiedKFold(5, shuffle=True, random_state=1)
    p1 = cross_val_predict(lr_pipe, X, y, cv=cv, method='predict_proba')[:, 1]
    p2 = cross_val_predict(hgb_pipe, X, y, cv=cv, method='predict_proba')[:, 1]
    a1, a2 = roc_auc_score(y, p1), roc_auc_score(y, p2)
    a3 = roc_auc_score(y, (p1 + p2) / 2)
    print(t, 'lr', round(a1, 4), 'hgb', round(a2, 4), 'avg', round(a3, 4))
    res.append(a3)
    lr_pipe.fit(X, y)
    hgb_pipe.fit(X, y)
    sub[t] = (lr_pipe.predict_proba(Xt)[:, 1] + hgb_pipe.predict_proba(Xt)[:, 1]) / 2

print('mean AUC over 3 targets:', np.mean(res))
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
print(sub[T].describe())
