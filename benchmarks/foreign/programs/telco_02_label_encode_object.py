import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import LabelEncoder

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

cat_cols = train.columns[train.dtypes == "object"].tolist()
for col in cat_cols:
    le = LabelEncoder()
    le.fit(pd.concat([train[col], test[col]]).astype(str))
    train[col] = le.transform(train[col].astype(str))
    test[col] = le.transform(test[col].astype(str))
print(f"label-encoded {len(cat_cols)} columns")

features = [c for c in train.columns if c not in ("id", "churn")]
params = {"objective": "binary", "metric": "auc", "learning_rate": 0.03, "num_leaves": 16, "verbose": -1}
oof = np.zeros(len(train))
pred = np.zeros(len(test))
for fold, (tr, va) in enumerate(StratifiedKFold(5, shuffle=True, random_state=1).split(train, train["churn"])):
    dtr = lgb.Dataset(train.loc[tr, features], train.loc[tr, "churn"])
    dva = lgb.Dataset(train.loc[va, features], train.loc[va, "churn"])
    bst = lgb.train(params, dtr, 2000, valid_sets=[dva], callbacks=[lgb.early_stopping(100, verbose=False)])
    oof[va] = bst.predict(train.loc[va, features])
    pred += bst.predict(test[features]) / 5
    print(f"Fold {fold}: AUC {roc_auc_score(train.loc[va, 'churn'], oof[va]):.5f}")
print(f"CV AUC: {roc_auc_score(train['churn'], oof):.5f}")
pd.DataFrame({"id": test["id"], "churn": pred}).to_csv("./submission/submission.csv", index=False)
