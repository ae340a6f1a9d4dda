import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_log_error

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
SEED = 3

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "| test", test.shape)
print(train[TARGETS].describe().loc[["mean", "50%", "max"]])

cat_cols = ["health", "adl", "region", "afam", "gender", "married",
            "employed", "insurance", "medicaid"]

train_d = pd.get_dummies(train, columns=cat_cols, drop_first=True)
X = train_d.drop(TARGETS + ["id"], axis=1)
X_test = pd.get_dummies(test, columns=cat_cols, drop_first=True)
print("n features:", X.shape[1])

params = dict(n_estimators=350, learning_rate=0.03, num_leaves=15,
              min_child_samples=30, subsample=0.8, subsample_freq=1,
              colsample_bytree=0.8, reg_lambda=2.0, random_state=SEED, verbose=-1)

kf = KFold(n_splits=5, shuffle=True, random_state=SEED)
cv_scores = {}

for t in TARGETS:
    y = np.log1p(train[t].values)
    oof = np.zeros(len(X))
    for tr, va in kf.split(X):
        m = lgb.LGBMRegressor(**params)
        m.fit(X.iloc[tr], y[tr])
        oof[va] = m.predict(X.iloc[va])
    oof = np.clip(np.expm1(oof), 0, None)
    cv_scores[t] = np.sqrt(mean_squared_log_error(train[t].values, oof))
    print("%-10s CV RMSLE = %.4f" % (t, cv_scores[t]))

print("-" * 32)
print("mean column RMSLE = %.4f" % np.mean(list(cv_scores.values())))

sub = pd.DataFrame({"id": test["id"]})
for t in TARGETS:
    m = lgb.LGBMRegressor(**params)
    m.fit(X, np.log1p(train[t].values))
    sub[t] = np.clip(np.expm1(m.predict(X_test)), 0, None)
    print("fitted", t, "-> mean prediction %.3f" % sub[t].mean())

sub.to_csv("submission/submission.csv", index=False)
print("submission written", sub.shape)
