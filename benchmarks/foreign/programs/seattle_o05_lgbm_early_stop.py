import os
import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression

print("[info] seattle-weather: time-aware validation, LightGBM with early stopping")

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"[info] shapes train={train.shape} test={test.shape}")
for col in ["date", "precipitation", "temp_max", "temp_min", "wind"]:
    assert col in train.columns and col in test.columns, f"missing column {col}"


def parse_dates(s):
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%d/%m/%Y"):
        try:
            out = pd.to_datetime(s, format=fmt)
            print(f"[info] parsed dates with format {fmt}")
            return out
        except (ValueError, TypeError):
            continue
    print("[warn] no explicit format matched, letting pandas infer")
    return pd.to_datetime(s, errors="coerce")


def add_features(df):
    d = df.copy()
    d["date"] = parse_dates(d["date"])
    doy = d["date"].dt.dayofyear
    d["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    d["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    d["month"] = d["date"].dt.month
    d["temp_range"] = d["temp_max"] - d["temp_min"]
    d["rained"] = (d["precipitation"] > 0).astype(int)
    d["log_precip"] = np.log1p(d["precipitation"])
    return d


train = add_features(train).sort_values("date").reset_index(drop=True)
test = add_features(test)
feats = ["precipitation", "log_precip", "rained", "temp_max", "temp_min", "temp_range",
         "wind", "doy_sin", "doy_cos", "month"]

le = LabelEncoder()
y = le.fit_transform(train["weather"])
print(f"[info] classes: {list(le.classes_)}")

cut = int(len(train) * 0.8)
X_tr, X_va = train.loc[:cut - 1, feats], train.loc[cut:, feats]
y_tr, y_va = y[:cut], y[cut:]
print(f"[info] holdout: fit on {len(X_tr)} rows up to {train.loc[cut - 1, 'date'].date()}, validate on {len(X_va)}")

model_name = None
best_iter = None
try:
    import lightgbm as lgb
    clf = lgb.LGBMClassifier(n_estimators=1000, learning_rate=0.03, num_leaves=15,
                             min_child_samples=15, class_weight="balanced", random_state=3, verbose=-1)
    clf.fit(X_tr, y_tr, eval_set=[(X_va, y_va)], early_stopping_rounds=50, verbose=False)
    best_iter = clf.best_iteration_ or 200
    va_pred = clf.predict(X_va)
    model_name = "lightgbm"
except Exception as e:
    print(f"[warn] LightGBM path failed: {type(e).__name__}: {e}")
    print("[warn] falling back to logistic regression")
    scaler = StandardScaler().fit(X_tr)
    clf = LogisticRegression(max_iter=3000, C=1.0)
    clf.fit(scaler.transform(X_tr), y_tr)
    va_pred = clf.predict(scaler.transform(X_va))
    model_name = "logreg"

acc = accuracy_score(y_va, va_pred)
print(f"[result] holdout accuracy ({model_name}): {acc:.4f}")
print("[info] holdout predicted class counts:", dict(zip(*np.unique(le.inverse_transform(va_pred), return_counts=True))))

X_all = train[feats]
if model_name == "lightgbm":
    final = lgb.LGBMClassifier(n_estimators=best_iter, learning_rate=0.03, num_leaves=15,
                               min_child_samples=15, class_weight="balanced", random_state=3, verbose=-1)
    final.fit(X_all, y)
    test_pred = final.predict(test[feats])
else:
    scaler = StandardScaler().fit(X_all)
    final = LogisticRegression(max_iter=3000, C=1.0).fit(scaler.transform(X_all), y)
    test_pred = final.predict(scaler.transform(test[feats]))

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "weather": le.inverse_transform(test_pred)})
sub.to_csv("submission/submission.csv", index=False)
print(f"[info] submission written: {len(sub)} rows")
