import os
import numpy as np
import pandas as pd
from sklearn.model_selection import GroupKFold, GridSearchCV, cross_val_score
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_squared_error

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train {train.shape}, test {test.shape}, schools in train: {train['School'].nunique()}")

def featurize(df):
    out = pd.DataFrame(index=df.index)
    out["minority"] = (df["Minority"] == "Yes").astype(int)
    out["male"] = (df["Sex"] == "Male").astype(int)
    out["SES"] = df["SES"]
    out["MEANSES"] = df["MEANSES"]
    out["ses_dev"] = df["SES"] - df["MEANSES"]
    g = df.groupby("School")
    out["school_n"] = g["SES"].transform("size")
    out["school_minority_share"] = g["Minority"].transform(lambda s: (s == "Yes").mean())
    out["school_male_share"] = g["Sex"].transform(lambda s: (s == "Male").mean())
    return out

X = featurize(train)
y = train["MathAch"]
groups = train["School"]
X_test = featurize(test)

gkf = GroupKFold(n_splits=4)

baseline = HistGradientBoostingRegressor(max_iter=150, random_state=1)
base_rmse = -cross_val_score(baseline, X, y, cv=gkf, groups=groups,
                             scoring="neg_root_mean_squared_error").mean()
print(f"baseline HGB rmse (GroupKFold by School): {base_rmse:.4f}")

param_grid = {
    "learning_rate": [0.03, 0.1],
    "max_leaf_nodes": [8, 15],
    "min_samples_leaf": [40, 100],
    "max_iter": [150],
}
n_cand = np.prod([len(v) for v in param_grid.values()])
print(f"grid size: {n_cand} candidates x {gkf.get_n_splits()} folds")

grid = GridSearchCV(
    HistGradientBoostingRegressor(random_state=1),
    param_grid,
    scoring="neg_root_mean_squared_error",
    cv=gkf,
    n_jobs=1,
    return_train_score=True,
)
grid.fit(X, y)

print("best_params_:", grid.best_params_)
print(f"best_score_: {grid.best_score_:.4f}")
table = pd.DataFrame(grid.cv_results_)
table["rmse"] = -table["mean_test_score"]
table["train_rmse"] = -table["mean_train_score"]
print(table.sort_values("rmse")[["params", "rmse", "train_rmse", "std_test_score"]].to_string(index=False))

best_rmse = -grid.best_score_
print(f"improvement over baseline: {base_rmse:.4f} -> {best_rmse:.4f} ({(base_rmse - best_rmse) / base_rmse:.2%})")

model = grid.best_estimator_
print("train rmse of refit:", round(np.sqrt(mean_squared_error(y, model.predict(X))), 4))
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "MathAch": model.predict(X_test)}).to_csv("submission/submission.csv", index=False)
print("submission written")
