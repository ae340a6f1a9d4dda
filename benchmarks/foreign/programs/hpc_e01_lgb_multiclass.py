#!/usr/bin/env python
# coding: utf-8
# HPC job classes (VF/F/M/L), macro F1 -- lgb.train multiclass + RF, weighted

# In[1]:
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score, classification_report
from sklearn.utils.class_weight import compute_sample_weight

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train["class"].value_counts())
print(train.groupby("protocol")["class"].value_counts().unstack(fill_value=0))

# In[3]:
CLASSES = ["VF", "F", "M", "L"]
cls2id = {c: i for i, c in enumerate(CLASSES)}
day_order = {d: i for i, d in enumerate(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])}


class Featurizer:
    def __init__(self):
        self.proto_stats = None

    def fit(self, df):
        self.proto_stats = df.groupby("protocol").agg(
            proto_compounds_med=("compounds", "median"),
            proto_fields_med=("input_fields", "median"),
            proto_n=("compounds", "size"),
        )
        return self

    def transform(self, df):
        out = df.join(self.proto_stats, on="protocol")
        out["log_compounds"] = np.log1p(out["compounds"])
        out["log_fields"] = np.log1p(out["input_fields"])
        out["work"] = out["log_compounds"] + out["log_fields"] + np.log1p(out["iterations"])
        out["compounds_rel"] = out["compounds"] / out["proto_compounds_med"]
        out["fields_rel"] = out["input_fields"] / out["proto_fields_med"]
        out["day_num"] = out["day"].map(day_order)
        out["weekend"] = (out["day_num"] >= 5).astype(int)
        out["proto_code"] = out["protocol"].astype("category").cat.codes
        return out


fz = Featurizer().fit(pd.concat([train, test]))
tr = fz.transform(train)
te = fz.transform(test)
feats = ["proto_code", "compounds", "input_fields", "iterations", "num_pending", "hour", "day_num",
         "weekend", "log_compounds", "log_fields", "work", "compounds_rel", "fields_rel", "proto_n"]
y = train["class"].map(cls2id).values
print(tr[feats].describe().T)

# In[4]:
params = dict(objective="multiclass", num_class=4, metric="multi_logloss", learning_rate=0.05,
              num_leaves=31, min_data_in_leaf=15, feature_fraction=0.8, bagging_fraction=0.8,
              bagging_freq=1, lambda_l2=1.0, verbose=-1, seed=3, num_threads=1)

skf = StratifiedKFold(5, shuffle=True, random_state=3)
oof_l = np.zeros((len(tr), 4)); oof_r = np.zeros((len(tr), 4))
pt_l = np.zeros((len(te), 4)); pt_r = np.zeros((len(te), 4))
for k, (a, b) in enumerate(skf.split(tr, y)):
    w = compute_sample_weight("balanced", y[a])
    dtr = lgb.Dataset(tr.iloc[a][feats], y[a], weight=w, categorical_feature=["proto_code"])
    dva = lgb.Dataset(tr.iloc[b][feats], y[b], reference=dtr)
    bst = lgb.train(params, dtr, 2000, valid_sets=[dva],
                    callbacks=[lgb.early_stopping(80, verbose=False), lgb.log_evaluation(0)])
    oof_l[b] = bst.predict(tr.iloc[b][feats], num_iteration=bst.best_iteration)
    pt_l += bst.predict(te[feats], num_iteration=bst.best_iteration) / 5

    rf = RandomForestClassifier(300, min_samples_leaf=2, class_weight="balanced_subsample",
                                n_jobs=1, random_state=3).fit(tr.iloc[a][feats], y[a])
    oof_r[b] = rf.predict_proba(tr.iloc[b][feats])
    pt_r += rf.predict_proba(te[feats]) / 5
    print(f"fold {k} it={bst.best_iteration} f1 lgb={f1_score(y[b], oof_l[b].argmax(1), average='macro'):.4f}"
          f" rf={f1_score(y[b], oof_r[b].argmax(1), average='macro'):.4f}")

# In[5]:
blend = 0.6 * oof_l + 0.4 * oof_r
f1 = f1_score(y, blend.argmax(1), average="macro")
print(classification_report(y, blend.argmax(1), target_names=CLASSES))
print(f"Validation macro F1: {f1:.4f}")

imp = pd.Series(bst.feature_importance("gain"), index=feats).sort_values()
imp.plot.barh(figsize=(6, 5)); plt.tight_layout(); plt.savefig("hpc_importance.png"); plt.close()

# In[6]:
os.makedirs("./submission", exist_ok=True)
pred = (0.6 * pt_l + 0.4 * pt_r).argmax(1)
sub = pd.DataFrame({"id": test["id"], "class": np.array(CLASSES)[pred]})
sub.to_csv("./submission/submission.csv", index=False)
print(sub["class"].value_counts())
