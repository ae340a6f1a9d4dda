import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from scipy.stats import rankdata
from sklearn.model_selection import StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import roc_auc_score

t0 = time.time()
SEED = 42
N_FOLDS = 5
TARGET = "churn"

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)

cat_cols = [c for c in train.columns if train[c].dtype == object or str(train[c].dtype) in ("str", "string")]
print("cats:", cat_cols)

full = pd.concat([train.drop(columns=[TARGET]), test], axis=0, ignore_index=True)
full["total_charges"] = full["total_charges"].fillna(full["monthly_charges"] * full["tenure"])
full["avg_charge"] = full["total_charges"] / (full["tenure"] + 1)
full["charge_diff"] = full["monthly_charges"] - full["avg_charge"]
svc_cols = ["online_security", "online_backup", "device_protection", "tech_support", "streaming_tv", "streaming_movies"]
full["n_services"] = sum([(full[c] == "Yes").astype(int) for c in svc_cols])
for c in cat_cols:
    full[c] = full[c].astype("category")

feats = [c for c in full.columns if c != "id"]
X = full.iloc[: len(train)][feats].reset_index(drop=True)
X_test = full.iloc[len(train):][feats].reset_index(drop=True)
y = train[TARGET].values

# one-hot copy for the linear model
full_oh = pd.get_dummies(full[feats], columns=cat_cols, dtype=float)
X_oh = full_oh.iloc[: len(train)].values
X_test_oh = full_oh.iloc[len(train):].values

params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_data_in_leaf": 40,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "seed": SEED,
}

oof = {"lgb": np.zeros(len(train)), "lr": np.zeros(len(train))}
preds = {"lgb": np.zeros(len(test)), "lr": np.zeros(len(test))}

skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    dtr = lgb.Dataset(X.iloc[tr_idx], y[tr_idx])
    dva = lgb.Dataset(X.iloc[va_idx], y[va_idx], reference=dtr)
    bst = lgb.train(params, dtr, num_boost_round=2000, valid_sets=[dva],
                    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof["lgb"][va_idx] = bst.predict(X.iloc[va_idx], num_iteration=bst.best_iteration)
    preds["lgb"] += bst.predict(X_test, num_iteration=bst.best_iteration) / N_FOLDS

    sc = StandardScaler().fit(X_oh[tr_idx])
    lr = LogisticRegression(C=0.5, max_iter=2000)
    lr.fit(sc.transform(X_oh[tr_idx]), y[tr_idx])
    oof["lr"][va_idx] = lr.predict_proba(sc.transform(X_oh[va_idx]))[:, 1]
    preds["lr"] += lr.predict_proba(sc.transform(X_test_oh))[:, 1] / N_FOLDS

    print(f"fold {fold} | lgb {roc_auc_score(y[va_idx], oof['lgb'][va_idx]):.5f} (it {bst.best_iteration}) "
          f"| lr {roc_auc_score(y[va_idx], oof['lr'][va_idx]):.5f} | {time.time() - t0:.1f}s")

for k in oof:
    print(f"OOF {k}: {roc_auc_score(y, oof[k]):.5f}")
    np.save(f"oof_{k}.npy", oof[k])

# rank blend, pick weight on oof
best_w, best_auc = 0, 0
for w in np.arange(0, 1.01, 0.1):
    blend = w * rankdata(oof["lgb"]) + (1 - w) * rankdata(oof["lr"])
    auc = roc_auc_score(y, blend)
    if auc > best_auc:
        best_w, best_auc = w, auc
print(f"best lgb weight {best_w:.1f} -> blend OOF AUC {best_auc:.5f}")

test_blend = best_w * rankdata(preds["lgb"]) + (1 - best_w) * rankdata(preds["lr"])
test_blend = test_blend / test_blend.max()

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], TARGET: test_blend})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print(f"done in {time.time() - t0:.1f}s")
