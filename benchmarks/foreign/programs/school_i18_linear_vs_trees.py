"""school-math -- linear models vs tree ensembles, all under the same grouped CV.

Linear candidates get one-hot + scaling in a pipeline; the tree candidates are
fed the frame directly (trees don't care about scaling).
"""
import json
import os

import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.ensemble import ExtraTreesRegressor, GradientBoostingRegressor
from sklearn.linear_model import BayesianRidge, LassoCV, Ridge
from sklearn.model_selection import GroupKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

ARTIFACTS = "artifacts"
os.makedirs(ARTIFACTS, exist_ok=True)

train_df = pd.read_csv("./input/train.csv")
test_df = pd.read_csv("./input/test.csv")

y = train_df.pop("MathAch").values
school = train_df["School"].values
feature_cols = ["Minority", "Sex", "SES", "MEANSES"]
X = train_df[feature_cols].copy()
X_test = test_df[feature_cols].copy()

# school context: pupil SES relative to the school mean
for frame in (X, X_test):
    frame["SES_rel"] = frame["SES"] - frame["MEANSES"]

onehot_scale = make_column_transformer(
    (OneHotEncoder(drop="first"), ["Minority", "Sex"]),
    (StandardScaler(), ["SES", "MEANSES", "SES_rel"]),
)

model_dict = {
    "ridge": make_pipeline(onehot_scale, Ridge(alpha=10.0)),
    "lasso_cv": make_pipeline(onehot_scale, LassoCV(cv=3)),
    "bayes_ridge": make_pipeline(onehot_scale, BayesianRidge()),
    "extra_trees": ExtraTreesRegressor(n_estimators=150, min_samples_leaf=40, random_state=1, n_jobs=1),
    "gbr": GradientBoostingRegressor(n_estimators=150, max_depth=2, learning_rate=0.05, subsample=0.8, random_state=1),
}

group_cv = GroupKFold(n_splits=5)
scores = {}
for name, model in model_dict.items():
    out = cross_validate(
        model,
        X,
        y,
        groups=school,
        cv=group_cv,
        scoring={"rmse": "neg_root_mean_squared_error", "mae": "neg_mean_absolute_error"},
        return_train_score=True,
    )
    scores[name] = {
        "cv_rmse": -out["test_rmse"].mean(),
        "cv_rmse_sd": out["test_rmse"].std(),
        "cv_mae": -out["test_mae"].mean(),
        "train_rmse": -out["train_rmse"].mean(),
        "fit_time": out["fit_time"].sum(),
    }
    print(f"{name:<12} CV RMSE {scores[name]['cv_rmse']:.4f}  MAE {scores[name]['cv_mae']:.4f}  (train {scores[name]['train_rmse']:.4f})")

results = pd.DataFrame.from_dict(scores, orient="index").sort_values("cv_rmse")
results.index.name = "model"
print(results.round(4))
results.to_csv(os.path.join(ARTIFACTS, "cv_results.csv"))

best_name = results.index[0]
best_model = model_dict[best_name].fit(X, y)
with open(os.path.join(ARTIFACTS, "best.json"), "w") as fh:
    json.dump({"model": best_name, "cv_rmse": float(results.loc[best_name, "cv_rmse"])}, fh)

os.makedirs("submission", exist_ok=True)
submission = pd.DataFrame({"id": test_df["id"], "MathAch": best_model.predict(X_test)})
submission.to_csv("submission/submission.csv", index=False)
print(f"CV RMSE: {results.loc[best_name, 'cv_rmse']:.4f}")
