# MEPS 1995 - three yes/no outcomes (good health, limitation, insured)
# one logistic model per outcome on hand-coded features; LightGBM as a check

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score
import lightgbm as lgb

TARGETS = ["health", "limit", "insurance"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train %s  test %s" % (train.shape, test.shape))
print(train[TARGETS].mean().round(3).to_frame("rate").T)

for c in ["education", "ethnicity", "region"]:
    print("\n" + c)
    print(train.groupby(c)[TARGETS].mean().round(3))

full = pd.concat([train.assign(is_test=0), test.assign(is_test=1)], ignore_index=True)

yn = {"yes": 1, "no": 0}
full["married"] = full["married"].map(yn)
full["selfemp"] = full["selfemp"].map(yn)
full["male"] = np.where(full["gender"] == "male", 1, 0)

# years of schooling, roughly
edu_years = {"none": 9, "ged": 11, "highschool": 12, "other": 13, "bachelor": 16,
             "master": 18, "phd": 21}
full["edu_years"] = full["education"].map(edu_years)

full["age_c"] = full["age"] - 40
full["age_sq"] = full["age_c"] ** 2 / 100
full["log_family"] = np.log(full["family"])
full["big_family"] = (full["family"] >= 6).astype(int)
full["married_x_family"] = full["married"] * full["log_family"]
full["selfemp_x_edu"] = full["selfemp"] * full["edu_years"]
full["age_band"] = pd.cut(full["age"], bins=[17, 25, 35, 45, 55, 64],
                          labels=["18-25", "26-35", "36-45", "46-55", "56-64"])

full = pd.get_dummies(full, columns=["region", "ethnicity", "education", "age_band"],
                      drop_first=True, dtype=float)

drop = ["id", "gender", "is_test", "age", "family"] + TARGETS
feats = [c for c in full.columns if c not in drop]
print("\n%d features:" % len(feats), feats)

tr = full[full.is_test == 0].reset_index(drop=True)
te = full[full.is_test == 1].reset_index(drop=True)
X = tr[feats].values.astype(float)
Xt = te[feats].values.astype(float)

print("\ncorrelation of features with targets")
print(tr[feats + TARGETS].corr().loc[feats, TARGETS].round(2).sort_values("insurance"))


def fit_logit(Xa, ya, C=0.3):
    sc = StandardScaler().fit(Xa)
    m = LogisticRegression(C=C, max_iter=3000).fit(sc.transform(Xa), ya)
    return sc, m


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=3)
table = []
best_model = {}
for t in TARGETS:
    y = tr[t].astype(int).values
    oof_l = np.zeros(len(y))
    oof_g = np.zeros(len(y))
    for a, b in skf.split(X, y):
        sc, m = fit_logit(X[a], y[a])
        oof_l[b] = m.predict_proba(sc.transform(X[b]))[:, 1]
        g = lgb.LGBMClassifier(n_estimators=200, learning_rate=0.03, num_leaves=7,
                               min_child_samples=50, random_state=3, verbose=-1, n_jobs=2)
        g.fit(X[a], y[a])
        oof_g[b] = g.predict_proba(X[b])[:, 1]
    auc_l = roc_auc_score(y, oof_l)
    auc_g = roc_auc_score(y, oof_g)
    auc_avg = roc_auc_score(y, (oof_l + oof_g) / 2)
    table.append([t, auc_l, auc_g, auc_avg])
    best_model[t] = ["logit", "lgbm", "avg"][int(np.argmax([auc_l, auc_g, auc_avg]))]

table = pd.DataFrame(table, columns=["target", "logit", "lgbm", "avg"]).set_index("target")
table.loc["MEAN"] = table.mean()
print("\n5-fold out-of-fold AUC")
print(table.round(4))
print("choice:", best_model)

sub = pd.DataFrame({"id": te["id"].astype(int)})
for t in TARGETS:
    y = tr[t].astype(int).values
    sc, m = fit_logit(X, y)
    p_l = m.predict_proba(sc.transform(Xt))[:, 1]
    g = lgb.LGBMClassifier(n_estimators=200, learning_rate=0.03, num_leaves=7,
                           min_child_samples=50, random_state=3, verbose=-1, n_jobs=2).fit(X, y)
    p_g = g.predict_proba(Xt)[:, 1]
    sub[t] = {"logit": p_l, "lgbm": p_g, "avg": (p_l + p_g) / 2}[best_model[t]]

sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().loc[["mean", "min", "max"]].round(3))
