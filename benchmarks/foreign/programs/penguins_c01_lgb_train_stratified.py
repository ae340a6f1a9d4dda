import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, accuracy_score

SEED = 42
N_FOLDS = 5
CLASSES = ["Adelie", "Chinstrap", "Gentoo"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")

print(train.shape, test.shape)
print(train["species"].value_counts())

cat_cols = ["island", "sex"]
num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]


def add_features(df):
    out = df.copy()
    out["bill_ratio"] = out["bill_length_mm"] / out["bill_depth_mm"]
    out["mass_per_flipper"] = out["body_mass_g"] / out["flipper_length_mm"]
    for c in cat_cols:
        levels = sorted(pd.concat([train[c], test[c]]).dropna().unique())
        out[c] = pd.Categorical(out[c], categories=levels)
    return out


X = add_features(train)
X_test = add_features(test)
features = num_cols + ["bill_ratio", "mass_per_flipper", "year"] + cat_cols
y = train["species"].map({c: i for i, c in enumerate(CLASSES)}).values

params = {
    "objective": "multiclass",
    "num_class": 3,
    "metric": "multi_logloss",
    "learning_rate": 0.05,
    "num_leaves": 8,
    "min_data_in_leaf": 8,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "seed": SEED,
    "verbose": -1,
    "num_threads": 1,
}

oof = np.zeros((len(train), 3))
test_pred = np.zeros((len(test), 3))
skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)

for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    dtr = lgb.Dataset(X.iloc[tr_idx][features], label=y[tr_idx], categorical_feature=cat_cols)
    dva = lgb.Dataset(X.iloc[va_idx][features], label=y[va_idx], reference=dtr)
    booster = lgb.train(
        params,
        dtr,
        num_boost_round=2000,
        valid_sets=[dtr, dva],
        valid_names=["train", "valid"],
        callbacks=[lgb.early_stopping(50, verbose=False), lgb.log_evaluation(100)],
    )
    oof[va_idx] = booster.predict(X.iloc[va_idx][features], num_iteration=booster.best_iteration)
    test_pred += booster.predict(X_test[features], num_iteration=booster.best_iteration) / N_FOLDS
    fold_ll = log_loss(y[va_idx], oof[va_idx], labels=[0, 1, 2])
    print(f"Fold {fold}: best_iter={booster.best_iteration} logloss={fold_ll:.4f}")

print(f"OOF log loss: {log_loss(y, oof):.4f}")
print(f"OOF accuracy: {accuracy_score(y, oof.argmax(1)):.4f}")

sub = pd.DataFrame({"id": test["id"]})
for i, c in enumerate(CLASSES):
    sub[c] = test_pred[:, i]
sub = sub[sample.columns]
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print("wrote", sub.shape)
