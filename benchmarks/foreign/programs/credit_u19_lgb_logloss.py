import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import LabelEncoder
from sklearn.metrics import log_loss

tr = pd.read_csv('input/train.csv')
te = pd.read_csv('input/test.csv')
print(tr.shape, te.shape)
print(tr.head())
print(tr.isnull().sum())
print('bad rate', tr.Status.mean())

# engineered
for d in [tr, te]:
    d['loan_to_price'] = d['Amount'] / d['Price']
    d['inc_per_exp'] = d['Income'] / d['Expenses']
    d['free_inc'] = d['Income'] - d['Expenses'] - d['Debt'] / 12
    d['inst'] = d['Amount'] / d['Time']
    d['inst_inc'] = d['inst'] / d['Income']
    d['net_assets'] = d['Assets'] - d['Debt']
    d['sen_age'] = d['Seniority'] / (d['Age'] - 17)

cat_cols = [c for c in tr.columns if tr[c].dtype == 'object']
print('cats:', cat_cols)
for c in cat_cols:
    le = LabelEncoder()
    le.fit(pd.concat([tr[c], te[c]]).fillna('NA'))
    tr[c] = le.transform(tr[c].fillna('NA'))
    te[c] = le.transform(te[c].fillna('NA'))

feats = [c for c in tr.columns if c not in ['id', 'Status']]
print(len(feats), feats)
X = tr[feats]
y = tr['Status'].values
Xt = te[feats]

params = {
    'objective': 'binary',
    'learning_rate': 0.02,
    'num_leaves': 20,
    'min_child_samples': 30,
    'feature_fraction': 0.7,
    'bagging_fraction': 0.8,
    'bagging_freq': 1,
    'lambda_l2': 3,
    'verbose': -1,
}

oof = np.zeros(len(X))
pred = np.zeros(len(Xt))
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
for fold, (a, b) in enumerate(skf.split(X, y)):
    dtr = lgb.Dataset(X.iloc[a], y[a])
    dva = lgb.Dataset(X.iloc[b], y[b], reference=dtr)
    bst = lgb.train(params, dtr, num_boost_round=3000, valid_sets=[dva],
                    callbacks=[lgb.early_stopping(150), lgb.log_evaluation(200)])
    oof[b] = bst.predict(X.iloc[b], num_iteration=bst.best_iteration)
    pred += bst.predict(Xt, num_iteration=bst.best_iteration) / 5
    print('fold %d logloss %.5f' % (fold, log_loss(y[b], oof[b])))

print('CV logloss:', log_loss(y, oof))

# 2nd seed avg
oof2 = np.zeros(len(X))
pred2 = np.zeros(len(Xt))
params['seed'] = 77
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=77)
for fold, (a, b) in enumerate(skf.split(X, y)):
    bst = lgb.train(params, lgb.Dataset(X.iloc[a], y[a]), num_boost_round=3000,
                    valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                    callbacks=[lgb.early_stopping(150, verbose=False)])
    oof2[b] = bst.predict(X.iloc[b], num_iteration=bst.best_iteration)
    pred2 += bst.predict(Xt, num_iteration=bst.best_iteration) / 5
print('CV logloss seed2:', log_loss(y, oof2))
print('CV logloss avg:', log_loss(y, (oof + oof2) / 2))

sub = pd.read_csv('input/sample_submission.csv')
sub['Status'] = np.clip((pred + pred2) / 2, 0.001, 0.999)
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
