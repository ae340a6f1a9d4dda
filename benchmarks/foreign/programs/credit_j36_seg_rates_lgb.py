import pandas as pd, numpy as np, lightgbm as lgb, os
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

tr, te = pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')
tr = tr.assign(Records=lambda d: d.Records.map({'no': 0, 'yes': 1}), Job=lambda d: d.Job.fillna('fixed'))
print(tr.corr(numeric_only=True).Status.drop('id').sort_values().round(3).to_dict())

pri, a = tr.Status.mean(), 20
seg = (tr.groupby(['Records', 'Job']).Status.agg(['sum', 'size'])
       .assign(seg_rate=lambda s: (s['sum'] + a * pri) / (s['size'] + a)).reset_index()[['Records', 'Job', 'seg_rate']])
print(seg)
tr = tr.merge(seg, on=['Records', 'Job'], how='left')
te = te.assign(Job=lambda d: d.Job.fillna('fixed')).merge(seg, on=['Records', 'Job'], how='left')
print(tr.seg_rate.describe().round(3).to_dict())

fe = lambda d: d.assign(lti=d.Amount / d.Income, ltv=d.Amount / d.Price, pay=d.Amount / d.Time, fr=d.Income - d.Expenses,
                        Records=d.Records.astype(int)).astype({c: 'category' for c in ['Home', 'Marital', 'Job']})
X, Xt, y = tr.pipe(fe).drop(columns=['id', 'Status']), te.pipe(fe).drop(columns='id'), tr.Status.values
p = dict(objective='binary', learning_rate=0.02, num_leaves=8, min_data_in_leaf=40, feature_fraction=0.8, bagging_fraction=0.8,
         bagging_freq=1, lambda_l2=5, verbose=-1, num_threads=2)
oof, pt = np.zeros(len(X)), np.zeros(len(Xt))
for a_, b_ in StratifiedKFold(5, shuffle=True, random_state=11).split(X, y):
    m = lgb.train(p, lgb.Dataset(X.iloc[a_], y[a_]), 2000, valid_sets=[lgb.Dataset(X.iloc[b_], y[b_])], callbacks=[lgb.early_stopping(100, verbose=False)])
    oof[b_] = m.predict(X.iloc[b_], num_iteration=m.best_iteration); pt += m.predict(Xt, num_iteration=m.best_iteration) / 5
print(f'CV logloss: {log_loss(y, oof):.4f}')
os.makedirs('submission', exist_ok=True)
pd.DataFrame({'id': te.id, 'Status': pt}).to_csv('submission/submission.csv', index=False)
