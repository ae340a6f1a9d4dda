import pandas as pd
import numpy as np
import os
from tqdm import tqdm
from sklearn.preprocessing import LabelEncoder
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.metrics import f1_score, classification_report, confusion_matrix

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "test", test.shape)
print(train.head(3))
print(train.dtypes)
print(train["class"].value_counts())

# label encode the string columns, fit on train+test so no unseen labels
encoders = {}
for col in ["protocol", "day"]:
    le = LabelEncoder()
    le.fit(pd.concat([train[col], test[col]]).astype(str))
    train[col + "_le"] = le.transform(train[col].astype(str))
    test[col + "_le"] = le.transform(test[col].astype(str))
    encoders[col] = le
    print(col, "classes:", list(le.classes_))

# log features, these columns are very skewed
for col in ["compounds", "input_fields", "num_pending"]:
    train[col + "_log"] = np.log1p(train[col])
    test[col + "_log"] = np.log1p(test[col])

train["work"] = np.log1p(train["compounds"] * train["iterations"])
test["work"] = np.log1p(test["compounds"] * test["iterations"])
train["is_weekend"] = train["day"].isin(["Sat", "Sun"]).astype(int)
test["is_weekend"] = test["day"].isin(["Sat", "Sun"]).astype(int)

feats = ["protocol_le", "day_le", "compounds_log", "input_fields_log", "num_pending_log", "iterations", "hour", "work", "is_weekend"]
X = train[feats].values
X_test = test[feats].values
target_le = LabelEncoder()
y = target_le.fit_transform(train["class"])
print("target classes", list(target_le.classes_))
print("X", X.shape, X.dtype, "y", y.shape, np.bincount(y))

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=3)
print(X_tr.shape, X_va.shape)

seeds = [0, 1, 2]
va_proba = np.zeros((X_va.shape[0], len(target_le.classes_)))
for s in tqdm(seeds, desc="forests"):
    rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=2, class_weight="balanced", n_jobs=1, random_state=s)
    rf.fit(X_tr, y_tr)
    va_proba += rf.predict_proba(X_va) / len(seeds)
va_pred = np.argmax(va_proba, axis=1)
f1 = f1_score(y_va, va_pred, average="macro")
print(classification_report(y_va, va_pred, target_names=target_le.classes_))
print(confusion_matrix(y_va, va_pred))
print("Validation macro F1: %.4f" % f1)

imp = pd.Series(rf.feature_importances_, index=feats).sort_values(ascending=False)
print(imp)

# refit on all rows
test_proba = np.zeros((X_test.shape[0], len(target_le.classes_)))
for s in tqdm(seeds, desc="final"):
    rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=2, class_weight="balanced", n_jobs=1, random_state=s)
    rf.fit(X, y)
    test_proba += rf.predict_proba(X_test) / len(seeds)
test_pred = target_le.inverse_transform(np.argmax(test_proba, axis=1))
print("test pred counts", pd.Series(test_pred).value_counts().to_dict())

os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "class": test_pred})
sub.to_csv("./submission/submission.csv", index=False)
print("saved", sub.shape)
