import pandas as pd, numpy as np
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_predict, StratifiedKFold
from sklearn.metrics import roc_auc_score

tr, te = pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')
y = tr.pop('churn').values
d = (pd.concat([tr, te], keys=['tr', 'te'])
     .assign(ltc=lambda x: np.log1p(x.total_charges), lten=lambda x: np.log1p(x.tenure),
             mc_x_ten=lambda x: x.monthly_charges * x.tenure / 1000,
             fib=lambda x: x.internet_service.eq('Fiber optic').astype(int))
     .fillna({'total_charges': 0})
     .pipe(pd.get_dummies, drop_first=True, dtype=float)
     .drop(columns='id'))
X, Xt = d.loc['tr'], d.loc['te']
print(X.shape, Xt.shape, y.mean().round(3))
print(X.iloc[:3, :8])

m = make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=2000))
oof = cross_val_predict(m, X, y, cv=StratifiedKFold(5, shuffle=True, random_state=0), method='predict_proba')[:, 1]
print(f'Validation AUC: {roc_auc_score(y, oof):.4f}')
pt = m.fit(X, y).predict_proba(Xt)[:, 1]
import os; os.makedirs('submission', exist_ok=True)
pd.DataFrame({'id': te.id, 'churn': pt}).to_csv('submission/submission.csv', index=False)
print('done', pt[:5].round(3))
