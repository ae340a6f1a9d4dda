import lightgbm as lgb
import numpy as np
import optuna
import pandas as pd
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split

optuna.logging.set_verbosity(optuna.logging.WARNING)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
cats = ["Home", "Marital", "Records", "Job"]
for df in (train, test):
    for c in cats:
        df[c] = df[c].astype("category")
features = [c for c in train.columns if c not in ("id", "Status")]
X_tr, X_va, y_tr, y_va = train_test_split(train[features], train["Status"], test_size=0.2, random_state=0)


def objective(trial):
    params = {
        "objective": "binary",
        "verbose": -1,
        "learning_rate": trial.suggest_float("learning_rate", 0.01, 0.2, log=True),
        "num_leaves": trial.suggest_int("num_leaves", 4, 64),
        "min_child_samples": trial.suggest_int("min_child_samples", 5, 100),
    }
    model = lgb.LGBMClassifier(n_estimators=300, **params).fit(X_tr, y_tr)
    return log_loss(y_va, model.predict_proba(X_va)[:, 1])


study = optuna.create_study(direction="minimize")
study.optimize(objective, n_trials=20)
print("best logloss:", study.best_value)
best = lgb.LGBMClassifier(n_estimators=300, objective="binary", verbose=-1, **study.best_params).fit(train[features], train["Status"])
pd.DataFrame({"id": test["id"], "Status": best.predict_proba(test[features])[:, 1]}).to_csv("./submission/submission.csv", index=False)
