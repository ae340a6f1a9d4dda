import pandas as pd, numpy as np, os
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.compose import make_column_transformer
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.impute import SimpleImputer
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

tr, te = pd.read_csv('./input/train.csv'), pd.read_csv('./input/test.csv')
cc = ['Home', 'Marital', 'Records', 'Job']
fe = lambda d: d.assign(lti=lambda x: x.Amount / x.Income, ltv=lambda x: x.Amount / x.Price,
                        net=lambda x: x.Assets.fillna(0) - x.Debt.fillna(0), inc_na=lambda x: x.Income.isna().astype(int),
                        free=lambda x: x.Income - x.Expenses).astype({c: 'category' for c in cc})
X, Xt, y = tr.pipe(fe).drop(columns=['id', 'Status']), te.pipe(fe).drop(columns='id'), tr.Status.values
nc = [c for c in X.columns if c not in cc]
print(X.shape, X.isna().sum()[lambda s: s > 0].to_dict())

hgb = lambda: HistGradientBoostingClassifier(learning_rate=0.04, max_iter=300, max_leaf_nodes=15, min_samples_leaf=30,
                                             l2_regularization=1.0, categorical_features='from_dtype', random_state=0)
lr = lambda: make_pipeline(make_column_transformer((make_pipeline(SimpleImputer(strategy='median'), StandardScaler()), nc),
                                                   (make_pipeline(SimpleImputer(strategy='most_frequent'), OneHotEncoder(handle_unknown='ignore')), cc)),
                           LogisticRegression(C=0.5, max_iter=2000))
o1, o2, p1, p2 = [np.zeros(n) for n in (len(X), len(X), len(Xt), len(Xt))]
for a, b in StratifiedKFold(5, shuffle=True, random_state=42).split(X, y):
    m = hgb().fit(X.iloc[a], y[a]); o1[b] = m.predict_proba(X.iloc[b])[:, 1]; p1 += m.predict_proba(Xt)[:, 1] / 5
    m = lr().fit(X.iloc[a].replace([np.inf, -np.inf], np.nan), y[a]); o2[b] = m.predict_proba(X.iloc[b].replace([np.inf, -np.inf], np.nan))[:, 1]
    p2 += m.predict_proba(Xt.replace([np.inf, -np.inf], np.nan))[:, 1] / 5
ws = {w: log_loss(y, w * o1 + (1 - w) * o2) for w in np.linspace(0, 1, 11).round(1)}
w = min(ws, key=ws.get)
print('hgb', round(log_loss(y, o1), 4), 'lr', round(log_loss(y, o2), 4), 'w', w)
print(f'CV logloss: {ws[w]:.4f}')
os.makedirs('submission', exist_ok=True)
pd.DataFrame({'id': te.id, 'Status': np.clip(w * p1 + (1 - w) * p2, 1e-4, 1 - 1e-4)}).to_csv('submission/submission.csv', index=False)
