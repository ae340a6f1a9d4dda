import os, numpy as np, pandas as pd
from lightgbm import LGBMClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler, OneHotEncoder
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score

SEED, N_FOLDS = 5, 5
IN, WK = './input/', './working/'
os.makedirs(WK, exist_ok=True); os.makedirs('./submission', exist_ok=True)

tr, te = pd.read_csv(IN + 'train.csv'), pd.read_csv(IN + 'test.csv')
LABELS = np.array(sorted(tr['class'].unique()))
y = np.searchsorted(LABELS, tr.pop('class').values)
df = pd.concat([tr, te], ignore_index=True); n = len(tr)

for c in ['compounds', 'input_fields', 'num_pending', 'iterations']:
    df['lg_' + c] = np.log1p(df[c])
df['cost'] = df.lg_compounds + df.lg_input_fields + df.lg_iterations
df['busy'] = (df.num_pending > 0).astype(int)
df['night'] = ((df.hour < 7) | (df.hour > 20)).astype(int)
df['p_cnt'] = df.protocol.map(df.protocol.value_counts())
df['p_cost_mean'] = df.groupby('protocol')['cost'].transform('mean')
df['p_cost_max'] = df.groupby('protocol')['cost'].transform('max')
df['cost_rel'] = df.cost - df.p_cost_mean
df['comp_share'] = df.compounds / df.groupby('protocol')['compounds'].transform('sum')
df['pd'] = df.protocol + df.day
df['pd_cnt'] = df.groupby('pd')['id'].transform('count')
CATS = ['protocol', 'day', 'pd']
NUMS = [c for c in df.columns if c not in CATS + ['id']]
for c in CATS:
    df[c] = df[c].astype('category')
X, Xt = df.iloc[:n].reset_index(drop=True), df.iloc[n:].reset_index(drop=True)
skf = list(StratifiedKFold(N_FOLDS, shuffle=True, random_state=SEED).split(X, y))
f1m = lambda p: f1_score(y, p.argmax(1), average='macro')

def run(make, cols):
    oof, tst = np.zeros((n, len(LABELS))), np.zeros((len(te), len(LABELS)))
    for a, b in skf:
        m = make().fit(X.iloc[a][cols], y[a])
        oof[b] = m.predict_proba(X.iloc[b][cols]); tst += m.predict_proba(Xt[cols]) / N_FOLDS
    return oof, tst, m

feats = NUMS + CATS
oof_g, tst_g, m = run(lambda: LGBMClassifier(n_estimators=300, learning_rate=0.05, num_leaves=31, min_child_samples=10,
                                             colsample_bytree=0.8, subsample=0.8, subsample_freq=1,
                                             random_state=SEED, n_jobs=2, verbose=-1), feats)
print(f'LGBM OOF macro-F1: {f1m(oof_g):.4f}')
print(pd.Series(m.feature_importances_, index=feats).nlargest(8).to_string())

lin = lambda: Pipeline([
    ('pre', ColumnTransformer([('num', StandardScaler(), NUMS),
                               ('cat', OneHotEncoder(handle_unknown='ignore'), CATS)])),
    ('clf', LogisticRegression(C=1.0, multi_class='multinomial', class_weight='balanced', max_iter=3000))])
oof_r, tst_r, _ = run(lin, feats)
print(f'LR OOF macro-F1: {f1m(oof_r):.4f}')
np.save(WK + 'oof_lgb.npy', oof_g); np.save(WK + 'oof_lr.npy', oof_r)

ws = np.linspace(0, 1, 11)
w = ws[np.argmax([f1m(x * oof_g + (1 - x) * oof_r) for x in ws])]
pred = LABELS[(w * tst_g + (1 - w) * tst_r).argmax(1)]
pd.DataFrame({'id': te.id, 'class': pred}).to_csv('./submission/submission.csv', index=False)
print(f'Validation macro F1: {f1m(w * oof_g + (1 - w) * oof_r):.4f}')
