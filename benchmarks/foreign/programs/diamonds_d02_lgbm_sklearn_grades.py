"""
Diamonds - attempt 2 with the LGBMRegressor sklearn API and a holdout split.

Feature ideas:
  - ordinal encodings for the two grades that are clearly ordered (cut, clarity)
  - color: LightGBM can deal with it directly
  - carat^(1/3) is roughly proportional to linear size; log target for RMSLE
"""
import os
import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor, early_stopping, log_evaluation
from sklearn.model_selection import train_test_split

CUT_ORDER = {"Fair": 0, "Good": 1, "Very Good": 2, "Premium": 3, "Ideal": 4}
CLARITY_ORDER = {"I1": 0, "SI2": 1, "SI1": 2, "VS2": 3, "VS1": 4, "VVS2": 5, "VVS1": 6, "IF": 7}


class DiamondFeatures:
    """Tiny stateless transformer so the same steps run on train and test."""

    def transform(self, df: pd.DataFrame) -> pd.DataFrame:
        df = df.copy()
        df["cut"] = df["cut"].map(CUT_ORDER)
        df["clarity"] = df["clarity"].map(CLARITY_ORDER)
        df["carat_cbrt"] = np.cbrt(df["carat"])
        df["xy_ratio"] = df["x"] / df["y"].replace(0, np.nan)
        df["depth_dev"] = (df["depth"] - 61.8).abs()
        return df


def main():
    fe = DiamondFeatures()
    train = fe.transform(pd.read_csv("./input/train.csv"))
    test = fe.transform(pd.read_csv("./input/test.csv"))
    features = [c for c in train.columns if c not in ("id", "price")]
    print("train:", train.shape, "| features:", len(features))
    print(train[features].dtypes.value_counts())

    X_tr, X_va, y_tr, y_va = train_test_split(train[features], np.log1p(train["price"]),
                                              test_size=0.2, random_state=21)
    model = LGBMRegressor(n_estimators=4000, learning_rate=0.03, num_leaves=48,
                          subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
                          random_state=21, n_jobs=1, verbose=-1)
    model.fit(X_tr, y_tr, eval_set=[(X_va, y_va)], eval_metric="rmse",
              callbacks=[early_stopping(150, verbose=False), log_evaluation(500)])
    pred_va = model.predict(X_va, num_iteration=model.best_iteration_)
    rmsle = np.sqrt(np.mean((pred_va - y_va) ** 2))
    print(f"best_iteration={model.best_iteration_}")
    print(f"Validation RMSLE: {rmsle:.5f}")

    test_pred = np.expm1(model.predict(test[features], num_iteration=model.best_iteration_))
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "price": test_pred}).to_csv("./submission/submission.csv", index=False)
    print("done")


if __name__ == "__main__":
    main()
