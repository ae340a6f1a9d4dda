# School math achievement - student level data, try adding school level stats
import numpy as np
import pandas as pd
from sklearn.model_selection import KFold, cross_val_score
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor
from sklearn.neighbors import KNeighborsRegressor

train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')

# --- first look ---
print(train.head())
print(train.shape, test.shape)
print(train.dtypes)
print(train.describe())
print(train.isnull().sum())
print(train['Minority'].value_counts())
print(train['Sex'].value_counts())

# School is an id, not a number -> treat it as a category
train['School'] = train['School'].astype(str)
print('number of schools in train:', train['School'].nunique())
print(train['School'].value_counts().head(10))

# correlation with target
print(train[['SES', 'MEANSES', 'MathAch']].corr()['MathAch'])
# group means
print(train.groupby('Minority')['MathAch'].mean())
print(train.groupby('Sex')['MathAch'].mean())

# --- encode the yes/no type columns ---
for df in [train, test]:
    df['minority_yes'] = (df['Minority'] == 'Yes').astype(int)
    df['male'] = (df['Sex'] == 'Male').astype(int)
    df['ses_diff'] = df['SES'] - df['MEANSES']

# school level features: size of school and share of minority students
def school_table(df):
    g = df.groupby('School').agg(school_size=('id', 'count'),
                                 school_minority=('minority_yes', 'mean'),
                                 school_ses_std=('SES', 'std'))
    return g.reset_index()

train_schools = school_table(train)
print(train_schools.head())
train = train.merge(train_schools, on='School', how='left')

# same school features for the test rows
test = test.merge(train_schools, on='School', how='left')
print('test rows without school info:', test['school_size'].isnull().sum())

features = ['minority_yes', 'male', 'SES', 'MEANSES', 'ses_diff',
            'school_size', 'school_minority', 'school_ses_std']
X = train[features].fillna(0)
y = train['MathAch']
X_test = test[features].fillna(0)

models = {
    'linear': LinearRegression(),
    'ridge': Ridge(alpha=10.0),
    'knn': KNeighborsRegressor(n_neighbors=50),
    'rf': RandomForestRegressor(n_estimators=100, min_samples_leaf=20, random_state=0, n_jobs=1),
    'gbr': GradientBoostingRegressor(n_estimators=150, max_depth=3, learning_rate=0.05, random_state=0),
}
kf = KFold(n_splits=5, shuffle=True, random_state=0)
results = {}
for name, m in models.items():
    rmse = -cross_val_score(m, X, y, cv=kf, scoring='neg_root_mean_squared_error').mean()
    results[name] = rmse
    print(name, 'CV RMSE:', round(rmse, 4))

best = min(results, key=results.get)
print('best:', best)
model = models[best].fit(X, y)
import os
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': test['id'], 'MathAch': model.predict(X_test)}).to_csv('./submission/submission.csv', index=False)
print(f'CV RMSE: {results[best]:.4f}')
