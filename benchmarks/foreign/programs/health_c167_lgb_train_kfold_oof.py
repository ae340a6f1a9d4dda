import os
import logging
from dataclasses import dataclass, field
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("health")


@dataclass
class Config:
    seed: int = 123
    n_folds: int = 5
    lr: float = 0.02
    num_leaves: int = 8
    rounds: int = 3000
    early_stop: int = 150
    targets: list = field(default_factory=lambda: ["health", "limit", "insurance"])


cfg = Config()
np.random.seed(cfg.seed)
log.info("config %s", cfg)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
log.info("train %s test %s", train.shape, test.shape)

cat_cols = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
for c in cat_cols:
    levels = sorted(set(train[c].unique()) | set(test[c].unique()))
    train[c] = pd.Categorical(train[c], categories=levels)
    test[c] = pd.Categorical(test[c], categories=levels)
    print(c, train[c].dtype, len(levels))

# frequency encoding of education x region, computed on train+test
combo_tr = train["education"].astype(str) + "_" + train["region"].astype(str)
combo_te = test["education"].astype(str) + "_" + test["region"].astype(str)
freq = pd.concat([combo_tr, combo_te]).value_counts(normalize=True)
train["edu_region_freq"] = combo_tr.map(freq).astype(float)
test["edu_region_freq"] = combo_te.map(freq).astype(float)
print(train["edu_region_freq"].describe())

edu_rank = {"none": 0, "ged": 1, "highschool": 1, "other": 2, "bachelor": 3, "master": 4, "phd": 5}
train["edu_rank"] = train["education"].astype(str).map(edu_rank).astype(float)
test["edu_rank"] = test["education"].astype(str).map(edu_rank).astype(float)
train["kids_guess"] = np.clip(train["family"] - 1 - (train["married"] == "yes").astype(int), 0, None)
test["kids_guess"] = np.clip(test["family"] - 1 - (test["married"] == "yes").astype(int), 0, None)

features = ["age", "family", "edu_region_freq", "edu_rank", "kids_guess"] + cat_cols
print("features:", features)
print(train[features].dtypes)

params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": cfg.lr,
    "num_leaves": cfg.num_leaves,
    "min_data_in_leaf": 50,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 5.0,
    "cat_smooth": 20,
    "num_threads": 1,
    "verbose": -1,
    "seed": cfg.seed,
}

sub = pd.read_csv("./input/sample_submission.csv")
table = []
for target in cfg.targets:
    y = train[target].values
    oof = np.zeros(len(train))
    tpred = np.zeros(len(test))
    skf = StratifiedKFold(n_splits=cfg.n_folds, shuffle=True, random_state=cfg.seed)
    for fold, (tr_i, va_i) in enumerate(skf.split(train, y)):
        dtr = lgb.Dataset(train.iloc[tr_i][features], label=y[tr_i], categorical_feature=cat_cols)
        dva = lgb.Dataset(train.iloc[va_i][features], label=y[va_i], categorical_feature=cat_cols, reference=dtr)
        bst = lgb.train(
            params,
            dtr,
            num_boost_round=cfg.rounds,
            valid_sets=[dva],
            valid_names=["valid"],
            callbacks=[lgb.early_stopping(cfg.early_stop, verbose=False), lgb.log_evaluation(500)],
        )
        oof[va_i] = bst.predict(train.iloc[va_i][features], num_iteration=bst.best_iteration)
        tpred += bst.predict(test[features], num_iteration=bst.best_iteration) / cfg.n_folds
        fa = roc_auc_score(y[va_i], oof[va_i])
        table.append({"target": target, "fold": fold, "best_iter": bst.best_iteration, "auc": fa})
        log.info("%s fold %d iter %d auc %.4f", target, fold, bst.best_iteration, fa)
    log.info("%s OOF AUC %.4f", target, roc_auc_score(y, oof))
    sub[target] = tpred

table = pd.DataFrame(table)
print(table.pivot(index="fold", columns="target", values="auc").round(4))
per_target = table.groupby("target")["auc"].mean()
print(per_target)
print("CV mean column AUC = %.4f +/- %.4f" % (per_target.mean(), table.groupby("fold")["auc"].mean().std()))

os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
log.info("submission written %s", sub.shape)
