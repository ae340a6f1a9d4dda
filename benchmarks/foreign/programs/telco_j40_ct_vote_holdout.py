import pandas as pd, numpy as np, os
from sklearn.compose import ColumnTransformer, make_column_selector as sel
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler, OrdinalEncoder
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier, VotingClassifier
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

tr, te = pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')
f = lambda d: d.assign(tc_gap=lambda x: (x.total_charges - x.monthly_charges * x.tenure) / (x.tenure + 1),
                       new=lambda x: (x.tenure < 6).astype(int), m2m=lambda x: x.contract.eq('Month-to-month').astype(int),
                       echk=lambda x: x.payment_method.str.contains('Electronic').astype(int)).drop(columns='id')
X, Xt, y = f(tr.drop(columns='churn')), f(te), tr.churn
print(X.shape, dict(zip(*np.unique(y, return_counts=True))), X.select_dtypes('number').isna().sum().loc[lambda s: s > 0].to_dict())

num, cat = sel(dtype_include='number'), sel(dtype_exclude='number')
lr = make_pipeline(ColumnTransformer([('n', make_pipeline(SimpleImputer(strategy='median'), StandardScaler()), num),
                                      ('c', OneHotEncoder(handle_unknown='ignore', drop='if_binary'), cat)]), LogisticRegression(C=0.2, max_iter=3000))
gb = make_pipeline(ColumnTransformer([('n', 'passthrough', num), ('c', OrdinalEncoder(handle_unknown='use_encoded_value', unknown_value=-1), cat)]),
                   HistGradientBoostingClassifier(learning_rate=0.05, max_iter=200, max_depth=4, min_samples_leaf=40, random_state=1))
vc = VotingClassifier([('lr', lr), ('gb', gb)], voting='soft', weights=[0.6, 0.4])
xa, xb, ya, yb = train_test_split(X, y, test_size=0.25, stratify=y, random_state=17)
sc = {k: roc_auc_score(yb, e.fit(xa, ya).predict_proba(xb)[:, 1]) for k, e in [('lr', lr), ('gb', gb), ('vote', vc)]}
print({k: round(v, 4) for k, v in sc.items()})
print(f"Validation AUC: {sc['vote']:.4f}")
os.makedirs('submission', exist_ok=True)
pd.DataFrame({'id': te.id, 'churn': vc.fit(X, y).predict_proba(Xt)[:, 1]}).to_csv('submission/submission.csv', index=False)
