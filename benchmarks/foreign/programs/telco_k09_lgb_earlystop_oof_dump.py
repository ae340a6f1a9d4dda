"""Telco churn with LightGBM + early stopping.

tenure looks like time, but each row is a different customer observed once:
there is no calendar to walk forward on, so stratified K-fold it is.
Baseline: churn rate of the customer's contract type (a lookup table).
OOF predictions are kept on disk for a later blend.
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape, "churn rate", round(train["churn"].mean(), 4))

CAT_COLS = ["multiple_lines", "internet_service", "online_security", "online_backup",
            "device_protection", "tech_support", "streaming_tv", "streaming_movies",
            "contract", "payment_method"]
ADDONS = ["online_security", "online_backup", "device_protection", "tech_support",
          "streaming_tv", "streaming_movies"]
OOF_PATH = "./oof/telco_lgb_oof.csv"


def make_features(df):
    out = df.drop(columns=["id", "churn"], errors="ignore").copy()
    out["total_charges"] = out["total_charges"].fillna(out["monthly_charges"] * out["tenure"])
    out["n_addons"] = (df[ADDONS] == "Yes").sum(axis=1)
    out["avg_charge"] = out["total_charges"] / out["tenure"].clip(lower=1)
    out["charge_gap"] = out["monthly_charges"] - out["avg_charge"]
    out["tenure_year"] = out["tenure"] // 12
    for c in CAT_COLS:
        out[c] = out[c].astype("category")
    return out


X, X_test = make_features(train), make_features(test)
y = train["churn"].values

params = dict(objective="binary", learning_rate=0.02, n_estimators=2000,
              num_leaves=12, min_child_samples=30, subsample=0.8, subsample_freq=1,
              colsample_bytree=0.7, reg_lambda=3.0, verbose=-1, n_jobs=2, random_state=4)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=4)
oof = np.zeros(len(X))
oof_base = np.zeros(len(X))
test_pred = np.zeros(len(X_test))
for k, (i_tr, i_va) in enumerate(skf.split(X, y)):
    rates = train.iloc[i_tr].groupby("contract")["churn"].mean()
    oof_base[i_va] = train["contract"].iloc[i_va].map(rates).values
    m = lgb.LGBMClassifier(**params)
    m.fit(X.iloc[i_tr], y[i_tr], eval_set=[(X.iloc[i_va], y[i_va])], eval_metric="auc",
          callbacks=[lgb.early_stopping(100, verbose=False)])
    oof[i_va] = m.predict_proba(X.iloc[i_va])[:, 1]
    test_pred += m.predict_proba(X_test)[:, 1] / skf.get_n_splits()
    print(f"  fold {k}: best_iter={m.best_iteration_:4d}  "
          f"contract-rate AUC={roc_auc_score(y[i_va], oof_base[i_va]):.4f}  "
          f"lgb AUC={roc_auc_score(y[i_va], oof[i_va]):.4f}")

auc = roc_auc_score(y, oof)
auc_base = roc_auc_score(y, oof_base)
print(f"contract-rate baseline {auc_base:.4f} -> lgb {auc:.4f} (+{auc - auc_base:.4f})")

pd.DataFrame({"id": train["id"], "oof": oof, "churn": y}).to_csv(OOF_PATH, index=False)
print("saved", OOF_PATH)

sub = pd.DataFrame({"id": test["id"], "churn": test_pred})
sub.to_csv("./submission/submission.csv", index=False)
print(f"CV AUC: {auc:.4f}")
