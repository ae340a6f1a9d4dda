# ====================================================================
#   Seattle weather - what kind of day was it? (sun, rain, fog, ...)
#   Homework for lesson 7: "classification with dates"
#
#   IMPORTANT thing I learned from the lesson: the test set here is the
#   LAST part of the time line (2015), so a random split of the training
#   data would be a bit too optimistic. I therefore sort by date and use
#   train_test_split with shuffle=False -> the validation set is the most
#   recent 20% of the training days.
#
#   Metric: accuracy.
# ====================================================================

import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.naive_bayes import GaussianNB
from sklearn.metrics import accuracy_score, classification_report, confusion_matrix, ConfusionMatrixDisplay


# --------------------------------------------------------------------
# 1. Load
# --------------------------------------------------------------------
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)


# --------------------------------------------------------------------
# 2. Explore
# --------------------------------------------------------------------
print(train.head())
print(train["weather"].value_counts())
print(train.groupby("weather")[["precipitation", "temp_max", "temp_min", "wind"]].mean())

# precipitation vs max temperature, coloured by weather
plt.figure(figsize=(7, 5))
for w in train["weather"].unique():
    part = train[train["weather"] == w]
    plt.scatter(part["temp_max"], part["precipitation"], s=8, label=w)
plt.xlabel("temp_max")
plt.ylabel("precipitation")
plt.legend()
plt.savefig("scatter_weather.png")
plt.close()


# --------------------------------------------------------------------
# 3. Clean + date features
# No missing values. The date is text -> convert it with to_datetime
# and take month / day of year out of it. Day of year is circular
# (Dec 31 is next to Jan 1), so I use sin and cos of it.
# --------------------------------------------------------------------
train["date"] = pd.to_datetime(train["date"], format="%Y-%m-%d")
test["date"] = pd.to_datetime(test["date"], format="%Y-%m-%d")

train = train.sort_values("date").reset_index(drop=True)

for df in [train, test]:
    df["month"] = df["date"].dt.month
    doy = df["date"].dt.dayofyear
    df["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    df["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    df["temp_range"] = df["temp_max"] - df["temp_min"]
    df["rained"] = (df["precipitation"] > 0).astype(int)

print(train[["date", "month", "doy_sin", "doy_cos", "temp_range"]].head())


# --------------------------------------------------------------------
# 4. Encode
# target only; all features are already numbers
# --------------------------------------------------------------------
le = LabelEncoder()
y = le.fit_transform(train["weather"])
print("label mapping:", dict(zip(le.classes_, range(len(le.classes_)))))

features = ["precipitation", "temp_max", "temp_min", "wind", "month",
            "doy_sin", "doy_cos", "temp_range", "rained"]
X = train[features]
X_test = test[features]


# --------------------------------------------------------------------
# 5. Split (time ordered, no shuffling!)
# --------------------------------------------------------------------
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, shuffle=False)
print("train until", train.loc[X_train.index[-1], "date"].date(),
      "| validate from", train.loc[X_val.index[0], "date"].date())

scaler = StandardScaler()
X_train_sc = scaler.fit_transform(X_train)
X_val_sc = scaler.transform(X_val)


# --------------------------------------------------------------------
# 6. Models one after another
# --------------------------------------------------------------------
accuracy = {}

model = LogisticRegression(max_iter=2000)
model.fit(X_train_sc, y_train)
pred = model.predict(X_val_sc)
accuracy["logistic"] = accuracy_score(y_val, pred)
print("\nLogistic regression accuracy: %.4f" % accuracy["logistic"])

model = KNeighborsClassifier(n_neighbors=15)
model.fit(X_train_sc, y_train)
pred = model.predict(X_val_sc)
accuracy["knn"] = accuracy_score(y_val, pred)
print("KNN accuracy: %.4f" % accuracy["knn"])

model = GaussianNB()
model.fit(X_train, y_train)
pred = model.predict(X_val)
accuracy["naive_bayes"] = accuracy_score(y_val, pred)
print("Naive Bayes accuracy: %.4f" % accuracy["naive_bayes"])

model = DecisionTreeClassifier(max_depth=3, random_state=0)
model.fit(X_train, y_train)
pred = model.predict(X_val)
accuracy["tree"] = accuracy_score(y_val, pred)
print("Decision tree accuracy: %.4f" % accuracy["tree"])

model = RandomForestClassifier(n_estimators=150, max_depth=6, random_state=0)
model.fit(X_train, y_train)
pred = model.predict(X_val)
accuracy["forest"] = accuracy_score(y_val, pred)
print("Random forest accuracy: %.4f" % accuracy["forest"])


# --------------------------------------------------------------------
# 7. Compare
# --------------------------------------------------------------------
accuracy = pd.Series(accuracy).sort_values(ascending=False)
print("\n", accuracy)

accuracy.plot(kind="bar", rot=0, figsize=(6, 3))
plt.ylim(0, 1)
plt.tight_layout()
plt.savefig("accuracy_by_model.png")
plt.close()

best = accuracy.index[0]
print("best:", best)

makers = {
    "logistic": lambda: LogisticRegression(max_iter=2000),
    "knn": lambda: KNeighborsClassifier(n_neighbors=15),
    "naive_bayes": lambda: GaussianNB(),
    "tree": lambda: DecisionTreeClassifier(max_depth=3, random_state=0),
    "forest": lambda: RandomForestClassifier(n_estimators=150, max_depth=6, random_state=0),
}
needs_scaling = best in ("logistic", "knn")

model = makers[best]()
if needs_scaling:
    model.fit(X_train_sc, y_train)
    pred = model.predict(X_val_sc)
else:
    model.fit(X_train, y_train)
    pred = model.predict(X_val)

# fog and drizzle are hard: the report shows it
print(classification_report(y_val, pred, labels=range(len(le.classes_)),
                            target_names=le.classes_, zero_division=0))
cm = confusion_matrix(y_val, pred, labels=range(len(le.classes_)))
ConfusionMatrixDisplay(cm, display_labels=le.classes_).plot()
plt.savefig("confusion_matrix.png")
plt.close("all")
print("Validation accuracy: %.4f" % accuracy_score(y_val, pred))


# --------------------------------------------------------------------
# 8. Final model on all the training days + submission
# --------------------------------------------------------------------
model = makers[best]()
if needs_scaling:
    scaler = StandardScaler()
    model.fit(scaler.fit_transform(X), y)
    test_pred = model.predict(scaler.transform(X_test))
else:
    model.fit(X, y)
    test_pred = model.predict(X_test)

os.makedirs("submission", exist_ok=True)
out = pd.DataFrame({"id": test["id"], "weather": le.inverse_transform(test_pred)})
out.to_csv("submission/submission.csv", index=False)
print(out["weather"].value_counts())
