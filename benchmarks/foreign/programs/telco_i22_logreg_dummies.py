import numpy as np, pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
ss = pd.read_csv('./input/sample_submission.csv')
print(tr.shape, te.shape, 'pos rate', round(tr.churn.mean(), 4))

def fe(d):
    return (d
            .assign(log_ten=lambda x: np.log1p(x.tenure),
                    log_tot=lambda x: np.log1p(x.total_charges),
                    avg_chg=lambda x: x.total_charges / x.tenure.clip(lower=1),
                    m2m=lambda x: x.contract.eq('Month-to-month').astype(int),
                    echeck=lambda x: x.payment_method.eq('Electronic check').astype(int),
                    fiber_m2m=lambda x: (x.internet_service.eq('Fiber optic') & x.contract.eq('Month-to-month')).astype(int),
                    ten_q=lambda x: pd.qcut(x.tenure, 5, labels=False, duplicates='drop'))
            .pipe(pd.get_dummies, columns=['multiple_lines', 'internet_service', 'online_security', 'online_backup',
                                           'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies',
                                           'contract', 'payment_method', 'ten_q'], dtype=float))

df = pd.concat([tr, te], ignore_index=True).pipe(fe)
feats = [c for c in df.columns if c not in ('id', 'churn')]
tr, te = df.query('churn.notna()').reset_index(drop=True), df.query('churn.isna()').reset_index(drop=True)
X, y, Xt = tr[feats].values, tr.churn.astype(int).values, te[feats].values
print('n feats', len(feats))

oof, preds = np.zeros(len(X)), np.zeros(len(Xt))
for s in [42, 7]:
    for a, b in StratifiedKFold(5, shuffle=True, random_state=s).split(X, y):
        m = make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=2000))
        m.fit(X[a], y[a])
        oof[b] += m.predict_proba(X[b])[:, 1] / 2
        preds += m.predict_proba(Xt)[:, 1] / 10

print(f'CV AUC: {roc_auc_score(y, oof):.4f}')
pd.DataFrame({'id': te.id.astype(int), 'churn': preds}).to_csv('./submission/submission.csv', index=False)
