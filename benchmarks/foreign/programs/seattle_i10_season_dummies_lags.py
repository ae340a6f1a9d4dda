"""
Seattle weather classification  --  project notebook exported to .py

Idea for this version (after reading the forum thread on the course page):
  * weather today depends on the weather of the last days, so add
    "lag" features: yesterday's precipitation, wind and temperatures
  * a season column (winter / spring / summer / autumn) one-hot encoded
    with get_dummies
  * then the usual: split, several classic models, compare, submit

Because the lag features need the days in order, train and test are put
together, sorted by date, and split apart again afterwards.
"""

import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.linear_model import LogisticRegression
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.metrics import accuracy_score, classification_report, confusion_matrix


# ----------------------------------------------------------------------
# 1 / LOAD
# ----------------------------------------------------------------------
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train rows:", len(train), "test rows:", len(test))


# ----------------------------------------------------------------------
# 2 / EXPLORE
# ----------------------------------------------------------------------
print(train.describe())
print(train["weather"].value_counts(normalize=True).round(3))

fig, axes = plt.subplots(2, 2, figsize=(9, 6))
for ax, col in zip(axes.ravel(), ["precipitation", "temp_max", "temp_min", "wind"]):
    train.boxplot(column=col, by="weather", ax=ax)
plt.suptitle("")
plt.tight_layout()
plt.savefig("boxplots_by_weather.png")
plt.close("all")


# ----------------------------------------------------------------------
# 3 / CLEAN + FEATURES
# ----------------------------------------------------------------------
def season_of(month):
    if month in (12, 1, 2):
        return "winter"
    if month in (3, 4, 5):
        return "spring"
    if month in (6, 7, 8):
        return "summer"
    return "autumn"


def make_date_features(df):
    """parse the date and add calendar + lag features (df must contain
    all days, train and test, so the lags run across the boundary)"""
    df = df.copy()
    df["date"] = pd.to_datetime(df["date"], format="%Y-%d-%m")
    df = df.sort_values("date").reset_index(drop=True)

    df["month"] = df["date"].dt.month
    df["season"] = df["month"].apply(season_of)
    df["year"] = df["date"].dt.year

    for col in ["precipitation", "temp_max", "temp_min", "wind"]:
        df[col + "_lag1"] = df[col].shift(1)
        df[col + "_lag2"] = df[col].shift(2)
    df["precip_3day"] = df["precipitation"].rolling(3, min_periods=1).sum()

    # the first two days have no lag -> just copy today's value
    for col in ["precipitation", "temp_max", "temp_min", "wind"]:
        df[col + "_lag1"] = df[col + "_lag1"].fillna(df[col])
        df[col + "_lag2"] = df[col + "_lag2"].fillna(df[col])
    return df


train["is_test"] = 0
test["is_test"] = 1
everything = pd.concat([train, test], ignore_index=True)
everything = make_date_features(everything)
print(everything[["date", "season", "precipitation", "precipitation_lag1", "precip_3day"]].head(8))


# ----------------------------------------------------------------------
# 4 / ENCODE
# ----------------------------------------------------------------------
everything = pd.get_dummies(everything, columns=["season"], dtype=int)

train = everything[everything["is_test"] == 0].reset_index(drop=True)
test = everything[everything["is_test"] == 1].reset_index(drop=True)

le = LabelEncoder()
y = le.fit_transform(train["weather"])

drop = ["id", "date", "weather", "is_test", "year"]
features = [c for c in train.columns if c not in drop]
X = train[features]
X_test = test[features]
print("using", len(features), "features:", features)


# ----------------------------------------------------------------------
# 5 / SPLIT  (stratified random hold-out)
# ----------------------------------------------------------------------
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2,
                                                  stratify=y, random_state=5)


# ----------------------------------------------------------------------
# 6 / MODELS
# ----------------------------------------------------------------------
models = [
    ("Logistic Regression", make_pipeline(StandardScaler(), LogisticRegression(max_iter=3000))),
    ("SVM (rbf)", make_pipeline(StandardScaler(), SVC(C=1.0, gamma="scale"))),
    ("Decision Tree", DecisionTreeClassifier(max_depth=4, random_state=5)),
    ("Random Forest", RandomForestClassifier(n_estimators=200, max_depth=8, random_state=5)),
    ("Gradient Boosting", GradientBoostingClassifier(n_estimators=100, max_depth=2,
                                                     random_state=5)),
]

scores = []
for name, model in models:
    model.fit(X_train, y_train)
    pred = model.predict(X_val)
    acc = accuracy_score(y_val, pred)
    scores.append((name, acc))
    print("\n%s  -> validation accuracy %.4f" % (name, acc))
    print(classification_report(y_val, pred, target_names=le.classes_, zero_division=0))


# ----------------------------------------------------------------------
# 7 / COMPARE
# ----------------------------------------------------------------------
scores.sort(key=lambda t: t[1], reverse=True)
for name, acc in scores:
    print("%-20s %.4f" % (name, acc))

best_name = scores[0][0]
model = dict(models)[best_name]
pred = model.predict(X_val)

cm = confusion_matrix(y_val, pred)
plt.figure(figsize=(5, 4))
plt.imshow(cm, cmap="Greens")
plt.xticks(range(len(le.classes_)), le.classes_)
plt.yticks(range(len(le.classes_)), le.classes_)
plt.colorbar()
plt.title(best_name)
plt.savefig("confusion_best.png")
plt.close()

print("chosen:", best_name)
print("Validation accuracy: %.4f" % accuracy_score(y_val, pred))


# ----------------------------------------------------------------------
# 8 / SUBMIT
# ----------------------------------------------------------------------
model.fit(X, y)
sub = pd.DataFrame({"id": test["id"].astype(int),
                    "weather": le.inverse_transform(model.predict(X_test))})
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
