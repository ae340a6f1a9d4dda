import os
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesRegressor, RandomForestRegressor, StackingRegressor
from sklearn.linear_model import RidgeCV
from sklearn.model_selection import RepeatedKFold, cross_val_score
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

SEED = 11
np.random.seed(SEED)

train_df = pd.read_csv("input/train.csv")
test_df = pd.read_csv("input/test.csv")

target = train_df.pop("progression")
ids = test_df["id"].values
train_df = train_df.drop(columns="id")
test_df = test_df.drop(columns="id")

# age buckets and a simple metabolic score
bmi_ref, s5_ref = train_df["bmi"].mean(), train_df["s5"].mean()
for d in (train_df, test_df):
    d["age_bin"] = pd.cut(d["age"], bins=[0, 35, 50, 65, 120], labels=False)
    d["metab"] = d["bmi"] / bmi_ref + d["s5"] / s5_ref

print("features:", list(train_df.columns))

base_models = [
    ("rf", RandomForestRegressor(n_estimators=300, max_depth=6, min_samples_leaf=4,
                                 max_features="auto", random_state=SEED, n_jobs=1)),
    ("et", ExtraTreesRegressor(n_estimators=300, max_depth=8, min_samples_leaf=3,
                               random_state=SEED, n_jobs=1)),
    ("knn", make_pipeline(StandardScaler(), KNeighborsRegressor(n_neighbors=25, weights="distance"))),
]
stack = StackingRegressor(
    estimators=base_models,
    final_estimator=RidgeCV(alphas=np.logspace(-2, 3, 20)),
    cv=5,
    n_jobs=1,
)

cv = RepeatedKFold(n_splits=5, n_repeats=2, random_state=SEED)
scores = -cross_val_score(stack, train_df, target, cv=cv, scoring="neg_root_mean_squared_error", n_jobs=1)
print(f"CV RMSE = {scores.mean():.2f} +/- {scores.std():.2f}")

stack.fit(train_df, target)
print("meta weights:", dict(zip([n for n, _ in base_models], np.round(stack.final_estimator_.coef_, 3))))

preds = stack.predict(test_df)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": ids, "progression": preds}).to_csv("submission/submission.csv", index=False)
print("done")
