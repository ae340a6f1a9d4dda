import pandas as pd
import numpy as np
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import roc_auc_score
import warnings
warnings.filterwarnings('ignore')

tr = pd.read_csv('input/train.csv')
te = pd.read_csv('input/test.csv')
print(tr.shape, te.shape)
print(tr.head())
print(tr.churn.mean())

# cats
cats = ['multiple_lines', 'internet_service', 'online_security', 'online_backup',
        'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies',
        'contract', 'payment_method']

full = pd.concat([tr.drop(columns=['churn']), te], axis=0).reset_index(drop=True)
full['total_charges'] = full['total_charges'].fillna(0)
# quick feats
full['avg_charge'] = full['total_charges'] / (full['tenure'] + 1)
full['diff_charge'] = full['monthly_charges'] - full['avg_charge']
full['n_services'] = (full[cats[:8]] == 'Yes').sum(axis=1)
full['is_m2m'] = (full['contract'] == 'Month-to-month').astype(int)

for c in cats:
    full[c] = full[c].astype('category')

ntr = len(tr)
X = full.iloc[:ntr].drop(columns=['id'])
Xt = full.iloc[ntr:].drop(columns=['id'])
y = tr['churn'].values
print(X.shape, Xt.shape)

# one hot version for LR
oh = pd.get_dummies(full.drop(columns=['id']), columns=cats, dtype=float)
sc = StandardScaler()
oh = pd.DataFrame(sc.fit_transform(oh), columns=oh.columns)
Xo = oh.iloc[:ntr].values
Xot = oh.iloc[ntr:].values
print(Xo.shape, Xot.shape)

params = dict(n_estimators=2000, learning_rate=0.02, num_leaves=15, min_child_samples=40,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.7, reg_lambda=2.0, verbose=-1)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
oof_l = np.zeros(ntr)
oof_r = np.zeros(ntr)
p_l = np.zeros(len(te))
p_r = np.zeros(len(te))
for f, (a, b) in enumerate(skf.split(X, y)):
    m = lgb.LGBMClassifier(**params)
    m.fit(X.iloc[a], y[a], eval_set=[(X.iloc[b], y[b])], eval_metric='auc',
          callbacks=[lgb.early_stopping(100, verbose=False)])
    oof_l[b] = m.predict_proba(X.iloc[b])[:, 1]
    p_l += m.predict_proba(Xt)[:, 1] / 5

    lr = LogisticRegression(C=0.3, max_iter=2000)
    lr.fit(Xo[a], y[a])
    oof_r[b] = lr.predict_proba(Xo[b])[:, 1]
    p_r += lr.predict_proba(Xot)[:, 1] / 5
    print(f'fold {f} lgb {roc_auc_score(y[b], oof_l[b]):.4f} it={m.best_iteration_}  lr {roc_auc_score(y[b], oof_r[b]):.4f}')

print('LGB oof auc', roc_auc_score(y, oof_l))
print('LR  oof auc', roc_auc_score(y, oof_r))
best_w, best_s = 0, 0
for w in np.arange(0, 1.01, 0.1):
    s = roc_auc_score(y, w * oof_l + (1 - w) * oof_r)
    if s > best_s:
        best_w, best_s = w, s
print('blend w=%.1f  AUC=%.5f' % (best_w, best_s))

sub = pd.read_csv('input/sample_submission.csv')
sub['churn'] = best_w * p_l + (1 - best_w) * p_r
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
print(sub.shape)
