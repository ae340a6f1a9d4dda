import os, numpy as np, pandas as pd, lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.metrics import f1_score

SEED, N_FOLDS = 13, 4
SEEDS = [13, 31]
DATA, WORK = './input', './working'
os.makedirs(WORK, exist_ok=True); os.makedirs('./submission', exist_ok=True)

tr = pd.read_csv(f'{DATA}/train.csv'); te = pd.read_csv(f'{DATA}/test.csv')
CLASSES = sorted(tr['class'].unique()); K = len(CLASSES)
cmap = {c: i for i, c in enumerate(CLASSES)}
y = tr['class'].map(cmap).values
df = pd.concat([tr.drop(columns='class'), te], ignore_index=True); n = len(tr)

DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
df['dow'] = df.day.map({d: i for i, d in enumerate(DAYS)})
df['weekend'] = (df.dow >= 5).astype(int)
df['hr_sin'], df['hr_cos'] = np.sin(2 * np.pi * df.hour / 24), np.cos(2 * np.pi * df.hour / 24)
df['l_comp'], df['l_inp'], df['l_pend'] = np.log1p(df.compounds), np.log1p(df.input_fields), np.log1p(df.num_pending)
df['work'] = df.l_comp + df.l_inp + np.log(df.iterations)
df['inp_per_comp'] = df.input_fields / df.compounds
df['prot_cnt'] = df.groupby('protocol')['id'].transform('count')
for c in ['l_comp', 'l_inp', 'work']:
    g = df.groupby('protocol')[c]
    df[f'{c}_pz'] = (df[c] - g.transform('mean')) / (g.transform('std') + 1e-6)
df['prot_day_cnt'] = df.groupby(['protocol', 'day'])['id'].transform('count')
df['protocol'] = df.protocol.astype('category')
feats = [c for c in df.columns if c not in ['id', 'day']]
X, Xt = df.iloc[:n][feats].reset_index(drop=True), df.iloc[n:][feats].reset_index(drop=True)
Xe, Xet = pd.get_dummies(X, columns=['protocol'], dtype=float), pd.get_dummies(Xt, columns=['protocol'], dtype=float)
Xet = Xet.reindex(columns=Xe.columns, fill_value=0.0)

P = dict(objective='multiclass', num_class=K, learning_rate=0.08, num_leaves=31, min_data_in_leaf=10,
         feature_fraction=0.8, bagging_fraction=0.85, bagging_freq=1, lambda_l2=1.0, verbose=-1, num_threads=2)
oof_l, oof_e = np.zeros((n, K)), np.zeros((n, K))
tst_l, tst_e = np.zeros((len(te), K)), np.zeros((len(te), K))
gain = pd.Series(0.0, index=feats)
for s in SEEDS:
    for f, (a, b) in enumerate(StratifiedKFold(N_FOLDS, shuffle=True, random_state=s).split(X, y)):
        bst = lgb.train({**P, 'seed': s}, lgb.Dataset(X.iloc[a], y[a]), 1000,
                        valid_sets=[lgb.Dataset(X.iloc[b], y[b])], callbacks=[lgb.early_stopping(50, verbose=False)])
        oof_l[b] += bst.predict(X.iloc[b], num_iteration=bst.best_iteration) / len(SEEDS)
        tst_l += bst.predict(Xt, num_iteration=bst.best_iteration) / (N_FOLDS * len(SEEDS))
        gain += bst.feature_importance('gain')
        et = ExtraTreesClassifier(120, min_samples_leaf=1, max_features=0.6, class_weight='balanced',
                                  n_jobs=2, random_state=s).fit(Xe.iloc[a], y[a])
        oof_e[b] += et.predict_proba(Xe.iloc[b]) / len(SEEDS)
        tst_e += et.predict_proba(Xet) / (N_FOLDS * len(SEEDS))
    print(f'seed {s} done, lgb f1 {f1_score(y, oof_l.argmax(1), average="macro"):.4f}')

np.save(f'{WORK}/oof_lgb.npy', oof_l); np.save(f'{WORK}/oof_et.npy', oof_e)
np.save(f'{WORK}/tst_lgb.npy', tst_l); np.save(f'{WORK}/tst_et.npy', tst_e)
f1 = lambda p: f1_score(y, p.argmax(1), average='macro')
print(f'LGB OOF macro-F1 {f1(oof_l):.4f} | ET OOF macro-F1 {f1(oof_e):.4f}')
print((gain / gain.sum()).sort_values(ascending=False).head(10).round(4).to_string())

best_w, best = 0.0, -1
for w in np.linspace(0, 1, 11):
    sc = f1(w * oof_e + (1 - w) * oof_l)
    if sc > best: best_w, best = w, sc
blend, blend_t = best_w * oof_e + (1 - best_w) * oof_l, best_w * tst_e + (1 - best_w) * tst_l
print(f'ET weight {best_w:.1f} -> {best:.4f}')

# per-class probability scaling, coordinate ascent on OOF
scale = np.ones(K)
for it in range(3):
    for k in range(K):
        cands = np.arange(0.5, 2.55, 0.15)
        scores = []
        for c in cands:
            s_ = scale.copy(); s_[k] = c
            scores.append(f1(blend * s_))
        scale[k] = cands[int(np.argmax(scores))]
print('class scales', dict(zip(CLASSES, scale.round(2))))
pred = (blend_t * scale).argmax(1)
sub = pd.DataFrame({'id': te.id, 'class': np.array(CLASSES)[pred]})
sub.to_csv('./submission/submission.csv', index=False)
print(sub['class'].value_counts().to_dict())
print(f'Validation macro F1: {f1(blend * scale):.4f}')
