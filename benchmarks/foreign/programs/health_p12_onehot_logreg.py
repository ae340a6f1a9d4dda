# Health insurance survey - three yes/no targets
import pandas as pd
import numpy as np
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

df = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')

print(df.shape, test.shape)
print(df.head())
df.info()
targets = ['health', 'limit', 'insurance']
for t in targets:
    print(df[t].value_counts())

cat_cols = ['gender', 'married', 'selfemp', 'region', 'ethnicity', 'education']
num_cols = ['age', 'family']

for c in cat_cols:
    print(c, df[c].unique())

# Step 2: one hot encode
ohe = OneHotEncoder(sparse=False, handle_unknown='ignore')
X_cat = ohe.fit_transform(df[cat_cols])
X_test_cat = ohe.transform(test[cat_cols])

sc = StandardScaler()
X_num = sc.fit_transform(df[num_cols])
X_test_num = sc.transform(test[num_cols])

X = np.hstack([X_num, X_cat])
X_test = np.hstack([X_test_num, X_test_cat])
print(X.shape, X_test.shape)

# Step 3: one logistic regression per target
sub = pd.DataFrame({'id': test['id']})
aucs = []
for t in targets:
    y = df[t]
    X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=0)
    model = LogisticRegression(max_iter=1000)
    model.fit(X_train, y_train)
    auc = roc_auc_score(y_val, model.predict_proba(X_val)[:, 1])
    aucs.append(auc)
    print(t, 'AUC =', round(auc, 4))
    model.fit(X, y)
    sub[t] = model.predict_proba(X_test)[:, 1]

print('mean AUC:', np.mean(aucs))
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
