# HPC job runtime class prediction
import pandas as pd
import numpy as np
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score, f1_score

df = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(df.shape)
print(df.head())
print(df['class'].value_counts())
print(df['protocol'].value_counts())
print(df['day'].value_counts())
print(df.isnull().sum())

# Step 2: features
df['log_compounds'] = np.log1p(df['compounds'])
df['log_fields'] = np.log1p(df['input_fields'])
test['log_compounds'] = np.log1p(test['compounds'])
test['log_fields'] = np.log1p(test['input_fields'])

all_data = pd.concat([df, test])
all_data = pd.get_dummies(all_data, columns=['protocol', 'day'])
df = all_data[all_data['class'].notnull()]
test = all_data[all_data['class'].isnull()]
print(df.shape, test.shape)

X = df.drop(['id', 'class'], axis=1)
y = df['class']

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=7, stratify=y)

# Step 3: decision tree with different depths
for depth in [3, 5, 7, 10]:
    dt = DecisionTreeClassifier(max_depth=depth, random_state=7)
    dt.fit(X_train, y_train)
    print(depth, accuracy_score(y_val, dt.predict(X_val)))

# Step 4: random forest
rf = RandomForestClassifier(n_estimators=200, random_state=7)
rf.fit(X_train, y_train)
preds = rf.predict(X_val)
print("RF accuracy:", accuracy_score(y_val, preds))
print("RF F1:", f1_score(y_val, preds))

rf.fit(X, y)
test_preds = rf.predict(test.drop(['id', 'class'], axis=1))
sub = pd.DataFrame({'id': test['id'], 'class': test_preds})
sub.to_csv('submission/submission.csv', index=False)
print(sub['class'].value_counts())
