import os
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
pix = [c for c in train.columns if c.startswith("pixel_")]
X = train[pix].to_numpy(dtype=np.float32)
y = train["digit"].to_numpy()
X_test = test[pix].to_numpy(dtype=np.float32)
print(f"X={X.shape} X_test={X_test.shape} classes={np.bincount(y).tolist()}")

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)

baseline = GradientBoostingClassifier(n_estimators=50, random_state=0)
base_acc = cross_val_score(baseline, X, y, cv=skf, scoring="accuracy", n_jobs=1)
print("baseline GBM accuracy per fold:", np.round(base_acc, 4))
print(f"baseline mean accuracy: {base_acc.mean():.4f}")

param_grid = {
    "n_estimators": [100, 200, 300],
    "learning_rate": [0.05, 0.1],
    "max_depth": [3, 5],
    "subsample": [0.8, 1.0],
}
gs = GridSearchCV(GradientBoostingClassifier(random_state=0), param_grid, cv=skf,
                  scoring="accuracy", n_jobs=-1, verbose=2)
gs.fit(X, y)

print("best_params_:", gs.best_params_)
print(f"best_score_: {gs.best_score_:.4f}")
table = pd.DataFrame(gs.cv_results_)[["params", "mean_test_score", "std_test_score", "mean_fit_time"]]
print(table.sort_values("mean_test_score", ascending=False).head(10).to_string(index=False))
print(f"improvement over baseline: {gs.best_score_ - base_acc.mean():+.4f}")

pred = gs.best_estimator_.predict(X_test)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "digit": pred}).to_csv("submission/submission.csv", index=False)
print("submission saved")
