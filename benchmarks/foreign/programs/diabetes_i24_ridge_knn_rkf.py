import numpy as np, pandas as pd
from sklearn.linear_model import RidgeCV
from sklearn.neighbors import KNeighborsRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_error

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
T = 'progression'

df = (pd.concat([tr, te], ignore_index=True)
      .assign(sex=lambda d: d.sex.sub(1),
              bmi_bp=lambda d: d.bmi * d.bp / 100,
              s5_bmi=lambda d: d.s5 * d.bmi,
              ldl_hdl=lambda d: d.s2 / d.s3,
              bmi_q=lambda d: pd.qcut(d.bmi, 5, labels=False),
              age_c=lambda d: pd.cut(d.age, [0, 35, 50, 60, 100], labels=False))
      .assign(bmi_dev=lambda d: d.bmi - d.groupby('sex').bmi.transform('median')))

feats = [c for c in df.columns if c not in ('id', T)]
X, y = df.loc[df[T].notna(), feats].values, tr[T].values
Xt = df.loc[df[T].isna(), feats].values
knn_f = [feats.index(c) for c in ['bmi', 'bp', 's5', 's3', 'bmi_bp', 's5_bmi']]

mods = {
    'ridge': lambda: make_pipeline(StandardScaler(), RidgeCV(alphas=np.logspace(-2, 3, 30))),
    'knn': lambda: make_pipeline(StandardScaler(), KNeighborsRegressor(25, weights='distance')),
}
oof = {k: np.zeros(len(X)) for k in mods}
preds = {k: np.zeros(len(Xt)) for k in mods}
SEEDS = range(5)
for s in SEEDS:
    for a, b in KFold(5, shuffle=True, random_state=s).split(X):
        for k, mk in mods.items():
            cols = knn_f if k == 'knn' else slice(None)
            m = mk().fit(X[a][:, cols], y[a])
            oof[k][b] += m.predict(X[b][:, cols]) / len(SEEDS)
            preds[k] += m.predict(Xt[:, cols]) / (5 * len(SEEDS))

rmse = lambda p: mean_squared_error(y, p) ** 0.5
for k in mods:
    print(f'{k:6s} rmse {rmse(oof[k]):.3f}')
w = 0.7
blend = w * oof['ridge'] + (1 - w) * oof['knn']
print(f'CV RMSE: {rmse(blend):.3f}')

pd.DataFrame({'id': te.id, T: w * preds['ridge'] + (1 - w) * preds['knn']}).to_csv('./submission/submission.csv', index=False)
