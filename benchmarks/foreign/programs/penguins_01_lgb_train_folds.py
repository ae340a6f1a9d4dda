import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

SEED = 42
CLASSES = ["Adelie", "Chinstrap", "Gentoo"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

for frame in (train, test):
    frame["island"] = frame["island"].astype("category")
    frame["sex"] = frame["sex"].astype("category")
    frame["bill_ratio"] = frame["bill_length_mm"] / frame["bill_depth_mm"]

features = [c for c in train.columns if c not in ("id", "species")]
y = train["species"].map({name: i for i, name in enumerate(CLASSES)}).to_numpy()

params = {
    "objective": "multiclass",
    "num_class": 3,
    "learning_rate": 0.05,
    "num_leaves": 15,
    "min_data_in_leaf": 5,
    "feature_fraction": 0.9,
    "verbosity": -1,
    "seed": SEED,
}

oof = np.zeros((len(train), 3))
test_pred = np.zeros((len(test), 3))
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
for fold, (tr_idx, va_idx) in enumerate(skf.split(train, y)):
    dtrain = lgb.Dataset(train.iloc[tr_idx][features], label=y[tr_idx])
    dvalid = lgb.Dataset(train.iloc[va_idx][features], label=y[va_idx], reference=dtrain)
    booster = lgb.train(
        params,
        dtrain,
        num_boost_round=2000,
        valid_sets=[dvalid],
        callbacks=[lgb.early_stopping(stopping_rounds=50, verbose=False)],
    )
    oof[va_idx] = booster.predict(train.iloc[va_idx][features], num_iteration=booster.best_iteration)
    test_pred += booster.predict(test[features], num_iteration=booster.best_iteration) / skf.n_splits
    print(f"fold {fold} | best_iter={booster.best_iteration:4d} | logloss={log_loss(y[va_idx], oof[va_idx], labels=[0, 1, 2]):.5f}")

print(f"OOF logloss: {log_loss(y, oof):.5f}")

submission = pd.DataFrame(test_pred, columns=CLASSES)
submission.insert(0, "id", test["id"].values)
submission.to_csv("./submission/submission.csv", index=False)
print("wrote", submission.shape)
