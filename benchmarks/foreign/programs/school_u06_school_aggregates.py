import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import GroupKFold
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_error

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

print("train:", train.shape, "schools:", train.School.nunique())
print("test :", test.shape, "schools:", test.School.nunique())
print("overlap of schools:", len(set(train.School) & set(test.School)))
print("MathAch mean %.3f  std %.3f" % (train.MathAch.mean(), train.MathAch.std()))

full = pd.concat([train.drop("MathAch", axis=1), test], ignore_index=True)
full["Minority"] = (full["Minority"] == "Yes").astype(int)

# school level context: size, mix, spread of SES inside the school
sch = full.drop("id", axis=1).groupby("School").mean()
sch.columns = ["sch_" + c for c in sch.columns]
sch["sch_size"] = full.groupby("School").size()
sch["sch_ses_std"] = full.groupby("School")["SES"].std().fillna(0)
full = full.merge(sch, left_on="School", right_index=True, how="left")

full["female"] = (full["Sex"] == "Female").astype(int)
full["ses_rel"] = full["SES"] - full["MEANSES"]
full["ses_x_min"] = full["SES"] * full["Minority"]

feats = ["Minority", "female", "SES", "MEANSES", "ses_rel", "ses_x_min",
         "sch_Minority", "sch_size", "sch_ses_std"]

X = full.iloc[:len(train)][feats].reset_index(drop=True)
X_test = full.iloc[len(train):][feats].reset_index(drop=True)
y = train.MathAch.values
groups = train.School.values
print("features:", feats)

gkf = GroupKFold(n_splits=5)
oof_ridge = np.zeros(len(X))
oof_gbm = np.zeros(len(X))
test_ridge = np.zeros(len(X_test))
test_gbm = np.zeros(len(X_test))

for i, (tr, va) in enumerate(gkf.split(X, y, groups)):
    r = Ridge(alpha=1.0).fit(X.iloc[tr], y[tr])
    oof_ridge[va] = r.predict(X.iloc[va])
    test_ridge += r.predict(X_test) / 5

    g = lgb.LGBMRegressor(n_estimators=300, learning_rate=0.03, num_leaves=8,
                          min_child_samples=50, subsample=0.8, subsample_freq=1,
                          random_state=i, verbose=-1)
    g.fit(X.iloc[tr], y[tr])
    oof_gbm[va] = g.predict(X.iloc[va])
    test_gbm += g.predict(X_test) / 5

    print("fold %d | ridge rmse %.4f | lgbm rmse %.4f" % (
        i, np.sqrt(mean_squared_error(y[va], oof_ridge[va])),
        np.sqrt(mean_squared_error(y[va], oof_gbm[va]))))

rm = lambda p: np.sqrt(mean_squared_error(y, p))
print("\nRidge OOF RMSE : %.4f" % rm(oof_ridge))
print("LGBM  OOF RMSE : %.4f" % rm(oof_gbm))
print("50/50 OOF RMSE : %.4f" % rm(0.5 * oof_ridge + 0.5 * oof_gbm))

sub = pd.DataFrame({"id": test.id, "MathAch": 0.5 * test_ridge + 0.5 * test_gbm})
sub.to_csv("submission/submission.csv", index=False)
print("saved", len(sub), "rows")
