from functools import reduce

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

TARGETS = ["health", "limit", "insurance"]
YES_NO = ["married", "selfemp"]

train = pd.read_csv("input/train.csv").rename(columns=str.lower)
test = pd.read_csv("input/test.csv").rename(columns=str.lower)
print(f"train {train.shape}, test {test.shape}")

# target rates by education, long -> wide
(
    train.melt(id_vars=["id", "education"], value_vars=TARGETS, var_name="target", value_name="y")
    .pivot_table(index="education", columns="target", values="y", aggfunc="mean")
    .join(train.education.value_counts().rename("n"))
    .sort_values("n", ascending=False)
    .round(3)
    .pipe(print)
)


def binaries(df):
    return df.assign(
        **{c: (lambda d, c=c: d[c].eq("yes").astype(int)) for c in YES_NO},
        male=lambda d: d.gender.eq("male").astype(int),
    ).drop(columns="gender")


def categoricals(df):
    return df.astype({"region": "category", "ethnicity": "category"})


def numeric_extras(df):
    return df.assign(
        age_sq=lambda d: (d.age - 40) ** 2 / 100,
        single_big_family=lambda d: ((d.married == 0) & (d.family > 3)).astype(int),
    )


prep = lambda df: df.pipe(binaries).pipe(categoricals).pipe(numeric_extras)
train_x, test_x = prep(train), prep(test)
FEATS = [c for c in train_x.columns if c not in TARGETS + ["id"]]
print("features:", FEATS)

params = dict(n_estimators=250, learning_rate=0.03, num_leaves=15, min_child_samples=40,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, verbose=-1, random_state=1)


def holdout_auc(target):
    tr, va = train_test_split(train_x, test_size=0.2, stratify=train_x[target], random_state=8)
    m = lgb.LGBMClassifier(**params).fit(tr[FEATS], tr[target])
    return roc_auc_score(va[target], m.predict_proba(va[FEATS])[:, 1])


aucs = pd.Series({t: holdout_auc(t) for t in TARGETS}, name="auc")
print(aucs.round(4))
print(f"mean columnwise AUC: {aucs.mean():.4f}")


def predict_target(target):
    model = lgb.LGBMClassifier(**params).fit(train_x[FEATS], train_x[target])
    return test_x[["id"]].assign(**{target: model.predict_proba(test_x[FEATS])[:, 1]})


submission = reduce(lambda a, b: a.merge(b, on="id"), map(predict_target, TARGETS))
submission.to_csv("submission/submission.csv", index=False)
print(submission.head())
