# Seattle weather classification - try several classifiers
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import joblib

from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import train_test_split
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.metrics import accuracy_score, confusion_matrix

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train["weather"].value_counts())

# date parts
for df in [train, test]:
    df["date"] = pd.to_datetime(df["date"])
    df["month"] = df["date"].dt.month
    df["dayofyear"] = df["date"].dt.dayofyear
    df["temp_range"] = df["temp_max"] - df["temp_min"]
    df["rained"] = (df["precipitation"] > 0).astype(int)

le = LabelEncoder()
train["weather_enc"] = le.fit_transform(train["weather"])
print(dict(zip(le.classes_, le.transform(le.classes_))))

feature_cols = ["precipitation", "temp_max", "temp_min", "wind", "month", "dayofyear", "temp_range", "rained"]
X = train[feature_cols].values
y = train["weather_enc"].values
X_test = test[feature_cols].values

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=42, stratify=y)

models = {
    "logreg": make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
    "tree_d4": DecisionTreeClassifier(max_depth=4, random_state=42),
    "random_forest": RandomForestClassifier(n_estimators=200, max_depth=6, random_state=42, n_jobs=2),
    "grad_boost": GradientBoostingClassifier(n_estimators=100, max_depth=2, random_state=42),
    "knn": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=15)),
}

rows = []
for name, clf in models.items():
    clf.fit(X_train, y_train)
    pred = clf.predict(X_val)
    acc = accuracy_score(y_val, pred)
    rows.append({"model": name, "accuracy": acc})
    print(name, "->", round(acc, 4))

results = pd.DataFrame(rows).sort_values("accuracy", ascending=False).reset_index(drop=True)
print(results)
best_name = results.iloc[0]["model"]
best = models[best_name]
print("best:", best_name)

os.makedirs("output/plots", exist_ok=True)
cm = confusion_matrix(y_val, best.predict(X_val))
plt.figure(figsize=(5, 5))
plt.imshow(cm, cmap="Blues")
plt.xticks(range(len(le.classes_)), le.classes_, rotation=45)
plt.yticks(range(len(le.classes_)), le.classes_)
plt.colorbar()
plt.title("Confusion matrix - " + best_name)
plt.tight_layout()
plt.savefig("output/plots/confusion_matrix.png")
plt.close()

best.fit(X, y)
joblib.dump(best, "output/best_model.joblib")

test_pred = le.inverse_transform(best.predict(X_test))
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "weather": test_pred}).to_csv("submission/submission.csv", index=False)
print("accuracy = %.4f" % results.iloc[0]["accuracy"])
