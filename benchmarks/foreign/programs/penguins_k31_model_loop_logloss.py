# Penguins species prediction - trying a few simple models and picking the best one
import numpy as np
import pandas as pd
from sklearn.model_selection import cross_val_score, StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline

# Step 1: load the data
train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')
sample = pd.read_csv('./input/sample_submission.csv')

# Step 2: look at the data
print(train.head())
print('train shape:', train.shape)
print('test shape:', test.shape)
print(train.dtypes)
print(train.describe())
print(train.isnull().sum())
print(train['species'].value_counts())
print(train['island'].value_counts())

# group means per species - which measurements separate them?
num_cols = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']
print(train.groupby('species')[num_cols].mean())
print(pd.crosstab(train['island'], train['species']))

# Step 3: fill missing values (median for numbers, most common for sex)
for col in num_cols:
    med = train[col].median()
    train[col] = train[col].fillna(med)
    test[col] = test[col].fillna(med)
train['sex'] = train['sex'].fillna('unknown')
test['sex'] = test['sex'].fillna('unknown')

# Step 4: one hot encode island and sex
full = pd.concat([train.drop(columns=['species']), test], axis=0)
full = pd.get_dummies(full, columns=['island', 'sex'], dtype=float)
X = full.iloc[:len(train)].drop(columns=['id'])
X_test = full.iloc[len(train):].drop(columns=['id'])
# a couple of ratio features
X['bill_ratio'] = X['bill_length_mm'] / X['bill_depth_mm']
X_test['bill_ratio'] = X_test['bill_length_mm'] / X_test['bill_depth_mm']
print('features:', list(X.columns))

# target as numbers in the same order as the submission columns
classes = ['Adelie', 'Chinstrap', 'Gentoo']
y = train['species'].map({c: i for i, c in enumerate(classes)}).values

# correlation of each feature with the (encoded) target, just to look
corr_df = X.copy()
corr_df['target'] = y
print(corr_df.corr()['target'].sort_values())

# Step 5: compare models with 5-fold CV log loss
models = {
    'LogReg': make_pipeline(StandardScaler(), LogisticRegression(C=5.0, max_iter=2000)),
    'KNN': make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=10)),
    'DecisionTree': DecisionTreeClassifier(max_depth=4, min_samples_leaf=5, random_state=1),
    'RandomForest': RandomForestClassifier(n_estimators=200, min_samples_leaf=2, random_state=1),
    'GradBoost': GradientBoostingClassifier(n_estimators=100, max_depth=2, learning_rate=0.1, random_state=1),
}
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
scores = {}
for name, model in models.items():
    s = -cross_val_score(model, X, y, cv=cv, scoring='neg_log_loss')
    scores[name] = s.mean()
    print(f'{name:13s} logloss = {s.mean():.4f} (+/- {s.std():.4f})')

best_name = min(scores, key=scores.get)
print('best model:', best_name)

# Step 6: refit best model on all the training data and predict
best = models[best_name]
best.fit(X, y)
proba = best.predict_proba(X_test)
proba = np.clip(proba, 1e-6, 1 - 1e-6)
proba = proba / proba.sum(axis=1, keepdims=True)

sub = pd.DataFrame({'id': test['id'].values})
for i, c in enumerate(classes):
    sub[c] = proba[:, i]
import os
os.makedirs('./submission', exist_ok=True)
sub.to_csv('./submission/submission.csv', index=False)
print(sub.head())
print(f'CV logloss: {scores[best_name]:.4f}')
