"""
Improve step: penguins species (logloss)
Baseline : logistic regression on imputed / one-hot features (5-fold stratified CV)
Improve  : blend LogReg + RandomForest + LightGBM probabilities, blend weights
           chosen on the out-of-fold predictions with a coarse simplex grid.
"""
import itertools
import warnings

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

warnings.filterwarnings("ignore")
SEED = 42
N_FOLDS = 5

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")
print(f"train {train.shape}  test {test.shape}")

TARGET = "species"
CLASSES = list(sample.columns[1:])
class_to_idx = {c: i for i, c in enumerate(CLASSES)}
y = train[TARGET].map(class_to_idx).values
print("class counts:", dict(train[TARGET].value_counts()))

num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]
cat_cols = ["island", "sex"]
features = num_cols + cat_cols

X = train[features].copy()
X_test = test[features].copy()


def make_preprocessor():
    return ColumnTransformer([
        ("num", make_pipeline(SimpleImputer(strategy="median"), StandardScaler()), num_cols),
        ("cat", make_pipeline(SimpleImputer(strategy="most_frequent"),
                              OneHotEncoder(handle_unknown="ignore", sparse_output=False)), cat_cols),
    ])


def make_logreg():
    return Pipeline([("prep", make_preprocessor()),
                     ("clf", LogisticRegression(C=1.0, max_iter=2000))])


def make_rf():
    return Pipeline([("prep", make_preprocessor()),
                     ("clf", RandomForestClassifier(n_estimators=300, min_samples_leaf=2,
                                                    random_state=SEED, n_jobs=2))])


def make_lgb():
    return Pipeline([("prep", make_preprocessor()),
                     ("clf", lgb.LGBMClassifier(n_estimators=200, learning_rate=0.05,
                                                num_leaves=8, min_child_samples=10,
                                                subsample=0.8, subsample_freq=1,
                                                colsample_bytree=0.8, random_state=SEED,
                                                verbose=-1))])


MODELS = {"logreg": make_logreg, "rf": make_rf, "lgb": make_lgb}
skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)

oof = {name: np.zeros((len(X), len(CLASSES))) for name in MODELS}
test_pred = {name: np.zeros((len(X_test), len(CLASSES))) for name in MODELS}

for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y), 1):
    X_tr, X_va = X.iloc[tr_idx], X.iloc[va_idx]
    y_tr, y_va = y[tr_idx], y[va_idx]
    msg = []
    for name, factory in MODELS.items():
        model = factory()
        model.fit(X_tr, y_tr)
        p = model.predict_proba(X_va)
        oof[name][va_idx] = p
        test_pred[name] += model.predict_proba(X_test) / N_FOLDS
        msg.append(f"{name}={log_loss(y_va, p, labels=[0, 1, 2]):.4f}")
    print(f"fold {fold}: " + "  ".join(msg))

print("\n--- per-model OOF logloss ---")
for name in MODELS:
    print(f"{name:>8s}: {log_loss(y, oof[name]):.5f}")

baseline_score = log_loss(y, oof["logreg"])

# ---- improvement: weight search on OOF ----
names = list(MODELS)
grid = np.round(np.arange(0, 1.0001, 0.05), 2)
best_w, best_score = None, np.inf
for w in itertools.product(grid, repeat=len(names) - 1):
    last = 1.0 - sum(w)
    if last < -1e-9:
        continue
    weights = list(w) + [max(last, 0.0)]
    blend = sum(wi * oof[n] for wi, n in zip(weights, names))
    s = log_loss(y, np.clip(blend, 1e-15, 1 - 1e-15))
    if s < best_score:
        best_score, best_w = s, weights

print("\nbest blend weights:", {n: round(w, 2) for n, w in zip(names, best_w)})
print(f"Baseline (logreg) OOF logloss : {baseline_score:.5f}")
print(f"Improved (blend)  OOF logloss : {best_score:.5f}")
print(f"Delta                         : {best_score - baseline_score:+.5f}")

if best_score < baseline_score:
    final = sum(wi * test_pred[n] for wi, n in zip(best_w, names))
    print("-> using blend for submission")
else:
    final = test_pred["logreg"]
    print("-> blend did not help, keeping baseline")

final = np.clip(final, 1e-6, 1.0)
final = final / final.sum(axis=1, keepdims=True)

sub = pd.DataFrame({"id": test["id"].values})
for i, c in enumerate(CLASSES):
    sub[c] = final[:, i]
sub.to_csv("submission/submission.csv", index=False)
print("saved submission/submission.csv", sub.shape)
print(sub.head())
