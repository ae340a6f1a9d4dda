# Seattle weather - add lag and rolling weather features, compare models
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.pipeline import Pipeline
from sklearn.model_selection import train_test_split
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.svm import SVC
from sklearn.metrics import accuracy_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
train["is_train"] = 1
test["is_train"] = 0

# put train and test together in date order so the lags run across the border
df = pd.concat([train, test], ignore_index=True)
df["date"] = pd.to_datetime(df["date"])
df = df.sort_values("date").reset_index(drop=True)

df["month"] = df["date"].dt.month
df["dow"] = df["date"].dt.dayofweek
df["doy"] = df["date"].dt.dayofyear

# lag / rolling features
for col in ["precipitation", "temp_max", "temp_min", "wind"]:
    df[col + "_lag1"] = df[col].shift(1)
    df[col + "_lag2"] = df[col].shift(2)
    df[col + "_roll3"] = df[col].rolling(3).mean()
    df[col + "_roll7"] = df[col].rolling(7).mean()
df["precip_diff"] = df["precipitation"] - df["precipitation_lag1"]

print(df.head(10))

feature_cols = [c for c in df.columns if c not in ["id", "date", "weather", "is_train"]]
print(len(feature_cols), "features")

tr = df[df["is_train"] == 1].reset_index(drop=True)
te = df[df["is_train"] == 0].reset_index(drop=True)

le = LabelEncoder()
y = le.fit_transform(tr["weather"])
X = tr[feature_cols]

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=1, stratify=y)

models = {
    "RandomForest": RandomForestClassifier(n_estimators=150, max_depth=8, random_state=1, n_jobs=2),
    "LogisticRegression": Pipeline([("sc", StandardScaler()), ("lr", LogisticRegression(C=0.5, max_iter=3000))]),
    "SVC": Pipeline([("sc", StandardScaler()), ("svc", SVC(C=1.0, kernel="rbf"))]),
}

results = []
for name, m in models.items():
    m.fit(X_train, y_train)
    acc = accuracy_score(y_val, m.predict(X_val))
    results.append({"name": name, "val_acc": acc})
    print(f"{name:20s} acc={acc:.4f}")

results = pd.DataFrame(results).sort_values("val_acc", ascending=False)
print(results)
best_name = results["name"].iloc[0]
best = models[best_name]
best.fit(X, y)

pred = le.inverse_transform(best.predict(te[feature_cols]))
os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": te["id"].astype(int), "weather": pred})
sub.to_csv("submission/submission.csv", index=False)
print("Validation accuracy:", results["val_acc"].iloc[0])
