"""HPC job runtime class. Categorical bits -> token counts, numbers -> log, LightGBM on the sparse stack."""
import os
import warnings

import lightgbm as lgb
import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.metrics import classification_report, f1_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import LabelEncoder

warnings.filterwarnings("ignore", category=UserWarning)

NUMS = ["compounds", "input_fields", "iterations", "num_pending", "hour"]


def job_tokens(df: pd.DataFrame) -> pd.Series:
    """Describe a job as words: protocol, weekday, time of day, weekend flag, size bucket."""
    hour = df["hour"].astype(float)
    tod = pd.cut(hour, [-0.1, 6, 9, 12, 14, 18, 24], labels=["night", "early", "morning", "lunch", "afternoon", "evening"])
    day = df["day"].astype(str).str.strip().str.lower()
    weekend = np.where(day.str.contains(r"^(sat|sun)", regex=True), "weekend", "weekday")
    size = pd.cut(np.log10(df["compounds"].astype(float)), [0, 2, 2.5, 3, 3.5, 9], labels=["xs", "s", "m", "l", "xl"]).astype(str)
    return (
        "proto_" + df["protocol"].astype(str).str.lower()
        + " day_" + day
        + " tod_" + tod.astype(str)
        + " " + weekend
        + " size_" + size
        + " proto_" + df["protocol"].astype(str).str.lower() + "_" + tod.astype(str)
    )


def dense(df: pd.DataFrame) -> np.ndarray:
    d = np.log1p(df[NUMS].astype(float))
    d["pending_zero"] = (df["num_pending"] == 0).astype(float)
    d["work"] = np.log1p(df["compounds"] * df["iterations"])
    d["fields_per_compound"] = df["input_fields"] / df["compounds"]
    return d.to_numpy()


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("rows:", len(train), len(test))
print(train["class"].value_counts(normalize=True).round(3).to_dict())

train["tok"] = job_tokens(train)
test["tok"] = job_tokens(test)
print(train["tok"].head(3).tolist())

vec = CountVectorizer(token_pattern=r"\S+", binary=True)
vec.fit(pd.concat([train["tok"], test["tok"]]))  # vocab only, no labels involved
print("token vocab:", len(vec.vocabulary_))

X = sparse.hstack([vec.transform(train["tok"]), sparse.csr_matrix(dense(train))], format="csr").astype(np.float32)
X_test = sparse.hstack([vec.transform(test["tok"]), sparse.csr_matrix(dense(test))], format="csr").astype(np.float32)
le = LabelEncoder()
y = le.fit_transform(train["class"])
print("X", X.shape, "classes", list(le.classes_))

params = dict(
    objective="multiclass",
    n_estimators=300,
    learning_rate=0.05,
    num_leaves=31,
    min_child_samples=10,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.8,
    class_weight="balanced",
    n_jobs=2,
    verbose=-1,
    random_state=3,
)

skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=3)
oof = np.zeros((len(train), len(le.classes_)))
for i, (a, b) in enumerate(skf.split(X, y)):
    m = lgb.LGBMClassifier(**params)
    m.fit(X[a], y[a], eval_set=[(X[b], y[b])], callbacks=[lgb.early_stopping(30, verbose=False)])
    oof[b] = m.predict_proba(X[b])
    f1 = f1_score(y[b], oof[b].argmax(1), average="macro")
    print(f"fold {i}: best_iter={m.best_iteration_:>3}  macro-F1={f1:.4f}")

oof_lab = oof.argmax(1)
print(f"OOF macro F1: {f1_score(y, oof_lab, average='macro'):.4f}")
print(classification_report(y, oof_lab, target_names=le.classes_, digits=3))

final = lgb.LGBMClassifier(**{**params, "n_estimators": 200})
final.fit(X, y)
imp = pd.Series(final.feature_importances_, index=list(vec.get_feature_names_out()) + NUMS + ["pending_zero", "work", "fields_per_compound"])
print(imp.sort_values(ascending=False).head(12).to_string())

os.makedirs("submission", exist_ok=True)
pred = le.inverse_transform(final.predict(X_test))
pd.DataFrame({"id": test["id"], "class": pred}).to_csv("submission/submission.csv", index=False)
print(pd.Series(pred).value_counts().to_dict())
