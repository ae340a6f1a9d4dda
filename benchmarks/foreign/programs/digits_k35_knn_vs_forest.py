# Digits - 8x8 images flattened to 64 pixel columns, compare a few classifiers
import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import accuracy_score, confusion_matrix

train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')

# look at things first
print(train.head())
print(train.shape, test.shape)
print(train.dtypes.value_counts())
print(train.isnull().sum().sum(), 'missing')
print(train['digit'].value_counts().sort_index())
print(train.describe().T.head(12))

pixel_cols = [c for c in train.columns if c.startswith('pixel_')]
# which pixels are always zero?
const = [c for c in pixel_cols if train[c].std() == 0]
print('constant pixels:', const)

# mean image per digit -> save as a picture
fig, axes = plt.subplots(2, 5, figsize=(8, 4))
for d in range(10):
    img = train.loc[train['digit'] == d, pixel_cols].mean().values.reshape(8, 8)
    ax = axes[d // 5, d % 5]
    ax.imshow(img, cmap='gray_r')
    ax.set_title(str(d))
    ax.axis('off')
plt.tight_layout()
plt.savefig('mean_digits.png')
plt.close()

X = train[pixel_cols].values / 16.0
y = train['digit'].values
X_test = test[pixel_cols].values / 16.0

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.25, stratify=y, random_state=3)
print('train part', X_tr.shape, 'valid part', X_va.shape)

models = {
    'knn3': KNeighborsClassifier(n_neighbors=3),
    'knn7': KNeighborsClassifier(n_neighbors=7, weights='distance'),
    'logreg': make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=3000)),
    'tree': DecisionTreeClassifier(max_depth=10, random_state=0),
    'forest': RandomForestClassifier(n_estimators=300, random_state=0, n_jobs=1),
}
acc = {}
for name, m in models.items():
    m.fit(X_tr, y_tr)
    acc[name] = accuracy_score(y_va, m.predict(X_va))
    print(f'{name:7s} accuracy = {acc[name]:.4f}')

best = max(acc, key=acc.get)
print('best:', best)
print(confusion_matrix(y_va, models[best].predict(X_va)))

# refit on all labelled rows
final = models[best]
final.fit(X, y)
pred = final.predict(X_test)
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': test['id'], 'digit': pred}).to_csv('./submission/submission.csv', index=False)
print(f'accuracy = {acc[best]:.4f}')
