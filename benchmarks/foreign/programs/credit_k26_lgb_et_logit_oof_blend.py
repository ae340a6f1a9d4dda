import os, numpy as np, pandas as pd, lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import log_loss

SEED, N_FOLDS = 314, 5
IN, WK = './input/', './working/'
TARGET = 'Status'
os.makedirs(WK, exist_ok=True); os.makedirs('./submission', exist_ok=True)

tr, te = pd.read_csv(IN + 'train.csv'), pd.read_csv(IN + 'test.csv')
y = tr[TARGET].values; n = len(tr)
df = pd.concat([tr.drop(columns=TARGET), te], ignore_index=True)

cats = ['Home', 'Marital', 'Records', 'Job']
df['loan_to_price'] = df.Amount / df.Price
df['monthly_pay'] = df.Amount / df.Time
df['free_cash'] = df.Income - df.Expenses - df.monthly_pay
df['pay_to_inc'] = df.monthly_pay / df.Income
df['net_worth'] = df.Assets - df.Debt
df['age_start'] = df.Age - df.Seniority
df['inc_missing'] = df.Income.isna().astype(int)
num_raw = ['Income', 'Assets', 'Debt']
df[num_raw] = df[num_raw].fillna(df[num_raw].median())
for c in cats:
    df[c] = df[c].fillna('unk')
    df[f'cnt_{c}'] = df[c].map(df[c].value_counts())
df['inc_vs_job'] = df.Income / df.groupby('Job')['Income'].transform('median')
df['amt_vs_home'] = df.Amount / df.groupby('Home')['Amount'].transform('mean')
df['rec_job'] = df.Records + '_' + df.Job
cats += ['rec_job']
for c in cats:
    df[c] = df[c].astype('category')
feats = [c for c in df.columns if c != 'id']
X, Xt = df.iloc[:n][feats].reset_index(drop=True), df.iloc[n:][feats].reset_index(drop=True)
OH = pd.get_dummies(df[feats], columns=cats, dtype=float)
Xo, Xot = OH.iloc[:n].values, OH.iloc[n:].values
folds = list(StratifiedKFold(N_FOLDS, shuffle=True, random_state=SEED).split(X, y))

def run_lgb():
    P = dict(objective='binary', learning_rate=0.02, num_leaves=12, min_data_in_leaf=30, feature_fraction=0.6,
             bagging_fraction=0.8, bagging_freq=1, lambda_l2=8.0, verbose=-1, num_threads=2, seed=SEED)
    oof, tst, imp = np.zeros(n), np.zeros(len(te)), pd.Series(0.0, index=feats)
    for f, (a, b) in enumerate(folds):
        m = lgb.train(P, lgb.Dataset(X.iloc[a], y[a]), 3000, valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                      callbacks=[lgb.early_stopping(150, verbose=False)])
        oof[b] = m.predict(X.iloc[b], num_iteration=m.best_iteration)
        tst += m.predict(Xt, num_iteration=m.best_iteration) / N_FOLDS
        imp += m.feature_importance('gain')
        print(f'  lgb fold {f}: {log_loss(y[b], oof[b]):.4f} ({m.best_iteration} it)')
    print(imp.sort_values(ascending=False).head(8).round(0).to_string())
    return oof, tst

def run_sk(make):
    oof, tst = np.zeros(n), np.zeros(len(te))
    for a, b in folds:
        m = make().fit(Xo[a], y[a])
        oof[b] = m.predict_proba(Xo[b])[:, 1]
        tst += m.predict_proba(Xot)[:, 1] / N_FOLDS
    return oof, tst

models = {
    'lgb': run_lgb,
    'et': lambda: run_sk(lambda: ExtraTreesClassifier(300, min_samples_leaf=6, max_features=0.4, n_jobs=2, random_state=SEED)),
    'lr': lambda: run_sk(lambda: make_pipeline(StandardScaler(), LogisticRegression(C=0.1, max_iter=3000))),
}
OOF, TST = {}, {}
for k, fn in models.items():
    OOF[k], TST[k] = fn()
    np.save(f'{WK}oof_{k}.npy', OOF[k]); np.save(f'{WK}test_{k}.npy', TST[k])
    print(f'{k:4s} OOF logloss: {log_loss(y, OOF[k]):.5f}')

O, T = np.column_stack(list(OOF.values())), np.column_stack(list(TST.values()))
grid = [np.array([a, b, 1 - a - b]) for a in np.arange(0, 1.01, 0.05) for b in np.arange(0, 1.01 - a, 0.05)]
best = min(grid, key=lambda w: log_loss(y, np.clip(O @ w, 1e-6, 1 - 1e-6)))
print('weights', dict(zip(OOF, best.round(2))))
pd.DataFrame({'id': te.id, TARGET: np.clip(T @ best, 1e-4, 1 - 1e-4)}).to_csv('./submission/submission.csv', index=False)
print(f'CV logloss: {log_loss(y, np.clip(O @ best, 1e-6, 1 - 1e-6)):.5f}')
