"""Doctor visits: engineered features + Ridge/RandomForest ensemble on log1p targets."""
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

warnings.filterwarnings("ignore")

DATA = Path("input")
OUT = Path("submission")
TARGETS = ["visits", "ovisits", "emergency", "hospital"]
RANDOM_STATE = 42


def engineer_features(df: pd.DataFrame) -> pd.DataFrame:
    """Build a fully numeric feature frame from the raw survey columns."""
    feats = pd.DataFrame(index=df.index)
    feats["chronic"] = df["chronic"]
    feats["age"] = df["age"]
    feats["school"] = df["school"]
    feats["log_income"] = np.log1p(df["income"])
    feats["health_poor"] = (df["health"] == "poor").astype(int)
    feats["health_excellent"] = (df["health"] == "excellent").astype(int)
    feats["adl_limited"] = (df["adl"] == "limited").astype(int)
    for col in ["afam", "married", "employed", "insurance", "medicaid"]:
        feats[col] = (df[col] == "yes").astype(int)
    feats["male"] = (df["gender"] == "male").astype(int)
    for reg in ["midwest", "northeast", "west"]:
        feats[f"region_{reg}"] = (df["region"] == reg).astype(int)
    feats["chronic_sq"] = df["chronic"] ** 2
    feats["age_chronic"] = df["age"] * df["chronic"]
    feats["any_coverage"] = ((df["insurance"] == "yes") | (df["medicaid"] == "yes")).astype(int)
    return feats


def get_models():
    """Two diverse regressors for the blend."""
    return {
        "ridge": make_pipeline(StandardScaler(), Ridge(alpha=10.0)),
        "rf": RandomForestRegressor(n_estimators=200, min_samples_leaf=10, max_features=0.5,
                                    n_jobs=1, random_state=RANDOM_STATE),
    }


def rmse(a, b):
    return float(np.sqrt(np.mean((a - b) ** 2)))


def main():
    train = pd.read_csv(DATA / "train.csv")
    test = pd.read_csv(DATA / "test.csv")
    X = engineer_features(train)
    X_test = engineer_features(test)
    print(f"Feature matrix: {X.shape}, test: {X_test.shape}")

    kf = KFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)
    sub = pd.DataFrame({"id": test["id"]})
    col_scores = []

    for target in TARGETS:
        y_log = np.log1p(train[target].values)
        oof_blend = np.zeros(len(X))
        test_blend = np.zeros(len(X_test))
        for name, model in get_models().items():
            oof = cross_val_predict(model, X, y_log, cv=kf)
            model.fit(X, y_log)
            oof_blend += 0.5 * oof
            test_blend += 0.5 * model.predict(X_test)
            print(f"  {target} / {name}: RMSLE {rmse(y_log, oof):.4f}")
        score = rmse(y_log, oof_blend)
        col_scores.append(score)
        print(f"{target}: blended OOF RMSLE = {score:.4f}")
        sub[target] = np.clip(np.expm1(test_blend), 0, None)

    print(f"CV mean RMSLE over targets: {np.mean(col_scores):.4f}")
    OUT.mkdir(exist_ok=True)
    sub.to_csv(OUT / "submission.csv", index=False)
    print("Submission saved.")


if __name__ == "__main__":
    main()
