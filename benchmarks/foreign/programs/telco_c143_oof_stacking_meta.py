"""Level-1 zoo with out-of-fold predictions, level-2 logistic stacker on the OOF matrix."""
import logging
import os
from dataclasses import dataclass, field

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import StandardScaler

logging.basicConfig(level=logging.INFO, format="%(asctime)s | %(message)s", datefmt="%H:%M:%S")
log = logging.getLogger("stack")


@dataclass
class Config:
    n_folds: int = 5
    seed: int = 7
    target: str = "churn"
    id_col: str = "id"
    out_path: str = "submission/submission.csv"
    lgb_params: dict = field(default_factory=lambda: {
        "n_estimators": 2000, "learning_rate": 0.03, "num_leaves": 15,
        "min_child_samples": 40, "subsample": 0.8, "subsample_freq": 1,
        "colsample_bytree": 0.8, "reg_lambda": 2.0, "n_jobs": 1, "verbose": -1,
    })


CFG = Config()
np.random.seed(CFG.seed)


def build_features(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["total_charges"] = df["total_charges"].fillna(df["monthly_charges"] * df["tenure"])
    df["charge_ratio"] = df["total_charges"] / (df["monthly_charges"] * (df["tenure"] + 1))
    df["is_new"] = (df["tenure"] <= 6).astype(int)
    cats = df.select_dtypes(exclude="number").columns
    df = pd.get_dummies(df, columns=list(cats), dtype=float)
    return df


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
full = build_features(pd.concat([train.drop(columns=[CFG.target]), test], axis=0, ignore_index=True))
X = full.iloc[: len(train)].drop(columns=[CFG.id_col]).reset_index(drop=True)
X_test = full.iloc[len(train):].drop(columns=[CFG.id_col]).reset_index(drop=True)
y = train[CFG.target].values
log.info("train %s  test %s", X.shape, X_test.shape)


class ScaledLogit:
    def __init__(self, C):
        self.scaler = StandardScaler()
        self.model = LogisticRegression(C=C, max_iter=3000)

    def fit(self, X, y, **_):
        self.model.fit(self.scaler.fit_transform(X), y)
        return self

    def predict_proba(self, X):
        return self.model.predict_proba(self.scaler.transform(X))


zoo = {
    "lgbm": lambda: lgb.LGBMClassifier(random_state=CFG.seed, **CFG.lgb_params),
    "rf": lambda: RandomForestClassifier(n_estimators=250, min_samples_leaf=4, max_features=0.4, n_jobs=1, random_state=CFG.seed),
    "et": lambda: ExtraTreesClassifier(n_estimators=250, min_samples_leaf=6, n_jobs=1, random_state=CFG.seed),
    "logit": lambda: ScaledLogit(C=0.5),
}

skf = StratifiedKFold(n_splits=CFG.n_folds, shuffle=True, random_state=CFG.seed)
oof = {name: np.zeros(len(X)) for name in zoo}
tst = {name: np.zeros(len(X_test)) for name in zoo}

for fold, (tr, va) in enumerate(skf.split(X, y)):
    for name, factory in zoo.items():
        model = factory()
        if name == "lgbm":
            model.fit(X.iloc[tr], y[tr], eval_set=[(X.iloc[va], y[va])], eval_metric="auc",
                      callbacks=[lgb.early_stopping(100, verbose=False)])
        else:
            model.fit(X.iloc[tr], y[tr])
        oof[name][va] = model.predict_proba(X.iloc[va])[:, 1]
        tst[name] += model.predict_proba(X_test)[:, 1] / CFG.n_folds
    log.info("fold %d  " + "  ".join(f"{n}={roc_auc_score(y[va], oof[n][va]):.4f}" for n in zoo), fold)

board = sorted(((n, roc_auc_score(y, p)) for n, p in oof.items()), key=lambda t: -t[1])
print("\nLevel-1 leaderboard (OOF AUC)")
for rank, (n, s) in enumerate(board, 1):
    print(f"  {rank}. {n:<6} {s:.4f}")

# level 2: stack the OOF columns with a small logistic regression, scored by nested CV
S = np.column_stack([oof[n] for n in zoo])
S_test = np.column_stack([tst[n] for n in zoo])
meta_oof = np.zeros(len(S))
for tr, va in StratifiedKFold(n_splits=CFG.n_folds, shuffle=True, random_state=CFG.seed + 1).split(S, y):
    meta = LogisticRegression(C=1.0).fit(S[tr], y[tr])
    meta_oof[va] = meta.predict_proba(S[va])[:, 1]
stack_auc = roc_auc_score(y, meta_oof)
simple_avg_auc = roc_auc_score(y, S.mean(axis=1))
print(f"\nsimple average OOF AUC: {simple_avg_auc:.4f}")
print(f"stacked        OOF AUC: {stack_auc:.4f}")

meta = LogisticRegression(C=1.0).fit(S, y)
log.info("meta weights: %s", dict(zip(zoo, np.round(meta.coef_[0], 3))))

candidates = {"stack": (stack_auc, meta.predict_proba(S_test)[:, 1]),
              "average": (simple_avg_auc, S_test.mean(axis=1)),
              board[0][0]: (board[0][1], tst[board[0][0]])}
winner = max(candidates, key=lambda k: candidates[k][0])
print(f"submitting: {winner}")

os.makedirs(os.path.dirname(CFG.out_path), exist_ok=True)
pd.DataFrame({CFG.id_col: test[CFG.id_col], CFG.target: candidates[winner][1]}).to_csv(CFG.out_path, index=False)
print(f"Validation AUC: {candidates[winner][0]:.4f}")
