# Diamond price prediction
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_squared_error, mean_squared_log_error, r2_score

df = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')

print(df.shape)
print(df.head())
print(df.describe())
print(df['cut'].value_counts())
print(df['color'].value_counts())
print(df['clarity'].value_counts())

# some diamonds have 0 for x/y/z which is impossible
print((df[['x', 'y', 'z']] == 0).sum())

# Step 2: encode the quality columns in order (worst -> best)
cut_map = {'Fair': 1, 'Good': 2, 'Very Good': 3, 'Premium': 4, 'Ideal': 5}
color_map = {'J': 1, 'I': 2, 'H': 3, 'G': 4, 'F': 5, 'E': 6, 'D': 7}
clarity_map = {'I1': 1, 'SI2': 2, 'SI1': 3, 'VS2': 4, 'VS1': 5, 'VVS2': 6, 'VVS1': 7, 'IF': 8}

df['cut'] = df['cut'].map(cut_map)
df['color'] = df['color'].map(color_map)
df['clarity'] = df['clarity'].map(clarity_map)
df['volume'] = df['x'] * df['y'] * df['z']

test['cut'] = test['cut'].map(cut_map)
test['color'] = test['color'].map(color_map)
test['clarity'] = test['clarity'].map(clarity_map)
test['volume'] = test['x'] * test['y'] * test['z']

print(df.isnull().sum())
print(df.corr()['price'].sort_values())

features = ['carat', 'cut', 'color', 'clarity', 'depth', 'table', 'x', 'y', 'z', 'volume']
X = df[features]
y = df['price']

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=42)

# Step 3: linear regression first
lr = LinearRegression()
lr.fit(X_train, y_train)
lr_pred = lr.predict(X_val)
print('Linear regression RMSE:', np.sqrt(mean_squared_error(y_val, lr_pred)))
print('Linear regression R2:', r2_score(y_val, lr_pred))

# Step 4: random forest
rf = RandomForestRegressor(n_estimators=100, random_state=42, n_jobs=-1)
rf.fit(X_train, y_train)
rf_pred = rf.predict(X_val)
print('Random forest RMSE:', np.sqrt(mean_squared_error(y_val, rf_pred)))
print('Random forest R2:', r2_score(y_val, rf_pred))
print('Random forest RMSLE:', np.sqrt(mean_squared_log_error(y_val, rf_pred)))

# Step 5: fit on all of train
rf.fit(X, y)
test['price'] = rf.predict(test[features])
test[['id', 'price']].to_csv('submission/submission.csv', index=False)
print(test[['id', 'price']].head())
