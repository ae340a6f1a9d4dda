import os
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import OneHotEncoder, StandardScaler, FunctionTransformer
from sklearn.pipeline import Pipeline
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score

print("[info] hpc-jobs run-time class: linear baseline + forest")

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")
print(f"[info] train {train.shape} | test {test.shape} | sample {sample.shape}")

TARGET = "class"
if TARGET not in train.columns:
    raise SystemExit(f"[error] target {TARGET!r} not in columns {list(train.columns)}")

print("[info] class distribution:")
print(train[TARGET].value_counts().to_string())

cat_cols = [c for c in ["protocol", "day"] if c in train.columns]
num_cols = [c for c in ["compounds", "input_fields", "iterations", "num_pending", "hour"] if c in train.columns]
missing = set(["protocol", "day", "compounds", "input_fields", "iterations", "num_pending", "hour"]) - set(cat_cols + num_cols)
if missing:
    print(f"[warn] expected columns missing: {missing}")

for c in num_cols:
    if train[c].isna().any() or test[c].isna().any():
        med = train[c].median()
        train[c] = train[c].fillna(med)
        test[c] = test[c].fillna(med)
        print(f"[info] filled NaN in {c}")

X = train[cat_cols + num_cols]
y = train[TARGET].astype(str)
X_test = test[cat_cols + num_cols]

log_num = Pipeline([("log", FunctionTransformer(np.log1p)), ("sc", StandardScaler())])
pre = ColumnTransformer([
    ("cat", OneHotEncoder(handle_unknown="ignore"), cat_cols),
    ("num", log_num, num_cols),
])

linear = Pipeline([
    ("pre", pre),
    ("clf", LogisticRegression(multi_class="multinomial", class_weight="balanced", C=2.0, max_iter=5000)),
])
forest = Pipeline([
    ("pre", pre),
    ("clf", RandomForestClassifier(n_estimators=250, min_samples_leaf=2, class_weight="balanced_subsample",
                                   n_jobs=2, random_state=1)),
])

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=1)
scores = {}
for name, pipe in [("logreg", linear), ("forest", forest)]:
    try:
        s = cross_val_score(pipe, X, y, cv=cv, scoring="f1_macro", n_jobs=1)
        scores[name] = s.mean()
        print(f"[cv] {name:7s} f1_macro = {s.mean():.4f} +/- {s.std():.4f}  folds={np.round(s, 3).tolist()}")
    except Exception as e:
        print(f"[warn] {name} CV failed: {e}")

if not scores:
    raise RuntimeError("no model could be cross-validated")
best_name = max(scores, key=scores.get)
best = {"logreg": linear, "forest": forest}[best_name]
print(f"[result] best model: {best_name} (f1_macro {scores[best_name]:.4f})")

best.fit(X, y)
pred = best.predict(X_test)
assert len(pred) == len(test)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "class": pred}).to_csv("submission/submission.csv", index=False)
print("[info] prediction counts:", pd.Series(pred).value_counts().to_dict())
