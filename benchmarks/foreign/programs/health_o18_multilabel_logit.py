import os
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import cross_val_score, StratifiedKFold

TARGETS = ["health", "limit", "insurance"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train shape:", train.shape)
print("target means:")
print(train[TARGETS].mean().round(4))

num_cols = ["age", "family"]
cat_cols = ["gender", "married", "selfemp", "region", "ethnicity", "education"]

edu_rank = {"none": 0, "other": 1, "ged": 2, "highschool": 3, "bachelor": 4, "master": 5, "phd": 6}
for df in (train, test):
    df["edu_rank"] = df["education"].map(edu_rank).fillna(1)
    df["age_sq"] = (df["age"] - 40) ** 2 / 100.0
num_cols += ["edu_rank", "age_sq"]

pre = ColumnTransformer([
    ("num", StandardScaler(), num_cols),
    ("cat", OneHotEncoder(handle_unknown="ignore"), cat_cols),
])

candidates = {
    "logit": LogisticRegression(C=1.0, max_iter=1000),
    "rf": RandomForestClassifier(n_estimators=200, min_samples_leaf=20, n_jobs=2, random_state=3),
}

cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=3)
rows = []

for target in TARGETS:
    y = train[target]
    for name, est in candidates.items():
        pipe = Pipeline([("pre", pre), ("clf", est)])
        auc = cross_val_score(pipe, train[num_cols + cat_cols], y, cv=cv, scoring="roc_auc").mean()
        print(f"{target:10s} {name:6s} AUC={auc:.4f}")
        rows.append({"target": target, "model": name, "auc": auc})

results = pd.DataFrame(rows)

best = results.loc[results.groupby("target")["auc"].idxmax()]
print("\nbest per target:")
print(best)
print("mean best AUC:", round(best["auc"].mean(), 4))

best_model = best.set_index("target")["model"]
preds = []
for target in TARGETS:
    pipe = Pipeline([("pre", pre), ("clf", candidates[best_model[target]])])
    pipe.fit(train[num_cols + cat_cols], train[target])
    preds.append(pipe.predict_proba(test[num_cols + cat_cols])[:, 1])
    print(f"refit {target} with {best_model[target]}")

sub = pd.DataFrame(preds, columns=TARGETS)
sub.insert(0, "id", test["id"].values)

os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
