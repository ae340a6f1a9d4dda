"""
Improvement over the Ridge baseline: add HistGradientBoosting and blend.

Plan
1. Keep the Ridge baseline and print its 5-fold CV RMSE for reference.
2. Train HistGradientBoostingRegressor (strong regularisation, few leaves,
   early stopping off because n is tiny) in the same KFold loop as Ridge and
   collect OOF + fold-averaged test predictions for both.
3. Grid-search a single blend weight alpha in [0, 1] on OOF RMSE.
4. Predict test with the best alpha.
"""
import os

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import KFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

FEATS = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]
X = train[FEATS]
y = train["progression"]
X_test = test[FEATS]

kf = KFold(n_splits=5, shuffle=True, random_state=2024)

ridge = make_pipeline(StandardScaler(), Ridge(alpha=1.0))
base = -cross_val_score(ridge, X, y, cv=kf, scoring="neg_root_mean_squared_error")
print(f"Baseline Ridge CV RMSE: {base.mean():.3f} +/- {base.std():.3f}")

hgb_params = dict(learning_rate=0.03, max_iter=250, max_leaf_nodes=8,
                  min_samples_leaf=25, l2_regularization=2.0,
                  early_stopping=False, random_state=0)

oof_ridge = np.zeros(len(X))
oof_hgb = np.zeros(len(X))
pred_ridge = np.zeros(len(X))
pred_hgb = np.zeros(len(X))

for fold, (tr, va) in enumerate(kf.split(X), 1):
    X_tr, X_va = X.iloc[tr], X.iloc[va]
    y_tr, y_va = y.iloc[tr], y.iloc[va]

    r = make_pipeline(StandardScaler(), Ridge(alpha=1.0)).fit(X_tr, y_tr)
    h = HistGradientBoostingRegressor(**hgb_params).fit(X_tr, y_tr)

    oof_ridge[va] = r.predict(X_va)
    oof_hgb[va] = h.predict(X_va)
    pred_ridge += r.predict(X_test) / kf.n_splits
    pred_hgb += h.predict(X_test) / kf.n_splits

    fr = mean_squared_error(y_va, oof_ridge[va]) ** 0.5
    fh = mean_squared_error(y_va, oof_hgb[va]) ** 0.5
    print(f"fold {fold}: ridge {fr:.2f}  hgb {fh:.2f}")

print(f"Ridge OOF RMSE: {mean_squared_error(y, oof_ridge) ** 0.5:.3f}")
print(f"HGB   OOF RMSE: {mean_squared_error(y, oof_hgb) ** 0.5:.3f}")

best_a, best_score = 1.0, np.inf
for a in np.linspace(0, 1, 21):
    s = mean_squared_error(y, a * oof_ridge + (1 - a) * oof_hgb) ** 0.5
    if s < best_score:
        best_a, best_score = a, s
print(f"best alpha (ridge weight) = {best_a:.2f}")

final = best_a * pred_ridge + (1 - best_a) * pred_hgb
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "progression": final}).to_csv(
    "./submission/submission.csv", index=False)
print(f"CV RMSE: {best_score:.3f}")
