import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold

CATS = ["Home", "Marital", "Records", "Job"]


def engineer(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["debt_to_income"] = df["Debt"] / (df["Income"] + 1)
    df["net_assets"] = df["Assets"] - df["Debt"]
    df["monthly_payment"] = df["Amount"] / df["Time"]
    df["payment_to_income"] = df["monthly_payment"] / (df["Income"] + 1)
    for c in CATS:
        df[c] = df[c].astype("category")
    return df


train = engineer(pd.read_csv("./input/train.csv"))
test = engineer(pd.read_csv("./input/test.csv"))
for c in CATS:
    test[c] = pd.Categorical(test[c], categories=train[c].cat.categories)
FEATS = [c for c in train.columns if c not in ("id", "Status")]

params = {
    "objective": "binary",
    "metric": "binary_logloss",
    "learning_rate": 0.02,
    "num_leaves": 15,
    "min_data_in_leaf": 30,
    "feature_fraction": 0.75,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l1": 0.5,
    "verbose": -1,
}
oof = np.zeros(len(train))
preds = np.zeros(len(test))
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=77)
for fold, (tr, va) in enumerate(skf.split(train, train["Status"])):
    m = lgb.train(
        params,
        lgb.Dataset(train.loc[tr, FEATS], train.loc[tr, "Status"]),
        num_boost_round=5000,
        valid_sets=[lgb.Dataset(train.loc[va, FEATS], train.loc[va, "Status"])],
        callbacks=[lgb.early_stopping(200, verbose=False)],
    )
    oof[va] = m.predict(train.loc[va, FEATS], num_iteration=m.best_iteration)
    preds += m.predict(test[FEATS], num_iteration=m.best_iteration) / skf.get_n_splits()
    print(f"  fold {fold}: {log_loss(train.loc[va, 'Status'], oof[va]):.4f} ({m.best_iteration} rounds)")
print(f"CV logloss: {log_loss(train['Status'], oof):.4f}")
pd.DataFrame({"id": test["id"], "Status": preds}).to_csv("./submission/submission.csv", index=False)
