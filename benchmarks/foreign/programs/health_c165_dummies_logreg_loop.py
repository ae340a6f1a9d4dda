import pandas as pd
import numpy as np
import os
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape)
print("test", test.shape)
print(train.head())
print(train.dtypes)

targets = ["health", "limit", "insurance"]
for t in targets:
    print(t, "mean:", train[t].mean())

feature_cols = ["age", "gender", "married", "selfemp", "family", "region", "ethnicity", "education"]
cat_cols = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
num_cols = ["age", "family"]

# one hot train + test together so columns line up
full = pd.concat([train[feature_cols], test[feature_cols]], axis=0, ignore_index=True)
print("full", full.shape)
full = pd.get_dummies(full, columns=cat_cols, drop_first=True)
print("after dummies", full.shape)
print(full.dtypes.value_counts())
full["age_sq"] = full["age"] ** 2 / 100.0
full["family_log"] = np.log1p(full["family"])
full = full.astype(float)

X_all = full.iloc[: len(train)].values
X_test = full.iloc[len(train):].values
print("X_all", X_all.shape, X_all.dtype, "X_test", X_test.shape)

scaler = StandardScaler()
X_all_s = scaler.fit_transform(X_all)
X_test_s = scaler.transform(X_test)

idx = np.arange(len(train))
tr_idx, va_idx = train_test_split(idx, test_size=0.2, random_state=1)
print("split", len(tr_idx), len(va_idx))

aucs = []
test_preds = {}
for t in targets:
    y = train[t].values
    print("---", t, "---", y.shape, y.dtype, np.bincount(y))
    best_auc = -1
    best_c = None
    for c in [0.01, 0.1, 1.0, 10.0]:
        m = LogisticRegression(C=c, max_iter=2000)
        m.fit(X_all_s[tr_idx], y[tr_idx])
        p = m.predict_proba(X_all_s[va_idx])[:, 1]
        a = roc_auc_score(y[va_idx], p)
        print("  C", c, "auc", round(a, 4))
        if a > best_auc:
            best_auc = a
            best_c = c
    print("  best", best_c, best_auc)
    aucs.append(best_auc)
    m = LogisticRegression(C=best_c, max_iter=2000)
    m.fit(X_all_s, y)
    test_preds[t] = m.predict_proba(X_test_s)[:, 1]
    print("  test pred mean", test_preds[t].mean())

print("per target:", dict(zip(targets, [round(a, 4) for a in aucs])))
print("Validation mean AUC: %.4f" % np.mean(aucs))

sub = pd.read_csv("./input/sample_submission.csv")
print("sample sub", sub.shape, list(sub.columns))
for t in targets:
    sub[t] = test_preds[t]
os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
