# ######################################################
#  Seattle Weather Classification Project
#  Predicting: drizzle / fog / rain / snow / sun
# ######################################################

# ---------------- Section 1: Libraries ----------------
import pandas as pd
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler, LabelEncoder
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier, ExtraTreesClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC
from sklearn.metrics import accuracy_score, classification_report, confusion_matrix, ConfusionMatrixDisplay

print("#" * 50)
print("# Section 2: Reading the csv files")
print("#" * 50)
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, "| test:", test.shape)
print(train.head(10))
print("\nWeather value counts:")
print(train["weather"].value_counts())
print("\nAny missing values?", train.isnull().values.any())

print("#" * 50)
print("# Section 3: Date features with the .dt accessor")
print("#" * 50)
for df in [train, test]:
    df["date"] = pd.to_datetime(df["date"])
    df["year"] = df["date"].dt.year
    df["month"] = df["date"].dt.month
    df["day"] = df["date"].dt.day
    df["dayofweek"] = df["date"].dt.dayofweek
    df["dayofyear"] = df["date"].dt.dayofyear
    df["quarter"] = df["date"].dt.quarter
    df["temp_range"] = df["temp_max"] - df["temp_min"]
    df["rained"] = (df["precipitation"] > 0).astype(int)
print(train[["date", "year", "month", "day", "dayofweek", "dayofyear", "quarter"]].head())
print("Train dates:", train["date"].min().date(), "->", train["date"].max().date())
print("Test dates :", test["date"].min().date(), "->", test["date"].max().date())

# plot: monthly mean temperature
monthly = train.groupby("month")[["temp_max", "temp_min"]].mean()
monthly.plot(figsize=(8, 4), marker="o")
plt.title("Average temperature per month")
plt.savefig("monthly_temperature.png")
plt.close()

# plot: weather type per month
pd.crosstab(train["month"], train["weather"]).plot(kind="bar", stacked=True, figsize=(10, 5))
plt.title("Weather type per month")
plt.tight_layout()
plt.savefig("weather_per_month.png")
plt.close()
print("Saved monthly_temperature.png and weather_per_month.png")

print("#" * 50)
print("# Section 4: Encode target + prepare X / y")
print("#" * 50)
le = LabelEncoder()
train["weather_encoded"] = le.fit_transform(train["weather"])
for i, c in enumerate(le.classes_):
    print(f"  {c} -> {i}")

feature_cols = ["precipitation", "temp_max", "temp_min", "wind", "month", "dayofweek",
                "dayofyear", "quarter", "temp_range", "rained"]
X = train[feature_cols]
y = train["weather_encoded"]
X_test = test[feature_cols]
print("Features used:", feature_cols)

X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, random_state=0, stratify=y)
print("Training rows:", len(X_train), "Validation rows:", len(X_val))

sc = StandardScaler()
X_train_s = sc.fit_transform(X_train)
X_val_s = sc.transform(X_val)
X_test_s = sc.transform(X_test)

print("#" * 50)
print("# Section 5: Model training loop")
print("#" * 50)
models = {
    "LogisticRegression": LogisticRegression(max_iter=1000),
    "KNN": KNeighborsClassifier(n_neighbors=9),
    "SVC": SVC(C=2.0),
    "DecisionTree": DecisionTreeClassifier(max_depth=5, random_state=0),
    "RandomForest": RandomForestClassifier(n_estimators=300, min_samples_leaf=2, random_state=0),
    "ExtraTrees": ExtraTreesClassifier(n_estimators=300, min_samples_leaf=2, random_state=0),
    "GradientBoosting": GradientBoostingClassifier(n_estimators=100, max_depth=3, random_state=0),
}

scores = {}
for name, model in models.items():
    model.fit(X_train_s, y_train)
    pred = model.predict(X_val_s)
    scores[name] = accuracy_score(y_val, pred)
    print(f"{name:<20} validation accuracy: {scores[name]:.4f}")

results_df = pd.DataFrame(list(scores.items()), columns=["Model", "Accuracy"])
results_df = results_df.sort_values(by="Accuracy", ascending=False).reset_index(drop=True)
print("\nLeaderboard of my models:")
print(results_df.to_string())

print("#" * 50)
print("# Section 6: Looking closer at the best one")
print("#" * 50)
best = results_df["Model"][0]
best_model = models[best]
val_pred = best_model.predict(X_val_s)
print("Best model:", best)
print(classification_report(y_val, val_pred, labels=range(len(le.classes_)), target_names=le.classes_, zero_division=0))
cm = confusion_matrix(y_val, val_pred, labels=range(len(le.classes_)))
print(cm)
disp = ConfusionMatrixDisplay(cm, display_labels=le.classes_)
disp.plot(cmap="Blues")
plt.title(f"Confusion matrix - {best}")
plt.savefig("confusion_matrix.png")
plt.close()
print(f"Final validation accuracy ({best}) = {scores[best]:.4f}")

print("#" * 50)
print("# Section 7: Fit on everything + write submission")
print("#" * 50)
X_all_s = sc.fit_transform(X)
X_test_s = sc.transform(X_test)
best_model.fit(X_all_s, y)
test_pred = best_model.predict(X_test_s)
submission = pd.DataFrame({"id": test["id"], "weather": le.inverse_transform(test_pred)})
submission.to_csv("submission/submission.csv", index=False)
print(submission["weather"].value_counts())
print("Done! submission.csv has", submission.shape[0], "rows")
