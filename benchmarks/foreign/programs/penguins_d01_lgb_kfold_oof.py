"""
Penguins species classification - LightGBM with manual StratifiedKFold + OOF predictions.

Plan:
  1. Load train/test, encode the categorical columns (island, sex) as pandas categories.
  2. Add a couple of simple ratio features (bill length / depth, mass per flipper mm).
  3. 5-fold StratifiedKFold, lgb.train with early stopping on each fold.
  4. Report OOF multi-class log loss and write averaged test probabilities.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, accuracy_score

INPUT_DIR = "./input"
SUB_DIR = "./submission"
CLASSES = ["Adelie", "Chinstrap", "Gentoo"]
SEED = 42
N_FOLDS = 5


def add_features(df: pd.DataFrame) -> pd.DataFrame:
    """Simple engineered features; LightGBM handles the NaNs natively."""
    df = df.copy()
    df["bill_ratio"] = df["bill_length_mm"] / df["bill_depth_mm"]
    df["mass_per_flipper"] = df["body_mass_g"] / df["flipper_length_mm"]
    for col in ["island", "sex"]:
        df[col] = df[col].astype("category")
    return df


def main():
    train = pd.read_csv(os.path.join(INPUT_DIR, "train.csv"))
    test = pd.read_csv(os.path.join(INPUT_DIR, "test.csv"))
    print(f"Train shape: {train.shape}, Test shape: {test.shape}")

    # Map species -> integer label in the same order as the submission columns
    label_map = {c: i for i, c in enumerate(CLASSES)}
    y = train["species"].map(label_map).values

    full = pd.concat([train.drop(columns=["species"]), test], axis=0, ignore_index=True)
    full = add_features(full)
    features = [c for c in full.columns if c not in ("id",)]
    X = full.iloc[: len(train)][features].reset_index(drop=True)
    X_test = full.iloc[len(train):][features].reset_index(drop=True)
    print(f"Using {len(features)} features: {features}")

    params = {
        "objective": "multiclass",
        "num_class": len(CLASSES),
        "learning_rate": 0.05,
        "num_leaves": 15,
        "min_data_in_leaf": 5,
        "feature_fraction": 0.9,
        "bagging_fraction": 0.9,
        "bagging_freq": 1,
        "seed": SEED,
        "verbosity": -1,
    }

    oof = np.zeros((len(X), len(CLASSES)))
    test_pred = np.zeros((len(X_test), len(CLASSES)))
    skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)

    for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y), 1):
        dtrain = lgb.Dataset(X.iloc[tr_idx], label=y[tr_idx])
        dvalid = lgb.Dataset(X.iloc[va_idx], label=y[va_idx], reference=dtrain)
        booster = lgb.train(
            params,
            dtrain,
            num_boost_round=1000,
            valid_sets=[dvalid],
            valid_names=["valid"],
            callbacks=[lgb.early_stopping(50, verbose=False), lgb.log_evaluation(0)],
        )
        oof[va_idx] = booster.predict(X.iloc[va_idx], num_iteration=booster.best_iteration)
        test_pred += booster.predict(X_test, num_iteration=booster.best_iteration) / N_FOLDS
        fold_ll = log_loss(y[va_idx], oof[va_idx], labels=list(range(len(CLASSES))))
        print(f"Fold {fold}: best_iter={booster.best_iteration}, logloss={fold_ll:.5f}")

    oof_ll = log_loss(y, oof)
    oof_acc = accuracy_score(y, oof.argmax(axis=1))
    print(f"Validation (OOF) log loss: {oof_ll:.5f}")
    print(f"Validation (OOF) accuracy: {oof_acc:.4f}")

    os.makedirs(SUB_DIR, exist_ok=True)
    sub = pd.DataFrame(test_pred, columns=CLASSES)
    sub.insert(0, "id", test["id"].values)
    sub.to_csv(os.path.join(SUB_DIR, "submission.csv"), index=False)
    print(f"Saved submission with shape {sub.shape}")


if __name__ == "__main__":
    main()
