"""
Credit risk scoring -> P(Status == 1), metric: log loss.

Plan
  - light cleaning: Income/Assets/Debt have NaNs (LightGBM handles them natively)
  - a few ratio features (loan-to-price, debt-to-income, expenses share)
  - categoricals -> pandas category dtype for LightGBM
  - 5-fold StratifiedKFold with LGBMClassifier + early stopping, average the test predictions
  - keep OOF predictions on disk so they can be stacked later
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.model_selection import StratifiedKFold

SEED = 3
N_FOLDS = 5
TARGET = "Status"
CATS = ["Home", "Marital", "Records", "Job"]


def load():
    tr = pd.read_csv("input/train.csv")
    te = pd.read_csv("input/test.csv")
    return tr, te


def add_ratios(df):
    out = df.copy()
    out["loan_to_price"] = out["Amount"] / out["Price"]
    out["debt_to_income"] = out["Debt"] / (out["Income"] + 1)
    out["expense_share"] = out["Expenses"] / (out["Income"] + 1)
    out["net_assets"] = out["Assets"] - out["Debt"]
    out["monthly_payment"] = out["Amount"] / out["Time"]
    return out


def to_category(tr, te, cols):
    for c in cols:
        levels = sorted(pd.concat([tr[c], te[c]]).dropna().unique())
        tr[c] = pd.Categorical(tr[c], categories=levels)
        te[c] = pd.Categorical(te[c], categories=levels)
    return tr, te


def main():
    train, test = load()
    train, test = add_ratios(train), add_ratios(test)
    train, test = to_category(train, test, CATS)
    features = [c for c in train.columns if c not in ("id", TARGET)]
    X, y = train[features], train[TARGET].values
    print(f"{len(features)} features, {len(X)} rows, default rate {y.mean():.3f}")

    oof = np.zeros(len(X))
    test_pred = np.zeros(len(test))
    skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
    for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
        model = lgb.LGBMClassifier(
            n_estimators=3000,
            learning_rate=0.02,
            num_leaves=20,
            min_child_samples=30,
            subsample=0.8,
            subsample_freq=1,
            colsample_bytree=0.7,
            reg_lambda=2.0,
            random_state=SEED,
            n_jobs=2,
            verbose=-1,
        )
        model.fit(
            X.iloc[tr_idx], y[tr_idx],
            eval_set=[(X.iloc[va_idx], y[va_idx])],
            eval_metric="binary_logloss",
            callbacks=[lgb.early_stopping(150, verbose=False)],
        )
        oof[va_idx] = model.predict_proba(X.iloc[va_idx])[:, 1]
        test_pred += model.predict_proba(test[features])[:, 1] / N_FOLDS
        print(f"fold {fold}: best_iter={model.best_iteration_}  "
              f"logloss={log_loss(y[va_idx], oof[va_idx]):.4f}")

    cv_loss = log_loss(y, oof)
    print(f"OOF AUC: {roc_auc_score(y, oof):.4f}")
    print(f"OOF log loss: {cv_loss:.4f}")

    # save OOF for a later stacking step
    pd.DataFrame({"id": train["id"], "oof_lgb": oof}).to_csv("artifacts/credit_oof_lgb.csv", index=False)
    pd.DataFrame({"id": test["id"], "pred_lgb": test_pred}).to_csv("artifacts/credit_test_lgb.csv", index=False)

    sub = pd.DataFrame({"id": test["id"], TARGET: np.clip(test_pred, 1e-4, 1 - 1e-4)})
    sub.to_csv("submission/submission.csv", index=False)
    print(f"Final validation logloss: {cv_loss:.4f}")


if __name__ == "__main__":
    main()
