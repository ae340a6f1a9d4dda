"""
Worked example: predicting diamond prices (regression, metric RMSLE).

Key ideas for students:
  * RMSLE = RMSE computed on log(1 + y). If we train on log1p(price) and
    measure plain RMSE on that scale we get exactly the competition metric.
  * cut / color / clarity have a natural ORDER, so we map them to integers
    instead of one-hot encoding them.
"""
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

SEED = 5
CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]            # J worst ... D best
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def encode_ordinal(df):
    """Return a copy of df where cut, color and clarity are replaced by their
    rank in the quality order (0 = worst) and a few simple extra features."""
    out = df.copy()
    out["cut"] = out["cut"].map({v: i for i, v in enumerate(CUT_ORDER)})
    out["color"] = out["color"].map({v: i for i, v in enumerate(COLOR_ORDER)})
    out["clarity"] = out["clarity"].map({v: i for i, v in enumerate(CLARITY_ORDER)})
    out["log_carat"] = np.log(out["carat"])
    out["volume"] = out["x"] * out["y"] * out["z"]
    return out


def rmse(a, b):
    """Root mean squared error between two arrays."""
    return float(np.sqrt(np.mean((np.asarray(a) - np.asarray(b)) ** 2)))


def kfold_score(model, X, y_log, n_splits=3):
    """K-fold CV on the log scale. Returns the mean RMSE over the folds,
    which is the RMSLE of the back-transformed predictions."""
    kf = KFold(n_splits=n_splits, shuffle=True, random_state=SEED)
    fold_scores = []
    for tr_idx, va_idx in kf.split(X):
        model.fit(X.iloc[tr_idx], y_log[tr_idx])
        fold_scores.append(rmse(y_log[va_idx], model.predict(X.iloc[va_idx])))
    return float(np.mean(fold_scores)), fold_scores


# 1. Load the data
print("1. Load the data")
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("   train:", train.shape, " test:", test.shape)
print(train.head())

# 2. Explore
print("\n2. Explore")
print(train.describe().round(2))
for col in ["cut", "color", "clarity"]:
    print(f"   {col}: {train[col].value_counts().to_dict()}")
print("   price skewness: {:.2f}  (log price skewness: {:.2f})".format(
    train["price"].skew(), np.log1p(train["price"]).skew()))

# 3. Feature engineering
print("\n3. Feature engineering")
train_fe = encode_ordinal(train)
test_fe = encode_ordinal(test)
features = ["carat", "log_carat", "cut", "color", "clarity", "depth", "table",
            "x", "y", "z", "volume"]
X = train_fe[features]
X_test = test_fe[features]
y_log = np.log1p(train["price"].to_numpy())
print("   features used:", features)
print("   missing after encoding:", int(X.isna().sum().sum()), "/", int(X_test.isna().sum().sum()))

# 4. Compare three models
print("\n4. Compare three models (3-fold CV on log1p(price))")
models = {
    "ridge": make_pipeline(StandardScaler(), Ridge(alpha=1.0)),
    "random_forest": RandomForestRegressor(n_estimators=80, min_samples_leaf=2,
                                           random_state=SEED, n_jobs=2),
    "lightgbm": lgb.LGBMRegressor(n_estimators=500, learning_rate=0.05, num_leaves=31,
                                  subsample=0.8, subsample_freq=1, colsample_bytree=0.9,
                                  random_state=SEED, n_jobs=2, verbose=-1),
}
results = {}
for name, model in models.items():
    mean_score, folds = kfold_score(model, X, y_log)
    results[name] = mean_score
    print(f"   {name:<14} folds: {[round(s, 4) for s in folds]}  mean RMSLE: {mean_score:.4f}")

best_name = min(results, key=results.get)
print(f"\n   best model: {best_name}")
print(f"CV RMSLE: {results[best_name]:.4f}")

# 5. Fit on all training rows and predict
print("\n5. Final fit")
final_model = models[best_name]
final_model.fit(X, y_log)
pred_price = np.expm1(final_model.predict(X_test))
pred_price = np.clip(pred_price, 300, None)
print("   predicted price range: {:.0f} .. {:.0f}".format(pred_price.min(), pred_price.max()))

# 6. Submission
print("\n6. Submission")
os.makedirs("./submission", exist_ok=True)
submission = pd.DataFrame({"id": test["id"], "price": pred_price})
submission.to_csv("./submission/submission.csv", index=False)
print(submission.head())
