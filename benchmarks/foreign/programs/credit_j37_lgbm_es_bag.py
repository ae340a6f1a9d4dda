import pandas as pd, numpy as np, os
from lightgbm import LGBMClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score

tr, te = pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')
al = (pd.concat([tr, te], ignore_index=True)
      .assign(Income=lambda d: d.Income.fillna(d.groupby('Job').Income.transform('median')),
              lti=lambda d: d.Amount / d.Income, ltv=lambda d: d.Amount / d.Price, inst=lambda d: d.Amount / d.Time,
              burden=lambda d: (d.Amount / d.Time + d.Expenses) / d.Income, age_sen=lambda d: d.Seniority / (d.Age - 17))
      .pipe(lambda d: d.astype({c: 'category' for c in d.select_dtypes(include=['object', 'string']).columns})))
X, Xt = al[al.Status.notna()].drop(columns=['id', 'Status']), al[al.Status.isna()].drop(columns=['id', 'Status'])
y = tr.Status.values
print(X.dtypes.value_counts().to_dict(), X.shape, Xt.shape)

oof, pt, its = np.zeros(len(X)), np.zeros(len(Xt)), []
for f, (a, b) in enumerate(StratifiedKFold(5, shuffle=True, random_state=2024).split(X, y)):
    m = LGBMClassifier(n_estimators=2000, learning_rate=0.02, num_leaves=10, min_child_samples=30, subsample=0.8, subsample_freq=1,
                       colsample_bytree=0.75, reg_lambda=3, n_jobs=2, verbose=-1, random_state=f)
    print('fold', f, 'fitting', len(a))
    m.fit(X.iloc[a], y[a], eval_set=[(X.iloc[b], y[b])], eval_metric='binary_logloss', early_stopping_rounds=100)
    oof[b] = m.predict_proba(X.iloc[b])[:, 1]; pt += m.predict_proba(Xt)[:, 1] / 5; its.append(m.best_iteration_)
    print('  it', m.best_iteration_, 'll', round(log_loss(y[b], oof[b]), 4))
print('iters', its, 'auc', round(roc_auc_score(y, oof), 4))
print(f'CV logloss: {log_loss(y, oof):.4f}')
os.makedirs('submission', exist_ok=True)
pd.DataFrame({'id': te.id.values, 'Status': pt}).to_csv('submission/submission.csv', index=False)
