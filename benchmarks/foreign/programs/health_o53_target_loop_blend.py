import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

T = time.time()
TARGETS = ["health", "limit", "insurance"]
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print(train[TARGETS].mean().round(4).to_dict())

cat_cols = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
num_cols = ["age", "family"]

both = pd.concat([train.drop(columns=TARGETS), test], ignore_index=True)
edu_rank = {"none": 0, "other": 1, "ged": 2, "highschool": 3, "bachelor": 4, "master": 5, "phd": 6}
both["edu_rank"] = both["education"].map(edu_rank).fillna(1)
both["age_sq"] = both["age"] ** 2 / 100
both["age_bin"] = pd.cut(both["age"], bins=[17, 25, 35, 45, 55, 65], labels=False)
ohe = pd.get_dummies(both[cat_cols], dtype=float)
lin = pd.concat([both[num_cols + ["edu_rank", "age_sq"]], ohe], axis=1)
lin = (lin - lin.mean()) / (lin.std() + 1e-9)
for c in cat_cols:
    both[c] = both[c].astype("category")
tree = both.drop(columns=["id"])

n = len(train)
Xt, Xt_te = tree.iloc[:n].reset_index(drop=True), tree.iloc[n:].reset_index(drop=True)
Xl, Xl_te = lin.iloc[:n].values, lin.iloc[n:].values
print("tree feats", Xt.shape[1], "| linear feats", Xl.shape[1])

params = {"objective": "binary", "metric": "auc", "learning_rate": 0.03, "num_leaves": 8,
          "min_data_in_leaf": 50, "feature_fraction": 0.8, "bagging_fraction": 0.8,
          "bagging_freq": 1, "lambda_l2": 5.0, "verbose": -1}
SEEDS = [11, 22]
NF = 5

results = {}
sub = pd.DataFrame({"id": test["id"]})
for tgt in TARGETS:
    y = train[tgt].values
    oof_l, oof_r = np.zeros(n), np.zeros(n)
    te_l, te_r = np.zeros(len(test)), np.zeros(len(test))
    for seed in SEEDS:
        skf = StratifiedKFold(NF, shuffle=True, random_state=seed)
        for tr_i, va_i in skf.split(Xt, y):
            dtr = lgb.Dataset(Xt.iloc[tr_i], y[tr_i])
            dva = lgb.Dataset(Xt.iloc[va_i], y[va_i], reference=dtr)
            bst = lgb.train({**params, "seed": seed}, dtr, num_boost_round=1500, valid_sets=[dva],
                            callbacks=[lgb.early_stopping(100, verbose=False)])
            oof_l[va_i] += bst.predict(Xt.iloc[va_i], num_iteration=bst.best_iteration) / len(SEEDS)
            te_l += bst.predict(Xt_te, num_iteration=bst.best_iteration) / (NF * len(SEEDS))

            lr = LogisticRegression(C=0.2, max_iter=1000)
            lr.fit(Xl[tr_i], y[tr_i])
            oof_r[va_i] += lr.predict_proba(Xl[va_i])[:, 1] / len(SEEDS)
            te_r += lr.predict_proba(Xl_te)[:, 1] / (NF * len(SEEDS))
    a_l, a_r = roc_auc_score(y, oof_l), roc_auc_score(y, oof_r)
    ws = np.linspace(0, 1, 11)
    blend_scores = [roc_auc_score(y, w * oof_l + (1 - w) * oof_r) for w in ws]
    w = ws[int(np.argmax(blend_scores))]
    results[tgt] = {"lgb": a_l, "lr": a_r, "w_lgb": w, "blend": max(blend_scores)}
    np.save(f"oof_{tgt}.npy", np.vstack([oof_l, oof_r]).T)
    sub[tgt] = w * te_l + (1 - w) * te_r
    print(f"{tgt:<10} lgb {a_l:.4f}  lr {a_r:.4f}  blend(w={w:.1f}) {max(blend_scores):.4f}  [{time.time() - T:.0f}s]")

res = pd.DataFrame(results).T
print(res.round(4))
print("mean columnwise AUC (oof):", round(res["blend"].mean(), 5))

os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().loc[["mean", "min", "max"]].round(3))
