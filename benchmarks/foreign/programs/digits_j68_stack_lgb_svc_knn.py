"""
Improvement: stack LightGBM, RBF-SVC and KNN with a multinomial meta model.

Plan
  - keep the baseline LightGBM (CV accuracy ~0.97) as one base learner
  - add an RBF SVC and a KNN on scaled pixels (both strong on digits)
  - out-of-fold class probabilities (10 per model -> 30 meta features) from a
    manual StratifiedKFold loop, test probabilities averaged over folds
  - meta learner: multinomial logistic regression, evaluated with its own CV
    on the OOF matrix
"""
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC

N_CLASSES = 10
SEED = 123

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
feats = [c for c in tr.columns if c.startswith("pixel")]
X, y = tr[feats].values, tr["digit"].values
Xte = te[feats].values


def get_base_models():
    return {
        "lgb": lgb.LGBMClassifier(n_estimators=200, learning_rate=0.08, num_leaves=15,
                                  min_child_samples=10, colsample_bytree=0.5,
                                  subsample=0.8, subsample_freq=1, verbose=-1,
                                  n_jobs=2, random_state=SEED),
        "svc": make_pipeline(MinMaxScaler(), SVC(C=8.0, gamma="scale",
                                                 probability=True, random_state=SEED)),
        "knn": make_pipeline(MinMaxScaler(), KNeighborsClassifier(n_neighbors=5,
                                                                  weights="distance")),
    }


def get_meta_model():
    return LogisticRegression(multi_class="multinomial", solver="lbfgs",
                              C=1.0, max_iter=2000)


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
base = get_base_models()
oof = np.zeros((len(X), N_CLASSES * len(base)))
test_meta = np.zeros((len(Xte), N_CLASSES * len(base)))

for m_i, (name, model) in enumerate(base.items()):
    cols = slice(m_i * N_CLASSES, (m_i + 1) * N_CLASSES)
    for trn, val in skf.split(X, y):
        model.fit(X[trn], y[trn])
        oof[val, cols] = model.predict_proba(X[val])
        test_meta[:, cols] += model.predict_proba(Xte) / skf.n_splits
    acc = accuracy_score(y, oof[:, cols].argmax(axis=1))
    print(f"{name}: OOF accuracy {acc:.4f}")

avg_acc = accuracy_score(y, oof.reshape(len(X), len(base), N_CLASSES).mean(axis=1).argmax(axis=1))
print(f"simple average: OOF accuracy {avg_acc:.4f}")

meta = get_meta_model()
meta_cv = cross_val_score(meta, oof, y, cv=StratifiedKFold(5, shuffle=True, random_state=1),
                          scoring="accuracy")
print(f"meta LR: CV accuracy {meta_cv.mean():.4f}")

meta.fit(oof, y)
pred = meta.predict(test_meta)
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "digit": pred}).to_csv("./submission/submission.csv", index=False)
print(f"accuracy = {meta_cv.mean():.4f}")
