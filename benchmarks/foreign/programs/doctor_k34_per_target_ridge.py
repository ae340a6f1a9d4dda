# Doctor visits - four count targets, fit one model per target on log1p scale
import os
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split
from sklearn.linear_model import Ridge
from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor
from sklearn.neighbors import KNeighborsRegressor
from sklearn.metrics import mean_squared_error

train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')
targets = ['visits', 'ovisits', 'emergency', 'hospital']

# ---- look at the data ----
print(train.head())
print(train.shape, test.shape)
print(train.dtypes)
print(train.describe())
print(train.isnull().sum().sum(), 'missing values')
for c in ['health', 'adl', 'region', 'insurance', 'medicaid']:
    print(train[c].value_counts())
print(train[targets].describe())
# group means of the targets
print(train.groupby('health')[targets].mean())
print(train.groupby('adl')[targets].mean())
# correlation of the numeric columns with each target
num = train.select_dtypes('number').drop(columns=['id'])
print(num.corr()[targets].round(3))

# ---- encode ----
# yes/no columns to 0/1
yes_no = ['afam', 'married', 'employed', 'insurance', 'medicaid']
for df in [train, test]:
    for c in yes_no:
        df[c] = (df[c] == 'yes').astype(int)
    df['male'] = (df['gender'] == 'male').astype(int)
    df['adl_limited'] = (df['adl'] == 'limited').astype(int)
    df['health_num'] = df['health'].map({'poor': 0, 'average': 1, 'excellent': 2})
    # the original text columns are not needed any more
    df = df.drop(columns=['gender', 'adl', 'health'])

train = pd.get_dummies(train, columns=['region'], dtype=int)
test = pd.get_dummies(test, columns=['region'], dtype=int)
features = [c for c in train.columns if c not in targets + ['id']]
print('features used:', features)

X = train[features]
X_test = test[features]
X_tr, X_va, idx_tr, idx_va = train_test_split(X, np.arange(len(X)), test_size=0.2, random_state=7)

def rmsle(y_true, y_pred):
    return np.sqrt(mean_squared_error(np.log1p(y_true), np.log1p(np.clip(y_pred, 0, None))))

candidates = {
    'ridge': lambda: Ridge(alpha=3.0),
    'knn': lambda: KNeighborsRegressor(n_neighbors=40),
    'rf': lambda: RandomForestRegressor(n_estimators=150, min_samples_leaf=10, random_state=0, n_jobs=1),
    'gbr': lambda: GradientBoostingRegressor(n_estimators=120, max_depth=3, learning_rate=0.05, random_state=0),
}

sub = pd.DataFrame({'id': test['id']})
total = []
for t in targets:
    y_log = np.log1p(train[t].values)
    best_name, best_score = None, 1e9
    for name, make in candidates.items():
        m = make()
        m.fit(X_tr, y_log[idx_tr])
        s = rmsle(train[t].values[idx_va], np.expm1(m.predict(X_va)))
        print(f'{t:10s} {name:6s} RMSLE {s:.4f}')
        if s < best_score:
            best_name, best_score = name, s
    total.append(best_score)
    final = candidates[best_name]().fit(X, y_log)
    sub[t] = np.clip(np.expm1(final.predict(X_test)), 0, None)
    print(t, '-> best', best_name, round(best_score, 4))

os.makedirs('./submission', exist_ok=True)
sub.to_csv('./submission/submission.csv', index=False)
print(f'Validation mean RMSLE: {np.mean(total):.4f}')
