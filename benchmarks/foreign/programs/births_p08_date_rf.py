# Daily births in the US - regression
import pandas as pd
import numpy as np
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error

train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')

print(train.shape)
print(train.head())
print(train.describe())
print(train.groupby('wday')['births'].mean())
print(train.groupby('month')['births'].mean())

# Step 2: parse the date and make some features
train['date'] = pd.to_datetime(train['date'], format='%m/%d/%Y')
test['date'] = pd.to_datetime(test['date'], format='%m/%d/%Y')

train = train.sort_values('date')
train['t'] = (train['date'] - train['date'].min()).dt.days
test['t'] = (test['date'] - train['date'].min()).dt.days

# holidays matter a lot for births
def holiday(d):
    if d.month == 1 and d.day == 1:
        return 1
    if d.month == 7 and d.day == 4:
        return 1
    if d.month == 12 and d.day in [24, 25, 26, 31]:
        return 1
    return 0

train['holiday'] = train['date'].apply(holiday)
test['holiday'] = test['date'].apply(holiday)

features = ['year', 'month', 'day_of_year', 'day_of_month', 'day_of_week', 't', 'holiday']
X = train[features]
y = train['births']

# Step 3: validate on the last 2 years because test is in the future
cut = train['date'] >= '1983-01-01'
X_train, X_val = X[~cut], X[cut]
y_train, y_val = y[~cut], y[cut]
print(X_train.shape, X_val.shape)

lr = LinearRegression()
lr.fit(X_train, y_train)
print('LinearRegression MAE:', mean_absolute_error(y_val, lr.predict(X_val)))

rf = RandomForestRegressor(n_estimators=100, min_samples_leaf=3, random_state=0)
rf.fit(X_train, y_train)
print('RandomForest MAE:', mean_absolute_error(y_val, rf.predict(X_val)))

# Step 4: final
rf.fit(X, y)
test['births'] = rf.predict(test[features])
test[['id', 'births']].to_csv('submission/submission.csv', index=False)
print(test[['id', 'births']].head())
