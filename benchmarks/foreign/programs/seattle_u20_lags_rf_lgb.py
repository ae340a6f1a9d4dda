import pandas as pd
import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import TimeSeriesSplit
from sklearn.metrics import accuracy_score
import lightgbm as lgb

tr = pd.read_csv('input/train.csv')
te = pd.read_csv('input/test.csv')
print(tr.shape, te.shape)
print(tr.head())
print(tr.weather.value_counts(normalize=True))

tr['is_tr'] = 1
te['is_tr'] = 0
df = pd.concat([tr, te], ignore_index=True)
df['date'] = pd.to_datetime(df['date'])
df = df.sort_values('date').reset_index(drop=True)

df['month'] = df.date.dt.month
df['doy'] = df.date.dt.dayofyear
df['year'] = df.date.dt.year
df['trange'] = df.temp_max - df.temp_min
df['tmean'] = (df.temp_max + df.temp_min) / 2
df['wet'] = (df.precipitation > 0).astype(int)
for l in [1, 2]:
    df[f'prec_l{l}'] = df.precipitation.shift(l)
    df[f'prec_f{l}'] = df.precipitation.shift(-l)
    df[f'tmax_l{l}'] = df.temp_max.shift(l)
df['wind_l1'] = df.wind.shift(1)
df['prec_roll3'] = df.precipitation.rolling(3, center=True, min_periods=1).mean()
df = df.bfill().ffill()

F = ['precipitation', 'temp_max', 'temp_min', 'wind', 'month', 'doy', 'trange', 'tmean', 'wet',
     'prec_l1', 'prec_f1', 'prec_l2', 'prec_f2', 'tmax_l1', 'tmax_l2', 'wind_l1', 'prec_roll3']

A = df[df.is_tr == 1].reset_index(drop=True)
B = df[df.is_tr == 0].reset_index(drop=True)
print(A.shape, B.shape)
y = A['weather'].values
classes = np.unique(y)
print(classes)

tss = TimeSeriesSplit(n_splits=3)
accs = {'rf': [], 'lgb': [], 'lr': [], 'avg': []}
for k, (a, b) in enumerate(tss.split(A)):
    rf = RandomForestClassifier(n_estimators=300, max_depth=8, random_state=0, n_jobs=2)
    rf.fit(A.loc[a, F], y[a])
    g = lgb.LGBMClassifier(n_estimators=200, learning_rate=0.05, num_leaves=8, min_child_samples=10, verbose=-1)
    g.fit(A.loc[a, F], y[a])
    sc = StandardScaler().fit(A.loc[a, F])
    lr = LogisticRegression(C=1.0, max_iter=3000).fit(sc.transform(A.loc[a, F]), y[a])

    P = []
    for name, m, XX in [('rf', rf, A.loc[b, F]), ('lgb', g, A.loc[b, F]), ('lr', lr, sc.transform(A.loc[b, F]))]:
        pr = m.predict_proba(XX)
        # align cols in case a class is missing in this fold
        full = np.zeros((len(b), len(classes)))
        for i, c in enumerate(m.classes_):
            full[:, np.searchsorted(classes, c)] = pr[:, i]
        P.append(full)
        accs[name].append(accuracy_score(y[b], classes[full.argmax(1)]))
    pa = np.mean(P, axis=0)
    accs['avg'].append(accuracy_score(y[b], classes[pa.argmax(1)]))
    print(k, len(a), len(b), {n: round(v[-1], 3) for n, v in accs.items()})

for n, v in accs.items():
    print(n, 'acc', np.round(np.mean(v), 4))
print('last fold acc (closest to test):', accs['avg'][-1])

# final
rf.fit(A[F], y)
g.fit(A[F], y)
sc = StandardScaler().fit(A[F])
lr.fit(sc.transform(A[F]), y)
pt = (rf.predict_proba(B[F]) + g.predict_proba(B[F]) + lr.predict_proba(sc.transform(B[F]))) / 3
B['weather'] = classes[pt.argmax(1)]

sub = pd.read_csv('input/sample_submission.csv')
sub = sub[['id']].merge(B[['id', 'weather']], on='id', how='left')
print(sub.weather.value_counts())
sub.to_csv('submission/submission.csv', index=False)
print(sub.shape)
