# Titanic survival - final project script (converted from my notebook)
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score, accuracy_score

# Step 1: load the data
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

print(train.shape)
print(test.shape)
print(train.head())
print(train.info())
print(train.isnull().sum())

# Step 2: EDA
print(train['survived'].value_counts())
print(train.groupby('sex')['survived'].mean())
print(train.groupby('pclass')['survived'].mean())

# Step 3: feature engineering
# title is between the comma and the dot in the name
train['title'] = train['name'].str.split(',').str[1].str.split('.').str[0].str.strip()
print(train['title'].value_counts())

def fix_title(t):
    if t in ['Mr', 'Mrs', 'Miss', 'Master']:
        return t
    elif t in ['Mlle', 'Ms']:
        return 'Miss'
    elif t == 'Mme':
        return 'Mrs'
    else:
        return 'Rare'

train['title'] = train['title'].apply(fix_title)
train['sex'] = train['sex'].map({'male': 0, 'female': 1})
train['pclass'] = train['pclass'].map({'1st': 1, '2nd': 2, '3rd': 3})
train['age'] = train['age'].fillna(train['age'].median())
train['child'] = (train['age'] < 14).astype(int)

# same thing for test
test['title'] = test['name'].str.split(',').str[1].str.split('.').str[0].str.strip()
test['title'] = test['title'].apply(fix_title)
test['sex'] = test['sex'].map({'male': 0, 'female': 1})
test['pclass'] = test['pclass'].map({'1st': 1, '2nd': 2, '3rd': 3})
test['age'] = test['age'].fillna(train['age'].median())
test['child'] = (test['age'] < 14).astype(int)

train = pd.get_dummies(train, columns=['title'])
test = pd.get_dummies(test, columns=['title'])
print(train.columns)

features = ['sex', 'pclass', 'age', 'child', 'title_Master', 'title_Miss', 'title_Mr', 'title_Mrs', 'title_Rare']
for f in features:
    if f not in test.columns:
        test[f] = 0

X = train[features]
y = train['survived']

# Step 4: model
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=42)
print(X_train.shape, X_val.shape)

model = LogisticRegression(max_iter=1000)
model.fit(X_train, y_train)
pred = model.predict(X_val)
prob = model.predict_proba(X_val)[:, 1]
print("Accuracy:", accuracy_score(y_val, pred))
print("AUC:", roc_auc_score(y_val, prob))

# coefficients
for f, c in zip(features, model.coef_[0]):
    print(f, round(c, 3))

# Step 5: train on everything and predict
model = LogisticRegression(max_iter=1000)
model.fit(X, y)
test_prob = model.predict_proba(test[features])[:, 1]

sub = pd.DataFrame({'id': test['id'], 'survived': test_prob})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print("done")
