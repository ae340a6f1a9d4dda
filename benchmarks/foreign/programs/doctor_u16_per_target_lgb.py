import pandas as pd
import numpy as np
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold

train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(train.shape, test.shape)
print(train.head())

tg = ['visits', 'ovisits', 'emergency', 'hospital']
cat = ['health', 'adl', 'region', 'afam', 'gender', 'married', 'employed', 'insurance', 'medicaid']
print(train[tg].describe())

X = pd.get_dummies(train.drop(columns=['id'] + tg), columns=cat, drop_first=True, dtype=float)
X['inc_log'] = np.log1p(X['income'].clip(lower=0))
X['chron_age'] = X['chronic'] * X['age']
print(X.shape)
print(X.columns.tolist())

kf = KFold(5, shuffle=True, random_state=11)
P = dict(n_estimators=400, learning_rate=0.03, num_leaves=15, min_child_samples=30,
         subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=1.0, verbose=-1)

scores = {}
best_w = {}
for t in tg:
    y = np.log1p(train[t].values)
    o_g = np.zeros(len(X))
    o_r = np.zeros(len(X))
    for k, (a, b) in enumerate(kf.split(X)):
        m = lgb.LGBMRegressor(**P)
        m.fit(X.iloc[a], y[a])
        o_g[b] = m.predict(X.iloc[b])
        r = Ridge(alpha=5).fit(X.iloc[a], y[a])
        o_r[b] = r.predict(X.iloc[b])
    o_g = np.clip(o_g, 0, None)
    o_r = np.clip(o_r, 0, None)
    e_g = np.sqrt(np.mean((o_g - y) ** 2))
    e_r = np.sqrt(np.mean((o_r - y) ** 2))
    e_b = np.sqrt(np.mean((0.5 * o_g + 0.5 * o_r - y) ** 2))
    print(f'{t:10s} lgb {e_g:.4f} ridge {e_r:.4f} avg {e_b:.4f}')
    ww = np.linspace(0, 1, 11)
    ee = [np.sqrt(np.mean((w * o_g + (1 - w) * o_r - y) ** 2)) for w in ww]
    best_w[t] = ww[np.argmin(ee)]
    scores[t] = min(ee)

print(best_w)
print('mean RMSLE (cv):', np.mean(list(scores.values())))

# ---- final
Xte = pd.get_dummies(test.drop(columns=['id'] + tg), columns=cat, drop_first=True, dtype=float)
Xte['inc_log'] = np.log1p(Xte['income'].clip(lower=0))
Xte['chron_age'] = Xte['chronic'] * Xte['age']
Xte = Xte.reindex(columns=X.columns, fill_value=0)
print(Xte.shape)

sub = pd.read_csv('input/sample_submission.csv')
for t in tg:
    y = np.log1p(train[t].values)
    m = lgb.LGBMRegressor(**P).fit(X, y)
    r = Ridge(alpha=5).fit(X, y)
    p = best_w[t] * m.predict(Xte) + (1 - best_w[t]) * r.predict(Xte)
    sub[t] = np.expm1(np.clip(p, 0, None))

sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
print(sub[tg].mean())
