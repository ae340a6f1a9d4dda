# Diabetes progression regression (RMSE).
# Plan: log a Ridge baseline with CV, then train a RandomForest on a holdout split,
# blend Ridge + RF 50/50 and check holdout RMSE. Refit both on full data for test.
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import RidgeCV
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import KFold, cross_val_score, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

FEATURES = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]
X = train[FEATURES]
y = train["progression"]


def rmse(a, b):
    return float(np.sqrt(mean_squared_error(a, b)))


ridge = make_pipeline(StandardScaler(), RidgeCV(alphas=np.logspace(-3, 3, 25)))
kf = KFold(n_splits=5, shuffle=True, random_state=1)
cv = -cross_val_score(ridge, X, y, cv=kf, scoring="neg_root_mean_squared_error")
print(f"Ridge CV RMSE: {cv.mean():.3f} (+/- {cv.std():.3f})")

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=1)

ridge.fit(X_tr, y_tr)
p_ridge = ridge.predict(X_va)
print(f"Ridge holdout RMSE: {rmse(y_va, p_ridge):.3f}")

rf = RandomForestRegressor(
    n_estimators=500,
    max_features=0.5,
    min_samples_split=1,
    min_samples_leaf=3,
    random_state=1,
    n_jobs=-1,
)
rf.fit(X_tr, y_tr)
p_rf = rf.predict(X_va)
print(f"RF holdout RMSE: {rmse(y_va, p_rf):.3f}")

blend = 0.5 * p_ridge + 0.5 * p_rf
val_rmse = rmse(y_va, blend)
print(f"Blend holdout RMSE: {val_rmse:.3f}")

ridge.fit(X, y)
rf.fit(X, y)
pred = 0.5 * ridge.predict(test[FEATURES]) + 0.5 * rf.predict(test[FEATURES])

sub = pd.DataFrame({"id": test["id"], "progression": pred})
sub.to_csv("./submission/submission.csv", index=False)
print(f"Final validation RMSE: {val_rmse:.4f}")
