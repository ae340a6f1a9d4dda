import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.model_selection import KFold
from sklearn.multioutput import MultiOutputRegressor

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
both = pd.get_dummies(pd.concat([train.drop(columns=TARGETS), test]), drop_first=True, dtype=float)
X = both.iloc[: len(train)].drop(columns="id")
X_test = both.iloc[len(train):].drop(columns="id")
Y = train[TARGETS].to_numpy()


def rmsle_by_column(y_true, y_pred):
    return np.sqrt(np.mean((np.log1p(y_pred) - np.log1p(y_true)) ** 2, axis=0))


oof = np.zeros_like(Y, dtype=float)
for a, b in KFold(5, shuffle=True, random_state=0).split(X):
    model = MultiOutputRegressor(LGBMRegressor(objective="poisson", n_estimators=250, learning_rate=0.04, num_leaves=15, verbose=-1))
    model.fit(X.iloc[a], Y[a])
    oof[b] = model.predict(X.iloc[b])
per_target = rmsle_by_column(Y, oof)
for name, score in zip(TARGETS, per_target):
    print(f"{name:>10}: {score:.4f}")
print(f"mean column-wise RMSLE: {per_target.mean():.4f}")

model = MultiOutputRegressor(LGBMRegressor(objective="poisson", n_estimators=250, learning_rate=0.04, num_leaves=15, verbose=-1))
model.fit(X, Y)
sub = pd.DataFrame(model.predict(X_test), columns=TARGETS)
sub.insert(0, "id", test["id"].to_numpy())
sub.to_csv("./submission/submission.csv", index=False)
