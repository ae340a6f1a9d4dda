"""
Seattle weather - attempt 2: LightGBM multiclass with lag features.

Weather is persistent: yesterday's precipitation/temperature is a strong hint for today's
label. Train and test are disjoint date ranges, so I concatenate them, sort by date and
compute lag / rolling features over the full timeline.
"""
import os
import logging
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import accuracy_score
from sklearn.preprocessing import LabelEncoder

logging.basicConfig(level=logging.INFO, format="%(levelname)s | %(message)s")
logger = logging.getLogger(__name__)
DATE_FMT = "%d/%m/%Y"


def load_data():
    tr = pd.read_csv("./input/train.csv")
    te = pd.read_csv("./input/test.csv")
    tr["is_train"], te["is_train"] = 1, 0
    full = pd.concat([tr, te], ignore_index=True)
    full["date"] = pd.to_datetime(full["date"], format=DATE_FMT)
    full = full.sort_values("date").reset_index(drop=True)
    logger.info("full timeline %s -> %s, %d rows", full["date"].min(), full["date"].max(), len(full))
    return full


def add_lags(full):
    for col in ["precipitation", "temp_max", "temp_min", "wind"]:
        for lag in (1, 2, 3):
            full[f"{col}_lag{lag}"] = full[col].shift(lag)
        full[f"{col}_roll7"] = full[col].rolling(7, min_periods=1).mean()
    full["month"] = full["date"].dt.month
    full["doy"] = full["date"].dt.day_of_year
    full["temp_range"] = full["temp_max"] - full["temp_min"]
    return full


def main():
    full = add_lags(load_data())
    feats = [c for c in full.columns if c not in ("id", "date", "weather", "is_train")]
    train = full[full["is_train"] == 1].reset_index(drop=True)
    test = full[full["is_train"] == 0].reset_index(drop=True)
    le = LabelEncoder().fit(train["weather"])
    y = le.transform(train["weather"])
    logger.info("classes: %s", list(le.classes_))

    cut = int(len(train) * 0.8)
    params = dict(objective="multiclass", num_class=len(le.classes_), learning_rate=0.05,
                  num_leaves=15, min_data_in_leaf=10, seed=3, verbosity=-1)
    dtr = lgb.Dataset(train.loc[: cut - 1, feats], y[:cut])
    dva = lgb.Dataset(train.loc[cut:, feats], y[cut:], reference=dtr)
    bst = lgb.train(params, dtr, 1000, valid_sets=[dva], callbacks=[lgb.early_stopping(50)])
    acc = accuracy_score(y[cut:], bst.predict(train.loc[cut:, feats]).argmax(1))
    print(f"Validation accuracy: {acc:.4f}")

    final = lgb.train(params, lgb.Dataset(train[feats], y), max(50, bst.best_iteration))
    pred = le.inverse_transform(final.predict(test[feats]).argmax(1))
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "weather": pred}).to_csv("./submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
