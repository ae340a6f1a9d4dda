# Penguin species classification with KNN
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import log_loss, accuracy_score

df = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

print(df.shape)
print(df.head())
print(df.describe())
print(df.isnull().sum())
print(df['species'].value_counts())

# Step 2: missing values
num_cols = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']
df[num_cols] = df[num_cols].fillna(df[num_cols].mean())
df['sex'] = df['sex'].fillna(df['sex'].mode()[0])
print(df.isnull().sum())

# Step 3: encode categorical
df = pd.get_dummies(df, columns=['island', 'sex'], drop_first=True)
print(df.head())

X = df.drop(['id', 'species', 'year'], axis=1)
y = df['species']

scaler = StandardScaler()
X_scaled = scaler.fit_transform(X)

X_train, X_val, y_train, y_val = train_test_split(X_scaled, y, test_size=0.2, random_state=1, stratify=y)

# try a few k values
for k in [1, 3, 5, 7, 9, 15]:
    knn = KNeighborsClassifier(n_neighbors=k)
    knn.fit(X_train, y_train)
    p = knn.predict_proba(X_val)
    print("k =", k, "acc =", accuracy_score(y_val, knn.predict(X_val)), "logloss =", log_loss(y_val, p))

# k=7 looked good
model = KNeighborsClassifier(n_neighbors=7)
model.fit(X_scaled, y)

# Step 4: test set, same cleaning
test = test.fillna(test.mean())
test['sex'] = test['sex'].fillna(test['sex'].mode()[0])
test = pd.get_dummies(test, columns=['island', 'sex'], drop_first=True)
X_test = test.drop(['id', 'year'], axis=1)
X_test = scaler.transform(X_test)

probs = model.predict_proba(X_test)
print(model.classes_)
sub = pd.DataFrame(probs, columns=model.classes_)
sub.insert(0, 'id', test['id'])
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
