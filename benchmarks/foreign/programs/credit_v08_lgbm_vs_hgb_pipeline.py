"""Credit scoring (Status 1 = bad), log loss.

Model A: LightGBM on pandas categoricals, 5-fold with early stopping.
Model B: sklearn pipeline (ordinal-encode + HGB with native categoricals), same folds.
Blend by OOF log loss.
"""
import warnings

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OrdinalEncoder

warnings.filterwarnings("ignore", category=UserWarning)

SEED = 1234
CATS = ["Home", "Marital", "Records", "Job"]
TARGET = "Status"

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train {train.shape}, test {test.shape}, bad rate {train[TARGET].mean():.4f}")
print("NaNs:", train.isna().sum().loc[lambda s: s.gt(0)].to_dict())

# the dataset codes unknown money amounts with huge sentinels in some versions
for c in ["Income", "Assets", "Debt"]:
    big = (train[c] >= 99_999_999).sum()
    if big:
        print(f"{c}: {big} sentinel values -> NaN")
        train.loc[train[c] >= 99_999_999, c] = np.nan
        test.loc[test[c] >= 99_999_999, c] = np.nan


def engineer(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["installment"] = df["Amount"] / df["Time"]
    df["free_income"] = df["Income"] - df["Expenses"] - df["installment"]
    df["net_assets"] = df["Assets"].fillna(0) - df["Debt"].fillna(0)
    df["senior_ratio"] = df["Seniority"] / (df["Age"] - 17)
    return df


train, test = engineer(train), engineer(test)
features = [c for c in train.columns if c not in ("id", TARGET)]
y = train[TARGET].to_numpy()
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
folds = list(skf.split(train, y))

# ---------------- Model A: LightGBM -------------------------------------------------
lgb_train, lgb_test = train[features].copy(), test[features].copy()
for c in CATS:
    dt = pd.CategoricalDtype(sorted(train[c].dropna().unique()))
    lgb_train[c] = lgb_train[c].astype(dt)
    lgb_test[c] = lgb_test[c].astype(dt)

params = dict(
    objective="binary", learning_rate=0.03, n_estimators=2000, num_leaves=15,
    min_child_samples=30, subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
    reg_lambda=2.0, random_state=SEED, verbose=-1,
)
oof_a = np.zeros(len(train))
test_a = np.zeros(len(test))
for k, (tr, va) in enumerate(folds):
    m = lgb.LGBMClassifier(**params)
    m.fit(
        lgb_train.iloc[tr], y[tr],
        eval_X=lgb_train.iloc[va], eval_y=y[va],
        eval_metric="binary_logloss",
        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(200)],
    )
    oof_a[va] = m.predict_proba(lgb_train.iloc[va])[:, 1]
    test_a += m.predict_proba(lgb_test)[:, 1] / len(folds)
    print(f"[lgb] fold {k}: best_iter={m.best_iteration_} "
          f"logloss={log_loss(y[va], oof_a[va]):.5f} auc={roc_auc_score(y[va], oof_a[va]):.4f}")
ll_a = log_loss(y, oof_a)
print(f"[lgb] OOF logloss {ll_a:.5f} | AUC {roc_auc_score(y, oof_a):.4f}")

# ---------------- Model B: sklearn pipeline -----------------------------------------
pre = make_column_transformer(
    (OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=np.nan,
                    encoded_missing_value=np.nan), CATS),
    remainder="passthrough",
).set_output(transform="pandas")
hgb_pipe = make_pipeline(
    pre,
    HistGradientBoostingClassifier(
        categorical_features=CATS,
        learning_rate=0.04, max_iter=500, max_leaf_nodes=15, min_samples_leaf=30,
        l2_regularization=1.0, early_stopping=True, validation_fraction=0.15,
        n_iter_no_change=30, random_state=SEED,
    ),
)
oof_b = np.zeros(len(train))
test_b = np.zeros(len(test))
for k, (tr, va) in enumerate(folds):
    hgb_pipe.fit(train.iloc[tr][features], y[tr])
    oof_b[va] = hgb_pipe.predict_proba(train.iloc[va][features])[:, 1]
    test_b += hgb_pipe.predict_proba(test[features])[:, 1] / len(folds)
    print(f"[hgb] fold {k}: iters={hgb_pipe[-1].n_iter_} logloss={log_loss(y[va], oof_b[va]):.5f}")
ll_b = log_loss(y, oof_b)
print(f"[hgb] OOF logloss {ll_b:.5f} | AUC {roc_auc_score(y, oof_b):.4f}")

# ---------------- blend -------------------------------------------------------------
ws = np.linspace(0, 1, 11)
scores = [log_loss(y, w * oof_a + (1 - w) * oof_b) for w in ws]
w = ws[int(np.argmin(scores))]
print(f"blend w_lgb={w:.1f} OOF logloss {min(scores):.5f}")

pred = np.clip(w * test_a + (1 - w) * test_b, 1e-4, 1 - 1e-4)
pd.DataFrame({"id": test["id"], TARGET: pred}).to_csv("submission/submission.csv", index=False)
print("saved", pred.shape, "mean", pred.mean().round(4))
