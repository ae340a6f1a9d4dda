import json
import logging
import pickle
from pathlib import Path

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import f1_score, confusion_matrix
from sklearn.model_selection import train_test_split

logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")
logger = logging.getLogger(__name__)

DATA = Path("input")
OUT = Path("submission")
WORK = Path("work_artifacts")
WORK.mkdir(exist_ok=True)

LABELS = ["VF", "F", "M", "L"]  # ordered by run time
DAY_ORDER = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}


def protocol_stats(train_df: pd.DataFrame) -> pd.DataFrame:
    g = train_df.groupby("protocol")
    stats = pd.DataFrame({
        "proto_n": g.size(),
        "proto_med_compounds": g["compounds"].median(),
        "proto_med_fields": g["input_fields"].median(),
        "proto_mean_pending": g["num_pending"].mean(),
    })
    return stats.reset_index()


def featurize(df: pd.DataFrame, stats: pd.DataFrame) -> pd.DataFrame:
    out = df.merge(stats, on="protocol", how="left")
    out["proto_n"] = out["proto_n"].fillna(0)
    out["rel_compounds"] = out["compounds"] / out["proto_med_compounds"]
    out["rel_fields"] = out["input_fields"] / out["proto_med_fields"]
    out["day_num"] = out["day"].map(DAY_ORDER)
    out["weekhour"] = out["day_num"] * 24 + out["hour"]
    out["is_night"] = ((out["hour"] < 7) | (out["hour"] > 20)).astype(int)
    out["pending_x_iter"] = out["num_pending"] * out["iterations"]
    out["protocol"] = out["protocol"].astype("category")
    return out.drop(columns=["day"])


def macro_f1_eval(preds, data):
    y_true = data.get_label().astype(int)
    preds = np.asarray(preds)
    if preds.ndim == 1:
        preds = preds.reshape(len(LABELS), -1).T
    return "macro_f1", f1_score(y_true, preds.argmax(axis=1), average="macro"), True


def main():
    train = pd.read_csv(DATA / "train.csv")
    test = pd.read_csv(DATA / "test.csv")
    label_map = {lab: i for i, lab in enumerate(LABELS)}
    y = train["class"].map(label_map).to_numpy()

    tr_df, va_df, y_tr, y_va = train_test_split(train, y, test_size=0.2, stratify=y, random_state=3)
    stats = protocol_stats(tr_df)
    feats_tr = featurize(tr_df.drop(columns=["class"]), stats)
    feats_va = featurize(va_df.drop(columns=["class"]), stats)
    protocols = sorted(train["protocol"].unique())
    for f in (feats_tr, feats_va):
        f["protocol"] = f["protocol"].cat.set_categories(protocols)
    feature_cols = [c for c in feats_tr.columns if c != "id"]
    logger.info("features: %s", feature_cols)

    params = dict(
        objective="multiclass",
        num_class=len(LABELS),
        learning_rate=0.05,
        num_leaves=24,
        min_data_in_leaf=10,
        feature_fraction=0.85,
        lambda_l2=0.5,
        metric="multi_logloss",
        verbosity=-1,
        num_threads=1,
        seed=3,
    )
    dtr = lgb.Dataset(feats_tr[feature_cols], y_tr)
    dva = lgb.Dataset(feats_va[feature_cols], y_va, reference=dtr)
    history = {}
    booster = lgb.train(
        params, dtr, num_boost_round=1500,
        valid_sets=[dva], valid_names=["valid"],
        feval=macro_f1_eval,
        callbacks=[
            lgb.early_stopping(80, first_metric_only=True),
            lgb.log_evaluation(100),
            lgb.record_evaluation(history),
        ],
    )
    va_pred = booster.predict(feats_va[feature_cols], num_iteration=booster.best_iteration).argmax(1)
    va_f1 = f1_score(y_va, va_pred, average="macro")
    logger.info("confusion matrix (rows=true %s):\n%s", LABELS, confusion_matrix(y_va, va_pred))
    print(f"Validation macro-F1: {va_f1:.4f}")

    # refit on everything with protocol stats from the full train
    full_stats = protocol_stats(train)
    feats_all = featurize(train.drop(columns=["class"]), full_stats)
    feats_test = featurize(test, full_stats)
    for f in (feats_all, feats_test):
        f["protocol"] = f["protocol"].cat.set_categories(protocols)
    n_rounds = int(booster.best_iteration * 1.15) + 1
    final = lgb.train(params, lgb.Dataset(feats_all[feature_cols], y), num_boost_round=n_rounds)
    test_pred = final.predict(feats_test[feature_cols]).argmax(1)

    with open(WORK / "booster.pkl", "wb") as fh:
        pickle.dump(final, fh)
    importance = dict(zip(feature_cols, final.feature_importance("gain").round(1).tolist()))
    (WORK / "summary.json").write_text(json.dumps({
        "valid_macro_f1": va_f1,
        "best_iteration": booster.best_iteration,
        "n_rounds_final": n_rounds,
        "importance_gain": importance,
        "valid_curve_tail": history["valid"]["macro_f1"][-5:],
    }, indent=2))

    sub = pd.DataFrame({"id": feats_test["id"], "class": np.array(LABELS)[test_pred]})
    OUT.mkdir(exist_ok=True)
    sub.to_csv(OUT / "submission.csv", index=False)
    logger.info("submission rows=%d distribution=%s", len(sub), sub["class"].value_counts().to_dict())


if __name__ == "__main__":
    main()
