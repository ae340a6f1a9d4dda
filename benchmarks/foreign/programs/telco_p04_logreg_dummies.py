# Telco customer churn - logistic regression baseline
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import roc_auc_score, classification_report

df = pd.read_csv("input/train.csv")
test_df = pd.read_csv("input/test.csv")

print(df.shape)
df.info()
print(df.isnull().sum())
print(df['churn'].value_counts(normalize=True))
print(df['contract'].value_counts())

# Step 2: cleaning
# total_charges has a few missing values (new customers?)
print(df[df['total_charges'].isnull()][['tenure', 'monthly_charges', 'total_charges']])
df['total_charges'].fillna(df['total_charges'].median(), inplace=True)
test_df['total_charges'].fillna(df['total_charges'].median(), inplace=True)

# Step 3: one hot encoding
cat_cols = ['multiple_lines', 'internet_service', 'online_security', 'online_backup',
            'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies',
            'contract', 'payment_method']
df = pd.get_dummies(df, columns=cat_cols)
test_df = pd.get_dummies(test_df, columns=cat_cols)
print(df.shape, test_df.shape)

X = df.drop(['id', 'churn'], axis=1)
y = df['churn']
X_test = test_df[X.columns]

scaler = StandardScaler()
X = scaler.fit_transform(X)
X_test = scaler.transform(X_test)

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=42)

# Step 4: model
model = LogisticRegression(max_iter=500)
model.fit(X_train, y_train)
val_prob = model.predict_proba(X_val)[:, 1]
print("Validation AUC:", roc_auc_score(y_val, val_prob))
print(classification_report(y_val, model.predict(X_val)))

model.fit(X, y)
preds = model.predict_proba(X_test)[:, 1]

sub = pd.DataFrame({'id': test_df['id'], 'churn': preds})
sub.to_csv("submission/submission.csv", index=False)
print("saved", sub.shape)
