import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder
from sklearn.metrics import f1_score, classification_report

SEED = 2021

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"Loaded train={train.shape}, test={test.shape}")
print(train["class"].value_counts())

day_map = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}


def make_features(df):
    out = df.copy()
    out["day_num"] = out["day"].map(day_map)
    out["weekend"] = (out["day_num"] >= 5).astype(int)
    out["log_compounds"] = np.log1p(out["compounds"])
    out["log_fields"] = np.log1p(out["input_fields"])
    out["log_pending"] = np.log1p(out["num_pending"])
    out["work"] = np.log1p(out["compounds"] * out["input_fields"] * out["iterations"])
    out["protocol"] = out["protocol"].astype("category")
    return out.drop(columns=["day"])


tr = make_features(train)
te = make_features(test)
te["protocol"] = pd.Categorical(te["protocol"], categories=tr["protocol"].cat.categories)

le = LabelEncoder()
y = le.fit_transform(train["class"])
print("classes:", list(le.classes_))

features = [c for c in tr.columns if c not in ("id", "class")]
X = tr[features]
X_test = te[features]

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=SEED)
print(f"fit on {len(X_tr)}, validate on {len(X_va)}")

clf = lgb.LGBMClassifier(
    objective="multiclass",
    n_estimators=2000,
    learning_rate=0.05,
    num_leaves=31,
    min_child_samples=10,
    colsample_bytree=0.8,
    class_weight="balanced",
    random_state=SEED,
    verbose=-1,
)
clf.fit(
    X_tr,
    y_tr,
    eval_set=[(X_va, y_va)],
    eval_metric="multi_logloss",
    early_stopping_rounds=100,
)
best_iter = clf.best_iteration_
print("best iteration:", best_iter)

va_pred = clf.predict(X_va)
print(f"Validation macro F1: {f1_score(y_va, va_pred, average='macro'):.4f}")
print(classification_report(y_va, va_pred, target_names=le.classes_))

final = lgb.LGBMClassifier(
    objective="multiclass",
    n_estimators=int(best_iter * 1.1),
    learning_rate=0.05,
    num_leaves=31,
    min_child_samples=10,
    colsample_bytree=0.8,
    class_weight="balanced",
    random_state=SEED,
    verbose=-1,
)
final.fit(X, y)
pred = le.inverse_transform(final.predict(X_test))

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "class": pred}).to_csv("submission/submission.csv", index=False)
print(pd.Series(pred).value_counts())
