import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
classes = sorted(train["cultivar"].unique())
y = train["cultivar"].map({c: i for i, c in enumerate(classes)}).to_numpy()
features = [c for c in train.columns if c not in ("id", "cultivar")]

params = {
    "objective": "multiclass",
    "num_class": len(classes),
    "learning_rate": 0.05,
    "num_leaves": 4,
    "min_data_in_leaf": 3,
    "lambda_l2": 2.0,
    "feature_fraction": 0.7,
    "verbose": -1,
}
oof = np.zeros((len(train), len(classes)))
pred = np.zeros((len(test), len(classes)))
rows = []
for k, (a, b) in enumerate(StratifiedKFold(5, shuffle=True, random_state=10).split(train, y)):
    bst = lgb.train(
        params,
        lgb.Dataset(train.loc[a, features], y[a]),
        num_boost_round=1000,
        valid_sets=[lgb.Dataset(train.loc[b, features], y[b])],
        callbacks=[lgb.early_stopping(40, verbose=False)],
    )
    oof[b] = bst.predict(train.loc[b, features], num_iteration=bst.best_iteration)
    pred += bst.predict(test[features], num_iteration=bst.best_iteration) / 5
    rows.append((k, bst.best_iteration, log_loss(y[b], oof[b], labels=range(3))))

print("fold | rounds | logloss")
for k, it, ll in rows:
    print(f"{k:>4} | {it:>6} | {ll:.4f}")
print(f"OOF logloss: {log_loss(y, oof):.4f}")
sub = pd.DataFrame(pred, columns=classes)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
