#!/usr/bin/env python
# coding: utf-8

# # Wine - ratio features, per-class boxplots, linear vs kernel models

# In[1]:


import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore", category=FutureWarning)

from sklearn.preprocessing import LabelEncoder, StandardScaler, QuantileTransformer
from sklearn.pipeline import Pipeline
from sklearn.linear_model import LogisticRegression
from sklearn.svm import SVC
from sklearn.calibration import CalibratedClassifierCV
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import log_loss, accuracy_score, confusion_matrix

FIG_DIR = "figures"
SEED = 123


# In[2]:


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.head())
print(train.isna().sum().sum(), test.isna().sum().sum())


# In[3]:


print(train.cultivar.value_counts())
train.describe()
print(train.describe().round(2))


# In[4]:


base_cols = [c for c in train.columns if c not in ["id", "cultivar"]]
for col in ["flavanoids", "proline", "color_intensity", "od280_od315", "hue", "alcohol"]:
    fig, ax = plt.subplots(figsize=(5, 3.5))
    train.boxplot(column=col, by="cultivar", ax=ax)
    ax.set_title(col)
    plt.suptitle("")
    plt.tight_layout()
    plt.savefig(f"{FIG_DIR}/box_{col}.png", dpi=80)
    plt.close(fig)


# ### feature engineering

# In[5]:


def add_ratios(d):
    d = d.copy()
    d["flav_over_phenols"] = d["flavanoids"] / d["total_phenols"]
    d["color_x_hue"] = d["color_intensity"] * d["hue"]
    d["color_over_hue"] = d["color_intensity"] / d["hue"]
    d["log_proline"] = np.log(d["proline"])
    d["nonflav_share"] = d["nonflavanoid_phenols"] / (d["nonflavanoid_phenols"] + d["flavanoids"])
    d["proline_per_alcohol"] = d["proline"] / d["alcohol"]
    return d

train_fe = add_ratios(train)
test_fe = add_ratios(test)
feat_cols = [c for c in train_fe.columns if c not in ["id", "cultivar"]]
print(len(feat_cols), feat_cols)
print(train_fe.groupby("cultivar")[["flav_over_phenols", "color_over_hue", "nonflav_share"]].mean())


# In[6]:


le = LabelEncoder()
y = le.fit_transform(train_fe["cultivar"])
X = train_fe[feat_cols]
X_test = test_fe[feat_cols]
print(le.classes_)


# In[7]:


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)

pipes = {
    "lr_std": Pipeline([("sc", StandardScaler()), ("clf", LogisticRegression(C=0.3, max_iter=3000))]),
    "lr_quant": Pipeline([("qt", QuantileTransformer(n_quantiles=100, output_distribution="normal")),
                          ("clf", LogisticRegression(C=0.3, max_iter=3000))]),
    "svc_cal": Pipeline([("sc", StandardScaler()),
                         ("clf", CalibratedClassifierCV(SVC(C=1.0, gamma="scale"), cv=3, method="sigmoid"))]),
}
oof = {}
for name, p in pipes.items():
    oof[name] = cross_val_predict(p, X, y, cv=skf, method="predict_proba")
    print(f"{name:9s} logloss={log_loss(y, oof[name]):.4f} acc={accuracy_score(y, oof[name].argmax(1)):.4f}")


# In[8]:


oof["avg"] = np.mean([oof[k] for k in pipes], axis=0)
scores = {k: log_loss(y, v) for k, v in oof.items()}
print(pd.Series(scores).sort_values())
print(confusion_matrix(y, oof["avg"].argmax(1)))
best = min(scores, key=scores.get)
print(f"Validation logloss: {scores[best]:.4f} ({best})")


# In[9]:


if best == "avg":
    test_proba = np.mean([p.fit(X, y).predict_proba(X_test) for p in pipes.values()], axis=0)
else:
    test_proba = pipes[best].fit(X, y).predict_proba(X_test)

submission = pd.DataFrame(test_proba, columns=le.classes_)
submission.insert(0, "id", test["id"])
os.makedirs("submission", exist_ok=True)
submission.to_csv("submission/submission.csv", index=False)
print(submission.head())
