import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

LABELS = ["health", "limit", "insurance"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
features = [c for c in train.columns if c not in LABELS + ["id"]]
for col in features:
    if pd.api.types.is_string_dtype(train[col]):
        levels = sorted(train[col].unique())
        train[col] = pd.Categorical(train[col], categories=levels)
        test[col] = pd.Categorical(test[col], categories=levels)

params = {"objective": "binary", "metric": "auc", "learning_rate": 0.03, "num_leaves": 15, "min_data_in_leaf": 40, "verbose": -1}
sub = pd.DataFrame({"id": test["id"]})
scores = []
for label in LABELS:
    y = train[label].to_numpy()
    oof = np.zeros(len(train))
    pred = np.zeros(len(test))
    for a, b in StratifiedKFold(4, shuffle=True, random_state=0).split(train, y):
        bst = lgb.train(
            params,
            lgb.Dataset(train.loc[a, features], y[a]),
            num_boost_round=1500,
            valid_sets=[lgb.Dataset(train.loc[b, features], y[b])],
            callbacks=[lgb.early_stopping(75, verbose=False)],
        )
        oof[b] = bst.predict(train.loc[b, features], num_iteration=bst.best_iteration)
        pred += bst.predict(test[features], num_iteration=bst.best_iteration) / 4
    scores.append(roc_auc_score(y, oof))
    sub[label] = pred
    print(f"[{label}] OOF AUC: {scores[-1]:.4f}")
print(f"Column-averaged OOF AUC: {np.mean(scores):.4f}")
sub.to_csv("./submission/submission.csv", index=False)
