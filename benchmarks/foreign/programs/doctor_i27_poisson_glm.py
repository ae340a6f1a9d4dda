import numpy as np, pandas as pd
from sklearn.linear_model import PoissonRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import KFold

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
TS = ['visits', 'ovisits', 'emergency', 'hospital']
print(tr[TS].describe().T[['mean', '50%', 'max']])

yn = {'no': 0, 'yes': 1}
df = (pd.concat([tr, te], ignore_index=True)
      .assign(afam=lambda d: d.afam.map(yn), married=lambda d: d.married.map(yn),
              insurance=lambda d: d.insurance.map(yn), medicaid=lambda d: d.medicaid.map(yn),
              adl=lambda d: d.adl.eq('limited').astype(int),
              gender=lambda d: d.gender.eq('male').astype(int),
              log_inc=lambda d: np.log1p(d.income.clip(lower=0)),
              chr2=lambda d: d.chronic ** 2,
              school_q=lambda d: pd.cut(d.school, [-1, 8, 11, 12, 30], labels=False))
      .pipe(pd.get_dummies, columns=['health', 'region'], drop_first=True, dtype=int))

feats = [c for c in df.columns if c not in ['id'] + TS]
X, Xt = df.iloc[:len(tr)][feats], df.iloc[len(tr):][feats]

rmsle = lambda y, p: np.sqrt(np.mean((np.log1p(p) - np.log1p(y)) ** 2))
sub = te[['id']].copy()
sc = []
for t in TS:
    y = tr[t].values
    oof, pr = np.zeros(len(X)), np.zeros(len(Xt))
    for a, b in KFold(5, shuffle=True, random_state=2024).split(X):
        m = make_pipeline(StandardScaler(), PoissonRegressor(alpha=1e-3, max_iter=500))
        m.fit(X.iloc[a], y[a])
        oof[b] = m.predict(X.iloc[b])
        pr += m.predict(Xt) / 5
    sc.append(rmsle(y, oof))
    sub[t] = pr
    print(t, round(sc[-1], 4))

print(f'CV RMSLE: {np.mean(sc):.4f}')
sub.to_csv('./submission/submission.csv', index=False)
