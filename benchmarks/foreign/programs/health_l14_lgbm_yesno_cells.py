"""Health insurance: LightGBM per label, yes/no cells mapped elementwise, feature list from a registry."""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

CONFIG = {
    "model": "lgbm_small",
    "feature_sets": ["raw", "yesno", "codes"],
    "folds": 3,
    "seed": 21,
}

TARGETS = ["health", "limit", "insurance"]
YESNO_COLS = ["married", "selfemp"]
CODE_COLS = ["gender", "region", "ethnicity", "education"]

MODELS = {
    "lgbm_small": lambda: lgb.LGBMClassifier(
        n_estimators=250, learning_rate=0.025, num_leaves=8, min_child_samples=50,
        colsample_bytree=0.8, subsample=0.8, subsample_freq=1, verbose=-1,
    ),
    "lgbm_stumps": lambda: lgb.LGBMClassifier(n_estimators=400, learning_rate=0.05, max_depth=1, verbose=-1),
}


def raw_set(df, _codes):
    return df[["age", "family"]].astype(float)


def yesno_set(df, _codes):
    # every yes/no column becomes 1/0 in one elementwise pass
    return df[YESNO_COLS].applymap(lambda v: 1.0 if v == "yes" else 0.0)


def code_set(df, codes):
    return pd.DataFrame({c: df[c].map(codes[c]).astype(float) for c in CODE_COLS}, index=df.index)


FEATURE_SETS = {"raw": raw_set, "yesno": yesno_set, "codes": code_set}


def featurize(df, codes):
    return pd.concat([FEATURE_SETS[name](df, codes) for name in CONFIG["feature_sets"]], axis=1)


def oof_and_test(X, y, X_test):
    make = MODELS[CONFIG["model"]]
    skf = StratifiedKFold(CONFIG["folds"], shuffle=True, random_state=CONFIG["seed"])
    oof = np.zeros(len(y))
    test_pred = np.zeros(len(X_test))
    for tr, va in skf.split(X, y):
        m = make().fit(X.iloc[tr], y.iloc[tr], categorical_feature=[c for c in CODE_COLS if c in X])
        oof[va] = m.predict_proba(X.iloc[va])[:, 1]
        test_pred += m.predict_proba(X_test)[:, 1] / CONFIG["folds"]
    return oof, test_pred


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    print("rows:", len(train), len(test))
    print("label rates:", {t: round(train[t].mean(), 3) for t in TARGETS})

    codes = {c: {v: i for i, v in enumerate(sorted(set(train[c]) | set(test[c])))} for c in CODE_COLS}
    X = featurize(train, codes)
    X_test = featurize(test, codes)

    rows, preds = [], {}
    for t in TARGETS:
        oof, preds[t] = oof_and_test(X, train[t], X_test)
        rows.append({"target": t, "auc": roc_auc_score(train[t], oof)})
        print(f"  {t}: AUC {rows[-1]['auc']:.4f}")

    summary = pd.DataFrame(rows)
    print(f"Mean column AUC: {summary['auc'].mean():.4f}")
    sub = pd.read_csv("./input/sample_submission.csv").assign(**preds)
    sub.to_csv("./submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
