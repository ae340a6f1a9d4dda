#!/usr/bin/env python
# coding: utf-8

# # Wine - tuning gradient boosting properly
# baseline models first, then a proper grid over GradientBoostingClassifier with repeated CV
# (small dataset -> repeated CV so the logloss estimate is not too noisy)

# In[1]:


import os
import time
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold, cross_val_score

SEED = 31
np.random.seed(SEED)


# In[2]:


data = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(data.shape)
print(data.head())
print(data.cultivar.value_counts(normalize=True).round(3))


# In[3]:


cols = data.columns.drop(["id", "cultivar"]).tolist()
X = data[cols]
y = data["cultivar"].to_numpy()
X_test = test[cols]
print(X.describe().loc[["mean", "std"]].T)


# In[4]:


pd.plotting.scatter_matrix(X[["alcohol", "flavanoids", "color_intensity", "proline"]], figsize=(8, 8),
                           c=pd.factorize(y)[0], alpha=0.7)
plt.savefig("scatter_matrix.png")
plt.close()


# ### baselines

# In[5]:


rcv = RepeatedStratifiedKFold(n_splits=5, n_repeats=3, random_state=SEED)
baselines = {
    "logreg": make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000)),
    "rf": RandomForestClassifier(n_estimators=300, random_state=SEED, n_jobs=1),
}
base_scores = {}
for name, est in baselines.items():
    t0 = time.time()
    s = -cross_val_score(est, X, y, cv=rcv, scoring="neg_log_loss")
    base_scores[name] = s.mean()
    print(f"{name}: logloss {s.mean():.4f} +/- {s.std():.4f}  ({time.time() - t0:.1f}s)")


# ### GBM grid

# In[6]:


param_grid = {
    "n_estimators": [200, 500, 1000],
    "learning_rate": [0.01, 0.03, 0.1, 0.3],
    "max_depth": [2, 3, 4, 5],
    "subsample": [0.6, 0.8, 1.0],
    "max_features": [None, "sqrt"],
}
n_cand = np.prod([len(v) for v in param_grid.values()])
print("candidates:", n_cand, "fits:", n_cand * rcv.get_n_splits())

gs = GridSearchCV(
    GradientBoostingClassifier(random_state=SEED),
    param_grid, cv=rcv, scoring="neg_log_loss", n_jobs=1, verbose=1,
)
t0 = time.time()
gs.fit(X, y)
print(f"grid done in {time.time() - t0:.0f}s")
print(gs.best_params_)


# In[7]:


cvres = pd.DataFrame(gs.cv_results_)
cvres["logloss"] = -cvres["mean_test_score"]
print(cvres.sort_values("logloss")[["params", "logloss", "std_test_score"]].head(10))

comp = pd.Series(base_scores)
comp["gbm_tuned"] = -gs.best_score_
print(comp.sort_values())
print(f"CV logloss = {-gs.best_score_:.4f} +/- {cvres.loc[gs.best_index_, 'std_test_score']:.4f}")


# In[8]:


winner = comp.idxmin()
model = gs.best_estimator_ if winner == "gbm_tuned" else baselines[winner].fit(X, y)
proba = model.predict_proba(X_test)
sub = pd.DataFrame(proba, columns=model.classes_)
sub.insert(0, "id", test["id"])
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
