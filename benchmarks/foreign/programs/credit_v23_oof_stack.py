"""
Improve step -- credit-risk (logloss)
baseline: single LightGBM, 5-fold CV
improvement: level-2 stacking. OOF probabilities of LGBM, LogisticRegression and
ExtraTrees are fed into a logistic-regression meta model.
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

RANDOM_STATE = 7
K = 5

df_train = pd.read_csv("input/train.csv")
df_test = pd.read_csv("input/test.csv")
print(f"Loaded train={df_train.shape}, test={df_test.shape}")

y = df_train["Status"].values
CATS = ["Home", "Marital", "Records", "Job"]
NUMS = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]


def prepare(df):
    out = df[NUMS].copy()
    out["Income"] = out["Income"].fillna(out["Income"].median())
    out["Assets"] = out["Assets"].fillna(0)
    out["Debt"] = out["Debt"].fillna(0)
    out["loan_to_price"] = out["Amount"] / out["Price"]
    out["disposable"] = out["Income"] - out["Expenses"] - out["Debt"] / np.maximum(out["Time"], 1)
    out["net_assets"] = out["Assets"] - out["Debt"]
    return out


X_num = prepare(df_train)
X_test_num = prepare(df_test)
both = pd.concat([df_train[CATS], df_test[CATS]], axis=0).fillna("missing")
dummies = pd.get_dummies(both, columns=CATS, dtype=float)
X = pd.concat([X_num.reset_index(drop=True), dummies.iloc[:len(df_train)].reset_index(drop=True)], axis=1)
X_test = pd.concat([X_test_num.reset_index(drop=True), dummies.iloc[len(df_train):].reset_index(drop=True)], axis=1)
print("feature matrix:", X.shape, X_test.shape)

skf = StratifiedKFold(n_splits=K, shuffle=True, random_state=RANDOM_STATE)

lgb_params = dict(n_estimators=350, learning_rate=0.03, num_leaves=15, min_child_samples=30,
                  subsample=0.85, subsample_freq=1, colsample_bytree=0.75,
                  reg_alpha=0.1, reg_lambda=1.0, random_state=RANDOM_STATE, verbose=-1)

# ---------- baseline ----------
oof_base = np.zeros(len(X))
for i, (tr, va) in enumerate(skf.split(X, y)):
    clf = lgb.LGBMClassifier(**lgb_params)
    clf.fit(X.iloc[tr], y[tr])
    oof_base[va] = clf.predict_proba(X.iloc[va])[:, 1]
    print(f"  baseline fold {i}: logloss {log_loss(y[va], oof_base[va]):.5f}")
baseline = log_loss(y, oof_base)
print(f"BASELINE lgbm CV logloss: {baseline:.5f}\n")

# ---------- improvement: stacking ----------
base_models = {
    "lgbm": lambda: lgb.LGBMClassifier(**lgb_params),
    "logreg": lambda: make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=3000)),
    "extratrees": lambda: ExtraTreesClassifier(n_estimators=300, min_samples_leaf=5,
                                               max_features=0.5, n_jobs=2,
                                               random_state=RANDOM_STATE),
}

oof_l1 = np.zeros((len(X), len(base_models)))
test_l1 = np.zeros((len(X_test), len(base_models)))

for j, (name, make) in enumerate(base_models.items()):
    for i, (tr, va) in enumerate(skf.split(X, y)):
        m = make()
        m.fit(X.iloc[tr], y[tr])
        oof_l1[va, j] = m.predict_proba(X.iloc[va])
        test_l1[:, j] += m.predict_proba(X_test)[:, 1] / K
    print(f"  level-1 {name:<11s} OOF logloss {log_loss(y, oof_l1[:, j]):.5f}")

meta = LogisticRegression(C=1.0, max_iter=1000)
logit = lambda p: np.log(np.clip(p, 1e-6, 1 - 1e-6) / (1 - np.clip(p, 1e-6, 1 - 1e-6)))
Z = logit(oof_l1)
Z_test = logit(test_l1)
meta_oof = cross_val_predict(meta, Z, y, cv=skf, method="predict_proba")[:, 1]
stacked = log_loss(y, meta_oof)

print(f"\nBASELINE  logloss: {baseline:.5f}")
print(f"STACKED   logloss: {stacked:.5f}")
print(f"improvement      : {baseline - stacked:+.5f}")

meta.fit(Z, y)
print("meta coefs:", dict(zip(base_models, np.round(meta.coef_[0], 3))))
pred = meta.predict_proba(Z_test)[:, 1]

sub = pd.DataFrame({"id": df_test["id"], "Status": pred})
sub.to_csv("submission/submission.csv", index=False)
print("submission saved:", sub.shape)
