import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score
import os
import json

np.random.seed(0)

df = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("shapes", df.shape, test.shape)

TARGETS = ["health", "limit", "insurance"]

# yes/no and male/female -> 0/1
binary_map = {"yes": 1, "no": 0, "male": 1, "female": 0}
for col in ["gender", "married", "selfemp"]:
    df[col] = df[col].map(binary_map)
    test[col] = test[col].map(binary_map)
    print(col, df[col].unique(), df[col].dtype)

# categorical columns for lightgbm
for col in ["region", "ethnicity"]:
    cats = sorted(df[col].unique())
    df[col] = pd.Categorical(df[col], categories=cats)
    test[col] = pd.Categorical(test[col], categories=cats)
    print(col, df[col].dtype, list(df[col].cat.categories))

# extra features
df["age_bin"] = (df["age"] // 10).astype(int)
test["age_bin"] = (test["age"] // 10).astype(int)
df["single_big_family"] = ((df["married"] == 0) & (df["family"] > 2)).astype(int)
test["single_big_family"] = ((test["married"] == 0) & (test["family"] > 2)).astype(int)

features = ["age", "gender", "married", "selfemp", "family", "region", "ethnicity", "education", "age_bin", "single_big_family"]
print(df[features].dtypes)

X = df[features]
X_test = test[features]

params = dict(
    n_estimators=400,
    learning_rate=0.03,
    num_leaves=15,
    min_child_samples=40,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.8,
    reg_lambda=2.0,
    n_jobs=1,
    verbose=-1,
)

results = {}
sub = pd.DataFrame({"id": test["id"]})
for target in TARGETS:
    y = df[target].values
    print("=====", target, "pos rate", y.mean())
    skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
    oof = np.zeros(len(df))
    pred = np.zeros(len(test))
    for k, (a, b) in enumerate(skf.split(X, y)):
        clf = lgb.LGBMClassifier(**params)
        clf.fit(
            X.iloc[a], y[a],
            eval_set=[(X.iloc[b], y[b])],
            eval_metric="auc",
            callbacks=[lgb.early_stopping(50, verbose=False)],
        )
        oof[b] = clf.predict_proba(X.iloc[b])[:, 1]
        pred += clf.predict_proba(X_test)[:, 1] / 5
        print("  fold", k, "best_iter", clf.best_iteration_, "auc", round(roc_auc_score(y[b], oof[b]), 4))
    score = roc_auc_score(y, oof)
    results[target] = score
    print(target, "OOF AUC", round(score, 4))
    sub[target] = pred

print(results)
print("Mean column AUC: %.4f" % np.mean(list(results.values())))
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
with open("cv_scores.json", "w") as f:
    json.dump(results, f, indent=2)
print(sub.head())
