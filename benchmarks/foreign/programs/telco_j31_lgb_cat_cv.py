import pandas as pd, numpy as np, lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

tr = pd.read_csv('./input/train.csv'); te = pd.read_csv('./input/test.csv')
cats = [c for c in tr.columns if tr[c].dtype == object or str(tr[c].dtype) in ('str', 'string')]
fe = lambda d: (d.assign(avg_chg=lambda x: x.total_charges / x.tenure.clip(lower=1),
                         chg_gap=lambda x: x.monthly_charges * x.tenure - x.total_charges,
                         n_svc=lambda x: x[[c for c in cats if c not in ('contract', 'payment_method', 'internet_service')]].eq('Yes').sum(1))
                 .astype({c: 'category' for c in cats}))
al = pd.concat([tr.drop(columns='churn'), te]).pipe(fe)
X, Xt, y = al.iloc[:len(tr)].drop(columns='id'), al.iloc[len(tr):].drop(columns='id'), tr.churn.values
print(X.shape, Xt.shape, cats)

p = dict(objective='binary', learning_rate=0.03, num_leaves=15, min_child_samples=40, feature_fraction=0.7,
         bagging_fraction=0.8, bagging_freq=1, lambda_l2=2.0, verbose=-1, num_threads=2, seed=7)
oof, pt = np.zeros(len(X)), np.zeros(len(Xt))
for k, (a, b) in enumerate(StratifiedKFold(5, shuffle=True, random_state=7).split(X, y)):
    m = lgb.train(p, lgb.Dataset(X.iloc[a], y[a]), 1500, valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                  callbacks=[lgb.early_stopping(100, verbose=False)])
    oof[b] = m.predict(X.iloc[b], num_iteration=m.best_iteration); pt += m.predict(Xt, num_iteration=m.best_iteration) / 5
    print(k, m.best_iteration, round(roc_auc_score(y[b], oof[b]), 4))

print(f'Validation AUC: {roc_auc_score(y, oof):.4f}')
import os; os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': te.id, 'churn': pt}).to_csv('./submission/submission.csv', index=False)
