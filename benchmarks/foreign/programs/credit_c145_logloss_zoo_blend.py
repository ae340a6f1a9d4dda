"""Credit risk: zoo of classifiers scored by CV log loss, leaderboard, blend top-3 with optimised weights."""
import os
import warnings

import numpy as np
import pandas as pd
from scipy.optimize import minimize
from sklearn.base import clone
from sklearn.calibration import CalibratedClassifierCV
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier, ExtraTreesClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from lightgbm import LGBMClassifier

warnings.filterwarnings("ignore")
RANDOM_STATE = 0
np.random.seed(RANDOM_STATE)


def load():
    tr = pd.read_csv("input/train.csv")
    te = pd.read_csv("input/test.csv")
    for df in (tr, te):
        df["loan_to_price"] = df["Amount"] / df["Price"]
        df["income_per_expense"] = df["Income"] / df["Expenses"]
        df["net_assets"] = df["Assets"].fillna(0) - df["Debt"].fillna(0)
        df["installment"] = df["Amount"] / df["Time"]
    return tr, te


train, test = load()
y = train["Status"].values
X = train.drop(columns=["id", "Status"])
X_test = test.drop(columns=["id"])

prep = ColumnTransformer([
    ("num", make_pipeline(SimpleImputer(strategy="median", add_indicator=True), StandardScaler()),
     make_column_selector(dtype_include="number")),
    ("cat", make_pipeline(SimpleImputer(strategy="most_frequent"), OneHotEncoder(handle_unknown="ignore")),
     make_column_selector(dtype_exclude="number")),
])

ZOO = {
    "logreg": LogisticRegression(C=0.3, max_iter=3000),
    "knn_calibrated": CalibratedClassifierCV(KNeighborsClassifier(n_neighbors=40), cv=3),
    "rf": RandomForestClassifier(n_estimators=400, min_samples_leaf=5, max_features=0.5, n_jobs=1, random_state=RANDOM_STATE),
    "extratrees": ExtraTreesClassifier(n_estimators=400, min_samples_leaf=5, n_jobs=1, random_state=RANDOM_STATE),
    "hgb": HistGradientBoostingClassifier(learning_rate=0.04, max_iter=250, max_leaf_nodes=12, l2_regularization=1.0, random_state=RANDOM_STATE),
    "lgbm": LGBMClassifier(n_estimators=300, learning_rate=0.03, num_leaves=12, min_child_samples=30, subsample=0.8,
                           subsample_freq=1, colsample_bytree=0.8, reg_lambda=3.0, n_jobs=1, verbose=-1, random_state=RANDOM_STATE),
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)
oof = pd.DataFrame(index=range(len(X)), columns=list(ZOO), dtype=float)
test_pred = pd.DataFrame(index=range(len(X_test)), columns=list(ZOO), dtype=float)

for name, est in ZOO.items():
    fold_losses = []
    for tr_idx, va_idx in skf.split(X, y):
        pipe = make_pipeline(clone(prep), clone(est))
        pipe.fit(X.iloc[tr_idx], y[tr_idx])
        p = pipe.predict_proba(X.iloc[va_idx])[:, 1]
        oof.loc[va_idx, name] = p
        fold_losses.append(log_loss(y[va_idx], p))
    print(f"{name:<15} logloss {np.mean(fold_losses):.4f} +/- {np.std(fold_losses):.4f}")
    full = make_pipeline(clone(prep), clone(est)).fit(X, y)
    test_pred[name] = full.predict_proba(X_test)[:, 1]

leaderboard = pd.Series({n: log_loss(y, oof[n]) for n in ZOO}).sort_values()
print("\nLEADERBOARD (OOF log loss, lower is better)")
print(leaderboard.round(4).to_string())

top = leaderboard.index[:3].tolist()
P = oof[top].values


def blend_loss(w):
    w = np.abs(w) / np.abs(w).sum()
    return log_loss(y, np.clip(P @ w, 1e-6, 1 - 1e-6))


res = minimize(blend_loss, x0=np.ones(len(top)) / len(top), method="Nelder-Mead")
w = np.abs(res.x) / np.abs(res.x).sum()
blend_oof_loss = blend_loss(res.x)
print(f"\nblend of {top} weights={np.round(w, 3)}  OOF logloss={blend_oof_loss:.4f}")

if blend_oof_loss < leaderboard.iloc[0]:
    final = test_pred[top].values @ w
    score = blend_oof_loss
else:
    final = test_pred[leaderboard.index[0]].values
    score = leaderboard.iloc[0]

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "Status": np.clip(final, 1e-4, 1 - 1e-4)}).to_csv("submission/submission.csv", index=False)
print(f"Validation logloss: {score:.4f}")
