"""
Improve step -- health-insurance, 3 binary targets, mean column AUC.

Baseline    : one LogisticRegression per target on one-hot features.
Improvement : LightGBM per target with native categorical handling plus two
              interaction features (age band x education, family per adult),
              then 50/50 rank blend with the baseline.
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from scipy.stats import rankdata
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import StandardScaler

SEED = 5
TARGETS = ["health", "limit", "insurance"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "| test", test.shape)
print("target means:", train[TARGETS].mean().round(4).to_dict())

feat_cols = [c for c in train.columns if c not in TARGETS + ["id"]]
n_train = len(train)

# ---------------------------------------------------------------- baseline
full = pd.concat([train[feat_cols], test[feat_cols]], axis=0, ignore_index=True)
full_ohe = pd.get_dummies(full, drop_first=False, dtype=float)
Xo = full_ohe.iloc[:n_train].values
Xo_test = full_ohe.iloc[n_train:].values
print("one-hot matrix:", Xo.shape)

oof_lr = np.zeros((n_train, len(TARGETS)))
test_lr = np.zeros((len(test), len(TARGETS)))

print("\n== baseline: logistic regression ==")
for j, t in enumerate(TARGETS):
    y = train[t].values
    skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    for tr, va in skf.split(Xo, y):
        sc = StandardScaler().fit(Xo[tr])
        lr = LogisticRegression(C=0.5, max_iter=2000)
        lr.fit(sc.transform(Xo[tr]), y[tr])
        oof_lr[va, j] = lr.predict_proba(sc.transform(Xo[va]))[:, 1]
        test_lr[:, j] += lr.predict_proba(sc.transform(Xo_test))[:, 1] / 5
    print(f"  {t:<10s} OOF AUC {roc_auc_score(y, oof_lr[:, j]):.5f}")
base_aucs = [roc_auc_score(train[t], oof_lr[:, j]) for j, t in enumerate(TARGETS)]
print(f"Baseline mean AUC: {np.mean(base_aucs):.5f}")

# ---------------------------------------------------------------- improvement
def add_interactions(df):
    df = df.copy()
    df["age_band"] = pd.cut(df["age"], bins=[17, 25, 35, 45, 55, 65], labels=False)
    df["age_edu"] = df["age_band"].astype(str) + "_" + df["education"]
    df["adults"] = 1 + (df["married"] == "yes").astype(int)
    df["family_per_adult"] = df["family"] / df["adults"]
    return df


Xg = add_interactions(train[feat_cols])
Xg_test = add_interactions(test[feat_cols])

cat_cols = [c for c in Xg.columns if Xg[c].dtype == "object"]
for c in cat_cols:
    cats = pd.Index(sorted(set(Xg[c]) | set(Xg_test[c])))
    Xg[c] = pd.Categorical(Xg[c], categories=cats)
    Xg_test[c] = pd.Categorical(Xg_test[c], categories=cats)
print("\ncategorical columns for lgb:", cat_cols)

lgb_params = dict(n_estimators=400, learning_rate=0.03, num_leaves=15, min_child_samples=40,
                  subsample=0.8, subsample_freq=1, colsample_bytree=0.8, cat_smooth=20,
                  random_state=SEED, verbose=-1, n_jobs=2)

oof_gb = np.zeros((n_train, len(TARGETS)))
test_gb = np.zeros((len(test), len(TARGETS)))

print("== improved: lightgbm + interactions ==")
for j, t in enumerate(TARGETS):
    y = train[t].values
    skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    for tr, va in skf.split(Xg, y):
        gb = lgb.LGBMClassifier(**lgb_params)
        gb.fit(Xg.iloc[tr], y[tr])
        oof_gb[va, j] = gb.predict_proba(Xg.iloc[va])[:, 1]
        test_gb[:, j] += gb.predict_proba(Xg_test)[:, 1] / 5
    print(f"  {t:<10s} OOF AUC {roc_auc_score(y, oof_gb[:, j]):.5f}")


def rank01(a):
    return (rankdata(a) - 1) / (len(a) - 1)


blend_aucs = []
for j, t in enumerate(TARGETS):
    b = 0.5 * rank01(oof_lr[:, j]) + 0.5 * rank01(oof_gb[:, j])
    blend_aucs.append(roc_auc_score(train[t], b))

print("\n--------------------------------------")
print(f"baseline  mean AUC : {np.mean(base_aucs):.5f}")
print(f"lgb only  mean AUC : {np.mean([roc_auc_score(train[t], oof_gb[:, j]) for j, t in enumerate(TARGETS)]):.5f}")
print(f"blend     mean AUC : {np.mean(blend_aucs):.5f}")
print("--------------------------------------")

sub = pd.DataFrame({"id": test["id"]})
for j, t in enumerate(TARGETS):
    sub[t] = 0.5 * rank01(test_lr[:, j]) + 0.5 * rank01(test_gb[:, j])
sub.to_csv("submission/submission.csv", index=False)
print("saved", sub.shape)
