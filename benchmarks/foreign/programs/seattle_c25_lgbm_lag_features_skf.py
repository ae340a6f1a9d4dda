import os
import warnings

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier, early_stopping
from sklearn.metrics import accuracy_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import LabelEncoder
from tqdm import tqdm

warnings.filterwarnings("ignore", category=UserWarning)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
train["is_train"] = 1
test["is_train"] = 0

full = pd.concat([train, test], ignore_index=True)
full["date"] = pd.to_datetime(full["date"])
full = full.sort_values("date").reset_index(drop=True)

# calendar features
full["month"] = full["date"].dt.month
full["doy"] = full["date"].dt.dayofyear
full["dow"] = full["date"].dt.dayofweek
full["doy_sin"] = np.sin(2 * np.pi * full["doy"] / 365.25)
full["doy_cos"] = np.cos(2 * np.pi * full["doy"] / 365.25)

# weather dynamics: the inputs are known for every day, so lags are fine
full["temp_range"] = full["temp_max"] - full["temp_min"]
for col in ["precipitation", "temp_max", "temp_min", "wind"]:
    full[f"{col}_lag1"] = full[col].shift(1)
    full[f"{col}_lead1"] = full[col].shift(-1)
    full[f"{col}_roll3"] = full[col].rolling(3, min_periods=1, center=True).mean()
    full[f"{col}_roll7"] = full[col].rolling(7, min_periods=1).mean()
full["dry_streak"] = (full["precipitation"] == 0).astype(int).groupby(
    (full["precipitation"] != 0).cumsum()
).cumsum()

month_clim = full.groupby("month")[["temp_max", "precipitation"]].transform("mean")
full["temp_anom"] = full["temp_max"] - month_clim["temp_max"]
full["precip_anom"] = full["precipitation"] - month_clim["precipitation"]

drop = ["id", "date", "weather", "is_train"]
features = [c for c in full.columns if c not in drop]

tr = full[full["is_train"] == 1].reset_index(drop=True)
te = full[full["is_train"] == 0].reset_index(drop=True)

le = LabelEncoder()
y = le.fit_transform(tr["weather"])
X = tr[features]
X_test = te[features]
print(f"{len(features)} features, classes: {list(le.classes_)}")

params = dict(
    n_estimators=1500, learning_rate=0.03, num_leaves=15, min_child_samples=10,
    colsample_bytree=0.7, subsample=0.8, subsample_freq=1, reg_lambda=1.0,
    class_weight="balanced", n_jobs=1, verbose=-1,
)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
oof = np.zeros((len(tr), len(le.classes_)))
test_proba = np.zeros((len(te), len(le.classes_)))
for fold, (i_tr, i_va) in enumerate(tqdm(list(skf.split(X, y)), desc="folds"), 1):
    clf = LGBMClassifier(random_state=fold, **params)
    clf.fit(X.iloc[i_tr], y[i_tr], eval_set=[(X.iloc[i_va], y[i_va])],
            callbacks=[early_stopping(100, verbose=False)])
    oof[i_va] = clf.predict_proba(X.iloc[i_va])
    test_proba += clf.predict_proba(X_test) / skf.n_splits
    acc = accuracy_score(y[i_va], oof[i_va].argmax(1))
    print(f"fold {fold}: acc={acc:.4f} best_iter={clf.best_iteration_}")

print(f"OOF accuracy: {accuracy_score(y, oof.argmax(1)):.4f}")

sub = pd.DataFrame({"id": te["id"].astype(int), "weather": le.inverse_transform(test_proba.argmax(1))})
sample = pd.read_csv("./input/sample_submission.csv")
sub = sample[["id"]].merge(sub, on="id", how="left")
os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(sub["weather"].value_counts().to_dict())
