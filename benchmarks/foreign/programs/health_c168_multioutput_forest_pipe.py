import pandas as pd
import numpy as np
import os
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.pipeline import Pipeline
from sklearn.ensemble import RandomForestClassifier
from sklearn.multioutput import MultiOutputClassifier
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)

target_cols = ["health", "limit", "insurance"]
cat_features = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
num_features = ["age", "family"]

X = train[cat_features + num_features]
Y = train[target_cols].values
print("X", X.shape, "Y", Y.shape, Y.dtype)
print("Y means", Y.mean(axis=0))

X_train, X_valid, Y_train, Y_valid = train_test_split(X, Y, test_size=0.2, random_state=11)
print("train/valid", X_train.shape, X_valid.shape, Y_train.shape, Y_valid.shape)

preprocess = ColumnTransformer([
    ("cat", OneHotEncoder(handle_unknown="ignore"), cat_features),
    ("num", StandardScaler(), num_features),
])

rf = RandomForestClassifier(
    n_estimators=300,
    max_depth=8,
    min_samples_leaf=10,
    max_features=0.5,
    n_jobs=1,
    random_state=11,
)
model = Pipeline([
    ("prep", preprocess),
    ("clf", MultiOutputClassifier(rf)),
])
model.fit(X_train, Y_train)
print("fitted")

val_probs = model.predict_proba(X_valid)
print("val_probs type", type(val_probs), "len", len(val_probs))

aucs = []
for i, t in enumerate(target_cols):
    auc = roc_auc_score(Y_valid[:, i], val_probs[:, i])
    print(t, "AUC", round(auc, 4))
    aucs.append(auc)
print("Validation AUC (mean over targets): %.4f" % np.mean(aucs))

model.fit(X, Y)
test_probs = model.predict_proba(test[cat_features + num_features])
sub = pd.DataFrame({"id": test["id"]})
for i, t in enumerate(target_cols):
    sub[t] = test_probs[i][:, 1]
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe())
