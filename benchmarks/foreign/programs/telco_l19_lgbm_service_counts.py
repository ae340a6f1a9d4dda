"""Telco churn: LightGBM with service-count features; builders and models chosen via CONFIG."""
from functools import partial, reduce

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

CONFIG = {"model": "lgbm", "builders": ["numeric", "services", "money", "categories"], "folds": 5, "seed": 17}

TARGET = "churn"
SERVICES = ["online_security", "online_backup", "device_protection", "tech_support",
            "streaming_tv", "streaming_movies", "multiple_lines"]
CATEGORICAL = SERVICES + ["internet_service", "contract", "payment_method"]
NUMERIC = ["female", "senior_citizen", "partner", "dependents", "tenure", "phone_service",
           "paperless_billing", "monthly_charges", "total_charges"]


def numeric(df, levels):
    return df[NUMERIC].astype(float)


def services(df, levels):
    has = df[SERVICES].apply(lambda col: col.eq("Yes").astype(int))
    return pd.DataFrame({
        "n_services": has.sum(axis=1),
        "n_protect": has[["online_security", "online_backup", "device_protection", "tech_support"]].sum(axis=1),
        "n_stream": has[["streaming_tv", "streaming_movies"]].sum(axis=1),
    }, index=df.index)


def money(df, levels):
    tenure = df["tenure"].replace(0, np.nan)
    return pd.DataFrame({
        "avg_charge": (df["total_charges"] / tenure).fillna(df["monthly_charges"]),
        "charge_gap": df["monthly_charges"] - (df["total_charges"] / tenure).fillna(df["monthly_charges"]),
        "new_customer": df["tenure"].apply(lambda t: int(t <= 6)),
    }, index=df.index)


def categories(df, levels):
    return pd.DataFrame({c: pd.Categorical(df[c], categories=levels[c]) for c in CATEGORICAL}, index=df.index)


BUILDERS = {"numeric": numeric, "services": services, "money": money, "categories": categories}

MODELS = {
    "lgbm": partial(lgb.LGBMClassifier, n_estimators=400, learning_rate=0.02, num_leaves=12,
                    min_child_samples=40, subsample=0.8, subsample_freq=1, colsample_bytree=0.7,
                    reg_lambda=2.0, verbose=-1),
    "logreg": lambda **kw: make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
}


def design(df, levels):
    return reduce(lambda acc, name: acc.join(BUILDERS[name](df, levels)),
                  CONFIG["builders"][1:], BUILDERS[CONFIG["builders"][0]](df, levels))


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    levels = {c: sorted(set(train[c]) | set(test[c])) for c in CATEGORICAL}
    X, X_test = design(train, levels), design(test, levels)
    y = train[TARGET]
    print(f"{X.shape[1]} features; churn rate {y.mean():.3f}")

    factory = partial(MODELS[CONFIG["model"]], random_state=CONFIG["seed"])
    skf = StratifiedKFold(CONFIG["folds"], shuffle=True, random_state=CONFIG["seed"])
    oof, test_pred, log = np.zeros(len(y)), np.zeros(len(X_test)), []
    for k, (tr, va) in enumerate(skf.split(X, y)):
        m = factory().fit(X.iloc[tr], y.iloc[tr])
        oof[va] = m.predict_proba(X.iloc[va])[:, 1]
        test_pred += m.predict_proba(X_test)[:, 1] / CONFIG["folds"]
        log.append({"fold": k, "auc": roc_auc_score(y.iloc[va], oof[va])})

    print(pd.DataFrame(log).to_string(index=False))
    print(f"Validation AUC: {roc_auc_score(y, oof):.4f}")

    sub = pd.read_csv("./input/sample_submission.csv")
    sub[TARGET] = test_pred
    sub.to_csv("./submission/submission.csv", index=False)
    print("saved", sub.shape)


if __name__ == "__main__":
    main()
