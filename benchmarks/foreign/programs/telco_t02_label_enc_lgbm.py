#!/usr/bin/env python
# coding: utf-8

# %% [markdown]
# # Telco churn | quick EDA + LR vs LightGBM

# %%
import numpy as np
import pandas as pd
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler, LabelEncoder
from lightgbm import LGBMClassifier

SEED = 2021

# %%
train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(train.shape, test.shape)
print(train.head())

# %%
print(train.info())
print(train.isnull().sum())

# %%
print(train['churn'].value_counts(normalize=True))
print(train.groupby('contract')['churn'].mean())
print(train.groupby('internet_service')['churn'].mean())
print(train.groupby('payment_method')['churn'].mean())

# %%
# total_charges has a few NaN -> customers with tenure 0
print(train[train.total_charges.isnull()][['tenure', 'monthly_charges', 'total_charges']])
train['total_charges'] = train['total_charges'].fillna(0)
test['total_charges'] = test['total_charges'].fillna(0)

# %% [markdown]
# ## Feature engineering

# %%
df = pd.concat([train, test], ignore_index=True)

df['tenure_bin'] = pd.cut(df['tenure'], bins=[-1, 6, 12, 24, 48, 60, 80], labels=False)
df['avg_charge'] = df['total_charges'] / (df['tenure'] + 1)
df['charge_diff'] = df['monthly_charges'] - df['avg_charge']

services = ['online_security', 'online_backup', 'device_protection', 'tech_support',
            'streaming_tv', 'streaming_movies']
df['n_services'] = (df[services] == 'Yes').sum(axis=1)
df['no_internet'] = (df['internet_service'] == 'No').astype(int)

# %%
cat_cols = ['multiple_lines', 'internet_service', 'online_security', 'online_backup',
            'device_protection', 'tech_support', 'streaming_tv', 'streaming_movies', 'contract']
for c in cat_cols:
    le = LabelEncoder()
    df[c] = le.fit_transform(df[c])

# frequency encoding for payment method
df['pay_freq'] = df['payment_method'].map(df['payment_method'].value_counts(normalize=True))

# %%
# target encoding contract x payment (train rows only)
df['contract_pay'] = df['contract'].astype(str) + '_' + df['payment_method']
te = df[df.churn.notnull()].groupby('contract_pay')['churn'].mean()
df['contract_pay_te'] = df['contract_pay'].map(te)
print(df[['contract_pay', 'contract_pay_te']].drop_duplicates().sort_values('contract_pay_te'))

# %%
train_df = df[df['churn'].notnull()].reset_index(drop=True)
test_df = df[df['churn'].isnull()].reset_index(drop=True)

drop_cols = ['id', 'churn', 'contract_pay']
X = train_df.drop(columns=drop_cols)
y = train_df['churn'].astype(int)
X_test = test_df.drop(columns=drop_cols)
print(X.shape, X_test.shape)
print(X.dtypes.value_counts())

# %% [markdown]
# ## CV: logistic regression vs lgbm

# %%
X_lr = pd.get_dummies(X, columns=['payment_method'], dtype=float)
X_test_lr = pd.get_dummies(X_test, columns=['payment_method'], dtype=float)

models = {
    'logreg': LogisticRegression(C=0.5, max_iter=2000),
    'lgbm': LGBMClassifier(n_estimators=400, learning_rate=0.02, num_leaves=15,
                           min_child_samples=40, colsample_bytree=0.7,
                           random_state=SEED, verbose=-1),
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
results = {}
for name, model in models.items():
    oof = np.zeros(len(X))
    for fold, (tr, va) in enumerate(skf.split(X, y)):
        if name == 'logreg':
            sc = StandardScaler()
            Xtr = sc.fit_transform(X_lr.iloc[tr])
            Xva = sc.transform(X_lr.iloc[va])
            model.fit(Xtr, y.iloc[tr])
            oof[va] = model.predict_proba(Xva)[:, 1]
        else:
            model.fit(X.iloc[tr], y.iloc[tr])
            oof[va] = model.predict_proba(X.iloc[va])[:, 1]
        print(f'{name} fold {fold}: {roc_auc_score(y.iloc[va], oof[va]):.4f}')
    results[name] = roc_auc_score(y, oof)
    print(f'>>> {name} OOF AUC: {results[name]:.4f}')

# %%
print(results)
best_name = max(results, key=results.get)
print('best:', best_name)

# %% [markdown]
# ## Fit on all data, predict

# %%
best = models[best_name]
if best_name == 'logreg':
    sc = StandardScaler()
    best.fit(sc.fit_transform(X_lr), y)
    preds = best.predict_proba(sc.transform(X_test_lr))[:, 1]
else:
    best.fit(X, y)
    preds = best.predict_proba(X_test)[:, 1]

sub = pd.DataFrame({'id': test_df['id'].astype(int), 'churn': preds})
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
print(sub.churn.describe())
