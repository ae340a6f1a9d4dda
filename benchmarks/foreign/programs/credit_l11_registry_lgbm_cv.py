"""Credit risk: registry of feature builders + model factories, picked from CONFIG."""
from functools import partial, reduce

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

CONFIG = {
    "model": "lgbm",
    "features": ["base", "ratios", "flags", "cats"],
    "n_folds": 5,
    "seed": 7,
    "target": "Status",
}

CAT_COLS = ["Home", "Marital", "Records", "Job"]
NUM_COLS = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]


def load(name):
    return pd.read_csv(f"./input/{name}.csv")


safe_div = lambda a, b: a / b.replace(0, np.nan)


def base_feats(df):
    return df[NUM_COLS].astype(float)


def ratio_feats(df):
    return pd.DataFrame({
        "loan_to_price": safe_div(df["Amount"], df["Price"]),
        "monthly_pay": safe_div(df["Amount"], df["Time"]),
        "pay_to_income": safe_div(df["Amount"] / df["Time"], df["Income"]),
        "net_worth": df["Assets"].fillna(0) - df["Debt"].fillna(0),
        "spare_income": df["Income"] - df["Expenses"],
        "age_at_start": df["Age"] - df["Seniority"],
    }, index=df.index)


def flag_feats(df):
    return pd.DataFrame({
        "income_missing": df["Income"].isna().astype(int),
        "has_debt": df["Debt"].fillna(0).gt(0).astype(int),
        "no_assets": df["Assets"].fillna(0).eq(0).astype(int),
    }, index=df.index)


def cat_feats(df, levels):
    return pd.DataFrame(
        {c: pd.Categorical(df[c], categories=levels[c]) for c in CAT_COLS},
        index=df.index,
    )


def build(df, levels):
    builders = {
        "base": base_feats,
        "ratios": ratio_feats,
        "flags": flag_feats,
        "cats": partial(cat_feats, levels=levels),
    }
    parts = [builders[name](df) for name in CONFIG["features"]]
    return reduce(lambda a, b: a.join(b), parts)


MODELS = {
    "lgbm": lambda: lgb.LGBMClassifier(
        n_estimators=350, learning_rate=0.03, num_leaves=15, min_child_samples=25,
        subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=1.0,
        random_state=CONFIG["seed"], verbose=-1,
    ),
    "logreg": lambda: make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=500)),
}


def fit_predict(make_model, X_tr, y_tr, X_va):
    model = make_model()
    model.fit(X_tr, y_tr)
    return model.predict_proba(X_va)[:, 1]


def run_cv(X, y, X_test, make_model):
    skf = StratifiedKFold(n_splits=CONFIG["n_folds"], shuffle=True, random_state=CONFIG["seed"])
    oof = np.zeros(len(X))
    test_preds = []
    rows = []
    for fold, (tr, va) in enumerate(skf.split(X, y)):
        p_va = fit_predict(make_model, X.iloc[tr], y.iloc[tr], X.iloc[va])
        oof[va] = p_va
        test_preds.append(fit_predict(make_model, X.iloc[tr], y.iloc[tr], X_test))
        rows.append({"fold": fold, "n_valid": len(va), "logloss": log_loss(y.iloc[va], p_va)})
    return oof, np.mean(test_preds, axis=0), rows


def main():
    train, test = load("train"), load("test")
    y = train[CONFIG["target"]]
    levels = {c: sorted(set(train[c].dropna()) | set(test[c].dropna())) for c in CAT_COLS}
    X, X_test = build(train, levels), build(test, levels)
    print(f"features ({X.shape[1]}):", list(X.columns))

    oof, pred, rows = run_cv(X, y, X_test, MODELS[CONFIG["model"]])
    summary = pd.DataFrame(rows)
    print(summary.to_string(index=False))
    print(f"CV logloss ({CONFIG['model']}): {log_loss(y, oof):.5f}")

    sub = load("sample_submission")
    sub[CONFIG["target"]] = np.clip(pred, 1e-4, 1 - 1e-4)
    sub.to_csv("./submission/submission.csv", index=False)
    print("wrote submission", sub.shape)


if __name__ == "__main__":
    main()
