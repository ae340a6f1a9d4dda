# Credit risk - predict bad credit (Status = 1)
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.ensemble import RandomForestClassifier
from sklearn.preprocessing import LabelEncoder
from sklearn.metrics import log_loss, roc_auc_score

df = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')

print(df.shape, test.shape)
print(df.head())
print(df.describe())
print(df.isnull().sum())
print(df['Status'].value_counts())

# Step 2: missing values
for col in ['Income', 'Assets', 'Debt']:
    df[col] = df[col].fillna(df[col].median())
    test[col] = test[col].fillna(df[col].median())

for col in ['Home', 'Marital', 'Job']:
    df[col] = df[col].fillna('unknown')
    test[col] = test[col].fillna('unknown')

print(df.isnull().sum().sum(), test.isnull().sum().sum())

# Step 3: encode categories
for col in ['Home', 'Marital', 'Job']:
    le = LabelEncoder()
    le.fit(pd.concat([df[col], test[col]]))
    df[col] = le.transform(df[col])
    test[col] = le.transform(test[col])

# new features
df['loan_ratio'] = df['Amount'] / df['Price']
test['loan_ratio'] = test['Amount'] / test['Price']
df['savings'] = (df['Income'] - df['Expenses'] - df['Debt'] / 100)
test['savings'] = (test['Income'] - test['Expenses'] - test['Debt'] / 100)

print(df.head())

X = df.drop(['id', 'Status'], axis=1)
y = df['Status']
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=42, stratify=y)

# Step 4: random forest with a few min_samples_leaf values
for leaf in [1, 5, 10, 20]:
    model = RandomForestClassifier(n_estimators=150, min_samples_leaf=leaf, random_state=42)
    model.fit(X_train, y_train)
    p = model.predict_proba(X_val)[:, 1]
    print('min_samples_leaf =', leaf, ' logloss =', round(log_loss(y_val, p), 4), ' auc =', round(roc_auc_score(y_val, p), 4))

model = RandomForestClassifier(n_estimators=150, min_samples_leaf=10, random_state=42)
model.fit(X, y)
test_p = model.predict_proba(test.drop('id', axis=1))[:, 1]

submission = pd.DataFrame({'id': test['id'], 'Status': test_p})
submission.to_csv('submission/submission.csv', index=False)
print(submission.describe())
