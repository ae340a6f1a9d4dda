"""Telco churn - LightGBM with 5-fold CV (revision 2).

Previous attempt crashed in the CV loop with
    ValueError: pandas dtypes must be int, float or bool
because the service columns are plain strings. Fixed below by casting them to
'category' on train and test together so the codes line up.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

INPUT_DIR = "./input"
SUB_DIR = "./submission"
TARGET = "churn"
ID_COL = "id"
SEED = 42


def load_data():
    train = pd.read_csv(os.path.join(INPUT_DIR, "train.csv"))
    test = pd.read_csv(os.path.join(INPUT_DIR, "test.csv"))
    print(f"train shape: {train.shape}, test shape: {test.shape}")
    return train, test


def prepare_features(train, test):
    full = pd.concat([train.drop(columns=[TARGET]), test], axis=0, ignore_index=True)

    # fix: total_charges has a few blanks -> coerce then fill from monthly * tenure
    if "total_charges" in full.columns:
        full["total_charges"] = pd.to_numeric(full["total_charges"], errors="coerce")
        approx = full["monthly_charges"] * full["tenure"]
        full["total_charges"] = full["total_charges"].fillna(approx)

    full["charges_per_month_hist"] = full["total_charges"] / full["tenure"].replace(0, np.nan)
    full["charges_per_month_hist"] = full["charges_per_month_hist"].fillna(full["monthly_charges"])
    full["charge_ratio"] = full["monthly_charges"] / (full["charges_per_month_hist"] + 1e-6)

    # fix: string columns -> category dtype (LightGBM refused raw str columns)
    cat_cols = [c for c in full.columns if c != ID_COL and not pd.api.types.is_numeric_dtype(full[c])]
    for c in cat_cols:
        full[c] = full[c].fillna("missing").astype("category")
    print(f"categorical columns ({len(cat_cols)}): {cat_cols}")

    feats = [c for c in full.columns if c != ID_COL]
    X = full.iloc[: len(train)][feats].reset_index(drop=True)
    X_test = full.iloc[len(train):][feats].reset_index(drop=True)
    assert X.shape[0] == train.shape[0], f"{X.shape} vs {train.shape}"
    assert X_test.shape[0] == test.shape[0], f"{X_test.shape} vs {test.shape}"
    return X, X_test, feats


def main():
    train, test = load_data()
    y = pd.to_numeric(train[TARGET], errors="coerce").fillna(0).astype(int).values
    print(f"target mean: {y.mean():.4f}")

    X, X_test, feats = prepare_features(train, test)
    print(f"n features: {len(feats)}")

    params = dict(
        n_estimators=400,
        learning_rate=0.03,
        num_leaves=15,
        min_child_samples=40,
        subsample=0.8,
        subsample_freq=1,
        colsample_bytree=0.8,
        reg_lambda=1.0,
        random_state=SEED,
        verbose=-1,
    )

    skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    oof = np.zeros(len(X))
    best_iters = []
    for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
        model = lgb.LGBMClassifier(**params)
        model.fit(
            X.iloc[tr_idx], y[tr_idx],
            eval_set=[(X.iloc[va_idx], y[va_idx])],
            eval_metric="auc",
            callbacks=[lgb.early_stopping(50, verbose=False)],
        )
        oof[va_idx] = model.predict_proba(X.iloc[va_idx])[:, 1]
        bi = model.best_iteration_ or params["n_estimators"]
        best_iters.append(bi)
        print(f"fold {fold}: AUC={roc_auc_score(y[va_idx], oof[va_idx]):.4f} best_iter={bi}")

    cv_auc = roc_auc_score(y, oof)
    print(f"CV AUC: {cv_auc:.4f}")

    final_params = dict(params)
    final_params["n_estimators"] = int(np.mean(best_iters) * 1.1)
    print(f"refit on full data with n_estimators={final_params['n_estimators']}")
    final = lgb.LGBMClassifier(**final_params)
    final.fit(X, y)
    pred = final.predict_proba(X_test)[:, 1]

    sub = pd.read_csv(os.path.join(INPUT_DIR, "sample_submission.csv"))
    pred_s = pd.Series(pred, index=test[ID_COL].values)
    sub[TARGET] = sub[ID_COL].map(pred_s).fillna(y.mean()).values
    os.makedirs(SUB_DIR, exist_ok=True)
    sub.to_csv(os.path.join(SUB_DIR, "submission.csv"), index=False)
    print(f"submission saved: {sub.shape}, mean pred {sub[TARGET].mean():.4f}")


if __name__ == "__main__":
    main()
