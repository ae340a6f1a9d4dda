import logging
import os

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, log_loss
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("penguins")

np.random.seed(7)
NUMERIC = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
ISLANDS = ["Biscoe", "Dream", "Torgersen"]


def prepare(df, medians):
    out = pd.DataFrame(index=df.index)
    filled = df[NUMERIC].fillna(medians)
    for c in NUMERIC:
        out[c] = filled[c]
    out["bill_ratio"] = filled["bill_length_mm"] / filled["bill_depth_mm"]
    out["log_mass"] = np.log(filled["body_mass_g"])
    out["flipper_x_depth"] = filled["flipper_length_mm"] * filled["bill_depth_mm"]
    for isl in ISLANDS:
        out[f"island_{isl}"] = (df["island"] == isl).astype(int)
    out["sex"] = df["sex"].map({"Male": 1, "Female": 0})
    return out


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")
log.info("train %s test %s", train.shape, test.shape)

medians = train[NUMERIC].median()
X = prepare(train, medians)
X_test = prepare(test, medians)
y = train["species"]
log.info("features: %s", list(X.columns))

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=7)
scaler = StandardScaler().fit(X_tr)
clf = LogisticRegression(C=0.5, max_iter=5000)
clf.fit(scaler.transform(X_tr), y_tr)

va_proba = clf.predict_proba(scaler.transform(X_va))
print(f"Validation log loss: {log_loss(y_va, va_proba, labels=clf.classes_):.4f}")
print(f"Validation accuracy: {accuracy_score(y_va, clf.classes_[va_proba.argmax(1)]):.4f}")

scaler = StandardScaler().fit(X)
clf.fit(scaler.transform(X), y)
proba = clf.predict_proba(scaler.transform(X_test))

sub = pd.DataFrame(proba, columns=clf.classes_)
sub["id"] = test["id"].values
os.makedirs("submission", exist_ok=True)
sub[sample.columns].to_csv("submission/submission.csv", index=False)
log.info("submission written: %d rows", len(sub))
