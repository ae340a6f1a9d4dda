# Breast cancer classification - KNN vs logistic regression
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.neighbors import KNeighborsClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score, accuracy_score

data = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

print(data.shape)
print(data.head())
print(data.info())
print(data['diagnosis'].value_counts())
print(data.isnull().sum().sum())

X = data.drop(columns=['id', 'diagnosis'])
y = data['diagnosis']
print(X.shape, y.shape)

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.25, random_state=42, stratify=y)

# Step 2: scale because knn uses distances
sc = StandardScaler()
X_train = sc.fit_transform(X_train)
X_val = sc.transform(X_val)

# Step 3: find best k
best_k = 1
best_auc = 0
for k in range(1, 22, 2):
    knn = KNeighborsClassifier(n_neighbors=k)
    knn.fit(X_train, y_train)
    auc = roc_auc_score(y_val, knn.predict_proba(X_val)[:, 1])
    print("k=%d  acc=%.4f  auc=%.4f" % (k, accuracy_score(y_val, knn.predict(X_val)), auc))
    if auc > best_auc:
        best_auc = auc
        best_k = k
print("best k:", best_k, best_auc)

# Step 4: compare with logistic regression
logreg = LogisticRegression(C=1.0, max_iter=1000)
logreg.fit(X_train, y_train)
print("LogReg AUC:", roc_auc_score(y_val, logreg.predict_proba(X_val)[:, 1]))

# Step 5: final knn on all the data
sc = StandardScaler()
X_all = sc.fit_transform(X)
X_test = sc.transform(test.drop(columns=['id']))
knn = KNeighborsClassifier(n_neighbors=best_k)
knn.fit(X_all, y)
test_pred = knn.predict_proba(X_test)[:, 1]

sub = pd.read_csv("input/sample_submission.csv")
sub['diagnosis'] = test_pred
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
