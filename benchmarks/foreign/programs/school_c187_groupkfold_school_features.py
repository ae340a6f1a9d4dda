"""School math achievement: school-level aggregates + GroupKFold, LightGBM + Ridge blend."""
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor, early_stopping
from sklearn.linear_model import Ridge
from sklearn.metrics import root_mean_squared_error
from sklearn.model_selection import GroupKFold
from sklearn.preprocessing import StandardScaler

RANDOM_STATE = 42
N_SPLITS = 5


def add_school_features(df: pd.DataFrame) -> pd.DataFrame:
    """Pupil-level encodings plus school-level aggregates (no target information used)."""
    df = df.copy()
    df["minority"] = (df["Minority"] == "Yes").astype(int)
    df["male"] = (df["Sex"] == "Male").astype(int)
    grp = df.groupby("School")
    df["school_size"] = grp["SES"].transform("size")
    df["school_ses_std"] = grp["SES"].transform("std").fillna(0)
    df["school_minority_share"] = grp["minority"].transform("mean")
    df["school_male_share"] = grp["male"].transform("mean")
    df["ses_dev"] = df["SES"] - df["MEANSES"]
    df["ses_x_minority"] = df["SES"] * df["minority"]
    return df


FEATURES = ["minority", "male", "SES", "MEANSES", "school_size", "school_ses_std",
            "school_minority_share", "school_male_share", "ses_dev", "ses_x_minority"]


def main():
    train = add_school_features(pd.read_csv("./input/train.csv"))
    test = add_school_features(pd.read_csv("./input/test.csv"))
    X, y, groups = train[FEATURES], train["MathAch"].to_numpy(), train["School"].to_numpy()
    X_test = test[FEATURES]
    print(f"Train {X.shape} from {train['School'].nunique()} schools; test {X_test.shape} "
          f"from {test['School'].nunique()} schools")

    gkf = GroupKFold(n_splits=N_SPLITS)
    oof_lgb, oof_ridge = np.zeros(len(X)), np.zeros(len(X))
    test_lgb, test_ridge = np.zeros(len(X_test)), np.zeros(len(X_test))

    for fold, (tr, va) in enumerate(gkf.split(X, y, groups)):
        lgbm = LGBMRegressor(n_estimators=3000, learning_rate=0.02, num_leaves=8,
                             min_child_samples=50, subsample=0.8, subsample_freq=1,
                             colsample_bytree=0.8, reg_lambda=5.0,
                             random_state=RANDOM_STATE, n_jobs=1, verbose=-1)
        lgbm.fit(X.iloc[tr], y[tr], eval_set=[(X.iloc[va], y[va])],
                 callbacks=[early_stopping(200, verbose=False)])
        oof_lgb[va] = lgbm.predict(X.iloc[va])
        test_lgb += lgbm.predict(X_test) / N_SPLITS

        scaler = StandardScaler().fit(X.iloc[tr])
        ridge = Ridge(alpha=3.0).fit(scaler.transform(X.iloc[tr]), y[tr])
        oof_ridge[va] = ridge.predict(scaler.transform(X.iloc[va]))
        test_ridge += ridge.predict(scaler.transform(X_test)) / N_SPLITS

        print(f"Fold {fold + 1}: LGB RMSE={root_mean_squared_error(y[va], oof_lgb[va]):.4f}, "
              f"Ridge RMSE={root_mean_squared_error(y[va], oof_ridge[va]):.4f}, "
              f"best_iter={lgbm.best_iteration_}")

    oof_blend = 0.5 * oof_lgb + 0.5 * oof_ridge
    print(f"OOF RMSE  LGB: {root_mean_squared_error(y, oof_lgb):.4f}")
    print(f"OOF RMSE  Ridge: {root_mean_squared_error(y, oof_ridge):.4f}")
    print(f"OOF RMSE  Blend: {root_mean_squared_error(y, oof_blend):.4f}")

    os.makedirs("./submission", exist_ok=True)
    fig, ax = plt.subplots(figsize=(6, 5))
    ax.scatter(oof_blend, y - oof_blend, s=4, alpha=0.3)
    ax.axhline(0, color="red", lw=1)
    ax.set_xlabel("OOF prediction")
    ax.set_ylabel("Residual")
    ax.set_title("Blend residuals (GroupKFold)")
    fig.tight_layout()
    fig.savefig("./submission/residuals.png", dpi=100)
    plt.close(fig)

    sub = pd.DataFrame({"id": test["id"], "MathAch": 0.5 * test_lgb + 0.5 * test_ridge})
    sub.to_csv("./submission/submission.csv", index=False)
    print(f"Submission saved: {sub.shape}")


if __name__ == "__main__":
    main()
