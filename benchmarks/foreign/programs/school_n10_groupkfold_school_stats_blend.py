# %%
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import GroupKFold
from sklearn.linear_model import RidgeCV
from sklearn.metrics import mean_squared_error

# %% load
df_tr = pd.read_csv("./input/train.csv")
df_te = pd.read_csv("./input/test.csv")
print(df_tr.shape, df_te.shape)
print("schools train/test:", df_tr.School.nunique(), df_te.School.nunique(),
      "overlap:", len(set(df_tr.School) & set(df_te.School)))

# %% FE -- school-level aggregates of the (non-target) features
def school_feats(d):
    d = d.copy()
    d["minority"] = (d.Minority == "Yes").astype(int)
    d["male"] = (d.Sex == "Male").astype(int)
    g = d.groupby("School")
    d["sch_size"] = g.SES.transform("size")
    d["sch_ses_std"] = g.SES.transform("std").fillna(0)
    d["sch_minority_frac"] = g.minority.transform("mean")
    d["sch_male_frac"] = g.male.transform("mean")
    d["ses_dev"] = d.SES - d.MEANSES
    d["ses_rank_in_sch"] = g.SES.rank(pct=True)
    d["ses_x_minority"] = d.SES * d.minority
    d["meanses_x_minority"] = d.MEANSES * d.minority
    return d

tr = school_feats(df_tr)
te = school_feats(df_te)
FEATS = ["SES", "MEANSES", "minority", "male", "sch_size", "sch_ses_std", "sch_minority_frac",
         "sch_male_frac", "ses_dev", "ses_rank_in_sch", "ses_x_minority", "meanses_x_minority"]
X, y, groups = tr[FEATS].values, tr.MathAch.values, tr.School.values
X_te = te[FEATS].values
print(X.shape, X_te.shape)

# %% CV
gkf = GroupKFold(n_splits=5)
oof_lgb = np.zeros(len(X)); oof_ridge = np.zeros(len(X))
test_lgb = np.zeros(len(X_te)); test_ridge = np.zeros(len(X_te))
params = {"objective": "regression", "learning_rate": 0.02, "num_leaves": 7,
          "min_data_in_leaf": 80, "feature_fraction": 0.8, "bagging_fraction": 0.8,
          "bagging_freq": 1, "lambda_l2": 10, "metric": "rmse", "verbose": -1,
          "seed": 5, "num_threads": 2, "deterministic": True}

for fold, (a, b) in enumerate(gkf.split(X, y, groups)):
    r = RidgeCV(alphas=np.logspace(-2, 3, 12)).fit(X[a], y[a])
    oof_ridge[b] = r.predict(X[b]); test_ridge += r.predict(X_te) / 5
    m = lgb.train(params, lgb.Dataset(X[a], y[a]), 3000,
                  valid_sets=[lgb.Dataset(X[b], y[b])],
                  callbacks=[lgb.early_stopping(150, verbose=False)])
    oof_lgb[b] = m.predict(X[b], num_iteration=m.best_iteration)
    test_lgb += m.predict(X_te, num_iteration=m.best_iteration) / 5
    print(f"fold {fold}: ridge {mean_squared_error(y[b], oof_ridge[b]) ** .5:.4f} "
          f"lgb {mean_squared_error(y[b], oof_lgb[b]) ** .5:.4f} (iters {m.best_iteration}, alpha {r.alpha_:.3g})")

blend_oof = 0.6 * oof_lgb + 0.4 * oof_ridge
print("ridge", mean_squared_error(y, oof_ridge) ** .5, "lgb", mean_squared_error(y, oof_lgb) ** .5)
print(f"GroupKFold blend RMSE: {mean_squared_error(y, blend_oof) ** .5:.4f}")

# %% submission
final = 0.6 * test_lgb + 0.4 * oof_ridge
print(final.shape)
sub = pd.DataFrame({"id": te.id, "MathAch": final})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
