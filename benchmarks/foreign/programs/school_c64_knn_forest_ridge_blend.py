import os
import warnings

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.stats import randint
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import GroupKFold, RandomizedSearchCV, cross_val_predict
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

warnings.filterwarnings("ignore", category=UserWarning)
SEED = 7
np.random.seed(SEED)


def rmse(a, b):
    return float(np.sqrt(mean_squared_error(a, b)))


def prep(df):
    X = pd.DataFrame({
        "SES": df["SES"],
        "MEANSES": df["MEANSES"],
        "minority": (df["Minority"] == "Yes").astype(float),
        "male": (df["Sex"] == "Male").astype(float),
    })
    X["ses_within"] = X["SES"] - X["MEANSES"]
    X["min_x_meanses"] = X["minority"] * X["MEANSES"]
    return X


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
X, X_te = prep(train), prep(test)
y = train["MathAch"].values
groups = train["School"].values
cv = list(GroupKFold(n_splits=5).split(X, y, groups))

# 1) KNN with a small random search on k
knn_search = RandomizedSearchCV(
    make_pipeline(StandardScaler(), KNeighborsRegressor()),
    {"kneighborsregressor__n_neighbors": randint(20, 200),
     "kneighborsregressor__weights": ["uniform", "distance"]},
    n_iter=12, cv=cv, scoring="neg_root_mean_squared_error",
    random_state=SEED, n_jobs=1,
)
knn_search.fit(X, y)
print("KNN best params:", knn_search.best_params_, "cv rmse %.4f" % -knn_search.best_score_)
knn = knn_search.best_estimator_

# 2) ridge baseline
ridge = make_pipeline(StandardScaler(), Ridge(alpha=10.0))

# 3) a shallow-ish forest
forest = RandomForestRegressor(
    n_estimators=300, max_depth=8, min_samples_leaf=20,
    max_features="auto", n_jobs=1, random_state=SEED,
)

models = {"knn": knn, "ridge": ridge, "forest": forest}
oof = {}
for name, m in models.items():
    oof[name] = cross_val_predict(m, X, y, cv=cv, n_jobs=1)
    print(f"{name:>6s} OOF RMSE: {rmse(y, oof[name]):.4f}")

# simple grid over blend weights
best_w, best_s = None, np.inf
for w1 in np.linspace(0, 1, 11):
    for w2 in np.linspace(0, 1 - w1, int(round((1 - w1) * 10)) + 1):
        w3 = 1 - w1 - w2
        s = rmse(y, w1 * oof["knn"] + w2 * oof["ridge"] + w3 * oof["forest"])
        if s < best_s:
            best_w, best_s = (w1, w2, w3), s
print("blend weights (knn, ridge, forest):", tuple(round(w, 2) for w in best_w))
print(f"Validation RMSE: {best_s:.4f}")

blend_oof = sum(w * oof[n] for w, n in zip(best_w, models))
fig, ax = plt.subplots(figsize=(6, 4))
ax.scatter(blend_oof, y - blend_oof, s=4, alpha=0.3)
ax.axhline(0, color="k", lw=0.8)
ax.set_xlabel("predicted"); ax.set_ylabel("residual")
fig.tight_layout(); fig.savefig("residuals.png", dpi=80)

pred = np.zeros(len(X_te))
for w, (name, m) in zip(best_w, models.items()):
    m.fit(X, y)
    pred += w * m.predict(X_te)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "MathAch": pred}).to_csv("submission/submission.csv", index=False)
print("saved", len(pred), "predictions")
