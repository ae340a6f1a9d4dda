import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score

SEED = 42
N_FOLDS = 5
np.random.seed(SEED)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)

CAT_COLS = ["Home", "Marital", "Records", "Job"]
TARGET = "Status"


def add_features(df):
    df = df.copy()
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["income_per_expense"] = df["Income"] / df["Expenses"]
    df["net_assets"] = df["Assets"].fillna(0) - df["Debt"].fillna(0)
    df["monthly_payment"] = df["Amount"] / df["Time"]
    df["payment_to_income"] = df["monthly_payment"] / df["Income"]
    df["age_at_start"] = df["Age"] - df["Seniority"]
    return df


train = add_features(train)
test = add_features(test)

for c in CAT_COLS:
    cats = pd.Categorical(pd.concat([train[c], test[c]]).dropna().unique())
    train[c] = pd.Categorical(train[c], categories=cats.categories)
    test[c] = pd.Categorical(test[c], categories=cats.categories)

features = [c for c in train.columns if c not in ("id", TARGET)]
X = train[features]
y = train[TARGET].values
X_test = test[features]

params = {
    "objective": "binary",
    "metric": "binary_logloss",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_data_in_leaf": 30,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "seed": SEED,
    "verbosity": -1,
    "num_threads": 1,
}

oof = np.zeros(len(train))
test_pred = np.zeros(len(test))
best_iters = []
skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)

for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    dtrain = lgb.Dataset(X.iloc[tr_idx], label=y[tr_idx], categorical_feature=CAT_COLS)
    dvalid = lgb.Dataset(X.iloc[va_idx], label=y[va_idx], categorical_feature=CAT_COLS, reference=dtrain)
    booster = lgb.train(
        params,
        dtrain,
        num_boost_round=2000,
        valid_sets=[dtrain, dvalid],
        valid_names=["train", "valid"],
        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(200)],
    )
    oof[va_idx] = booster.predict(X.iloc[va_idx], num_iteration=booster.best_iteration)
    test_pred += booster.predict(X_test, num_iteration=booster.best_iteration) / N_FOLDS
    best_iters.append(booster.best_iteration)
    print(f"Fold {fold + 1}: best_iter={booster.best_iteration} "
          f"logloss={log_loss(y[va_idx], oof[va_idx]):.5f} auc={roc_auc_score(y[va_idx], oof[va_idx]):.5f}")

print(f"Mean best iteration: {np.mean(best_iters):.0f}")
print(f"OOF AUC: {roc_auc_score(y, oof):.5f}")
print(f"OOF logloss: {log_loss(y, oof):.5f}")

sub = pd.DataFrame({"id": test["id"], "Status": np.clip(test_pred, 1e-6, 1 - 1e-6)})
sub.to_csv("./submission/submission.csv", index=False)
print("Saved submission", sub.shape)
