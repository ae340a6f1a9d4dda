import os
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier, ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier
from lightgbm import LGBMClassifier

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
train = train.sort_values("date").reset_index(drop=True)

def add_features(d):
    d = d.copy()
    d["month"] = d["date"].dt.month
    d["doy"] = d["date"].dt.dayofyear
    d["doy_sin"] = np.sin(2 * np.pi * d["doy"] / 365.25)
    d["doy_cos"] = np.cos(2 * np.pi * d["doy"] / 365.25)
    d["temp_range"] = d["temp_max"] - d["temp_min"]
    d["rained"] = (d["precipitation"] > 0).astype(int)
    return d

train = add_features(train)
test = add_features(test)
FEATS = ["precipitation", "temp_max", "temp_min", "wind", "month", "doy_sin", "doy_cos", "temp_range", "rained"]

# time-ordered holdout: last 20% of training dates
cut = int(len(train) * 0.8)
tr, va = train.iloc[:cut], train.iloc[cut:]
print("fit period:", tr["date"].min().date(), "->", tr["date"].max().date())
print("val period:", va["date"].min().date(), "->", va["date"].max().date())
print("val label share:\n", va["weather"].value_counts(normalize=True).round(3).to_string())

candidates = {
    "majority": None,
    "logreg": make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=2000)),
    "knn": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=15)),
    "svc": make_pipeline(StandardScaler(), SVC(C=2.0)),
    "tree": DecisionTreeClassifier(max_depth=5, random_state=0),
    "rf": RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=0),
    "extra": ExtraTreesClassifier(n_estimators=300, min_samples_leaf=3, random_state=0),
    "gbc": GradientBoostingClassifier(n_estimators=100, max_depth=2, random_state=0),
    "lgbm": LGBMClassifier(n_estimators=200, learning_rate=0.03, num_leaves=15, verbose=-1, random_state=0),
}

results = []
for name, model in candidates.items():
    if model is None:
        pred = np.full(len(va), tr["weather"].mode()[0])
    else:
        model.fit(tr[FEATS], tr["weather"])
        pred = model.predict(va[FEATS])
    acc = accuracy_score(va["weather"], pred)
    results.append((name, acc))

results.sort(key=lambda r: r[1], reverse=True)
print("\nrank  model      holdout_acc")
for i, (name, acc) in enumerate(results, 1):
    print(f"{i:>4}  {name:<10} {acc:.4f}")

best_name, best_acc = results[0]
print(f"\nBest: {best_name} -> validation accuracy {best_acc:.4f}")

final = candidates[best_name]
if final is None:
    test_pred = np.full(len(test), train["weather"].mode()[0])
else:
    final.fit(train[FEATS], train["weather"])
    test_pred = final.predict(test[FEATS])

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "weather": test_pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub["weather"].value_counts().to_dict())
