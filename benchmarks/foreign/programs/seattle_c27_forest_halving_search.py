import logging
import sys
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score, classification_report
from sklearn.model_selection import HalvingGridSearchCV, StratifiedKFold

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="[%(levelname)s] %(message)s")
logger = logging.getLogger(__name__)

DATA = Path("input")
OUT = Path("submission")
MODEL_DIR = Path("models")
RANDOM_STATE = 17


class WeatherFeatures:
    """Calendar + derived weather features; fitted month climatology from train."""

    def fit(self, df):
        d = pd.to_datetime(df["date"])
        self.clim_ = df.assign(month=d.dt.month).groupby("month")[["temp_max", "temp_min", "wind"]].mean()
        return self

    def transform(self, df):
        d = pd.to_datetime(df["date"])
        out = pd.DataFrame(index=df.index)
        out["precipitation"] = df["precipitation"]
        out["log_precip"] = np.log1p(df["precipitation"])
        out["rain_flag"] = (df["precipitation"] > 0).astype(int)
        out["temp_max"] = df["temp_max"]
        out["temp_min"] = df["temp_min"]
        out["wind"] = df["wind"]
        out["spread"] = df["temp_max"] - df["temp_min"]
        out["month"] = d.dt.month
        out["doy"] = d.dt.dayofyear
        clim = self.clim_.reindex(out["month"]).to_numpy()
        out["tmax_dev"] = df["temp_max"].to_numpy() - clim[:, 0]
        out["tmin_dev"] = df["temp_min"].to_numpy() - clim[:, 1]
        out["wind_dev"] = df["wind"].to_numpy() - clim[:, 2]
        return out


def main():
    train = pd.read_csv(DATA / "train.csv")
    test = pd.read_csv(DATA / "test.csv")
    logger.info("train=%s test=%s", train.shape, test.shape)
    logger.info("class balance: %s", train["weather"].value_counts(normalize=True).round(3).to_dict())

    fe = WeatherFeatures().fit(train)
    X, y = fe.transform(train), train["weather"]
    X_test = fe.transform(test)

    # hold out the most recent 20% of days as a sanity check, mimicking the test split
    order = pd.to_datetime(train["date"]).argsort().to_numpy()
    cut = int(len(order) * 0.8)
    tr_idx, va_idx = order[:cut], order[cut:]

    grid = {
        "max_depth": [3, 5, 8, None],
        "min_samples_leaf": [1, 3, 8],
        "max_features": ["sqrt", 0.5],
    }
    search = HalvingGridSearchCV(
        RandomForestClassifier(n_estimators=150, random_state=RANDOM_STATE, n_jobs=1),
        grid,
        factor=3,
        cv=StratifiedKFold(4, shuffle=True, random_state=RANDOM_STATE),
        scoring="accuracy",
        random_state=RANDOM_STATE,
        n_jobs=1,
    )
    search.fit(X.iloc[tr_idx], y.iloc[tr_idx])
    logger.info("halving iterations: %d, candidates per iter: %s", search.n_iterations_, search.n_candidates_)
    logger.info("best params: %s (cv acc %.4f)", search.best_params_, search.best_score_)

    va_pred = search.best_estimator_.predict(X.iloc[va_idx])
    acc = accuracy_score(y.iloc[va_idx], va_pred)
    print(f"Validation accuracy (last 20% of days): {acc:.4f}")
    print(classification_report(y.iloc[va_idx], va_pred, zero_division=0))

    final = RandomForestClassifier(n_estimators=300, random_state=RANDOM_STATE, n_jobs=1,
                                   **search.best_params_).fit(X, y)
    MODEL_DIR.mkdir(exist_ok=True)
    joblib.dump({"features": fe, "model": final}, MODEL_DIR / "rf_weather.joblib")

    OUT.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], "weather": final.predict(X_test)}).to_csv(OUT / "submission.csv", index=False)
    logger.info("submission saved")


if __name__ == "__main__":
    main()
