# Seattle weather - predict the kind of weather
import pandas as pd
import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score, confusion_matrix

train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(train.shape, test.shape)
print(train.head(10))
print(train.dtypes)
print(train['weather'].value_counts())
print(train.describe())

# Step 2: dates
train['date'] = pd.to_datetime(train['date'])
train['month'] = train['date'].dt.month
train['dayofyear'] = train['date'].dt.dayofyear
train['temp_range'] = train['temp_max'] - train['temp_min']

test['date'] = pd.to_datetime(test['date'])
test['month'] = test['date'].dt.month
test['dayofyear'] = test['date'].dt.dayofyear
test['temp_range'] = test['temp_max'] - test['temp_min']

print(train.groupby('month')['precipitation'].mean())

features = ['precipitation', 'temp_max', 'temp_min', 'wind', 'month', 'dayofyear', 'temp_range']
X = train[features]
y = train['weather']

X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)

# Step 3: tune max_depth by hand
scores = {}
for d in [3, 5, 8, 12, None]:
    rf = RandomForestClassifier(n_estimators=100, max_depth=d, random_state=0)
    rf.fit(X_train, y_train)
    acc = accuracy_score(y_test, rf.predict(X_test))
    scores[d] = acc
    print('max_depth', d, 'accuracy', round(acc, 4))

best = max(scores, key=scores.get)
print('best depth:', best)

rf = RandomForestClassifier(n_estimators=100, max_depth=best, random_state=0)
rf.fit(X_train, y_train)
pred = rf.predict(X_test)
print(confusion_matrix(y_test, pred))
print(pd.Series(rf.feature_importances_, index=features).sort_values(ascending=False))

# Step 4: final model
rf.fit(X, y)
test_pred = rf.predict(test[features])
print(pd.Series(test_pred).value_counts())

submission = pd.DataFrame({'id': test['id'], 'weather': test_pred})
submission.to_csv('submission/submission.csv', index=False)
