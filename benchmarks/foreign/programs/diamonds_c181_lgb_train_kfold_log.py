"""Diamonds price prediction with LightGBM (lgb.train) + 5-fold CV on log1p(price)."""
import warnings
from pathlib import Path

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import KFold

warnings.filterwarnings("ignore")

INPUT_DIR = Path("./input")
OUTPUT_DIR = Path("./submission")
SEED = 42
N_FOLDS = 5

CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def add_features(df: pd.DataFrame) -> pd.DataFrame:
    """Ordinal-encode the quality grades and add simple geometric features."""
    df = df.copy()
    df["cut_ord"] = df["cut"].map({v: i for i, v in enumerate(CUT_ORDER)})
    df["color_ord"] = df["color"].map({v: i for i, v in enumerate(COLOR_ORDER)})
    df["clarity_ord"] = df["clarity"].map({v: i for i, v in enumerate(CLARITY_ORDER)})
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["log_carat"] = np.log1p(df["carat"])
    df["xy_ratio"] = df["x"] / df["y"].replace(0, np.nan)
    df["density"] = df["carat"] / df["volume"].replace(0, np.nan)
    return df


def rmsle(y_true, y_pred):
    """Root mean squared logarithmic error."""
    y_pred = np.clip(y_pred, 0, None)
    return float(np.sqrt(np.mean((np.log1p(y_true) - np.log1p(y_pred)) ** 2)))


def main():
    train = pd.read_csv(INPUT_DIR / "train.csv")
    test = pd.read_csv(INPUT_DIR / "test.csv")
    print(f"Train shape: {train.shape}, Test shape: {test.shape}")

    train = add_features(train)
    test = add_features(test)

    features = ["carat", "depth", "table", "x", "y", "z", "cut_ord", "color_ord",
                "clarity_ord", "volume", "log_carat", "xy_ratio", "density"]
    X = train[features]
    y = np.log1p(train["price"].values)
    X_test = test[features]

    params = {
        "objective": "regression",
        "metric": "rmse",
        "learning_rate": 0.03,
        "num_leaves": 31,
        "min_data_in_leaf": 20,
        "feature_fraction": 0.8,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "lambda_l2": 1.0,
        "seed": SEED,
        "num_threads": 1,
        "verbose": -1,
    }

    oof = np.zeros(len(train))
    test_pred = np.zeros(len(test))
    kf = KFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)

    for fold, (tr_idx, va_idx) in enumerate(kf.split(X), 1):
        dtrain = lgb.Dataset(X.iloc[tr_idx], label=y[tr_idx])
        dvalid = lgb.Dataset(X.iloc[va_idx], label=y[va_idx], reference=dtrain)
        model = lgb.train(
            params,
            dtrain,
            num_boost_round=3000,
            valid_sets=[dvalid],
            valid_names=["valid"],
            callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(500)],
        )
        oof[va_idx] = model.predict(X.iloc[va_idx], num_iteration=model.best_iteration)
        test_pred += model.predict(X_test, num_iteration=model.best_iteration) / N_FOLDS
        fold_score = rmsle(train["price"].values[va_idx], np.expm1(oof[va_idx]))
        print(f"Fold {fold}: RMSLE = {fold_score:.5f} (best_iter={model.best_iteration})")

    cv_score = rmsle(train["price"].values, np.expm1(oof))
    print(f"CV RMSLE: {cv_score:.5f}")

    OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
    submission = pd.DataFrame({"id": test["id"], "price": np.expm1(test_pred)})
    submission.to_csv(OUTPUT_DIR / "submission.csv", index=False)
    print(f"Saved submission with {len(submission)} rows to {OUTPUT_DIR / 'submission.csv'}")


if __name__ == "__main__":
    main()
