# =========================================================
#   US DAILY BIRTHS 1969-1988  -  forecasting births per day
#   Metric: MAE (mean absolute error)
# =========================================================

# ---------- 1. Libraries ----------
import pandas as pd
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.preprocessing import LabelEncoder, StandardScaler
from sklearn.model_selection import train_test_split
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.neighbors import KNeighborsRegressor
from sklearn.tree import DecisionTreeRegressor
from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor, ExtraTreesRegressor
from sklearn.metrics import mean_absolute_error, mean_squared_error, r2_score

print("----------------------------------------------")
print("2. Loading the data")
print("----------------------------------------------")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, " test:", test.shape)
print(train.head())
print("Missing values:", train.isnull().sum().sum())

print("----------------------------------------------")
print("3. Time series plot")
print("----------------------------------------------")
train["date"] = pd.to_datetime(train["date"])
train = train.sort_values("date").reset_index(drop=True)
print("first date:", train["date"].min(), "| last date:", train["date"].max())
print("test dates from", test["date"].min(), "to", test["date"].max())

plt.figure(figsize=(14, 4))
plt.plot(train["date"], train["births"], linewidth=0.3)
plt.plot(train["date"], train["births"].rolling(30).mean(), color="red", label="30 day mean")
plt.legend()
plt.title("Births per day")
plt.savefig("births_timeseries.png")
plt.close()

plt.figure(figsize=(8, 4))
train.groupby("wday")["births"].mean().sort_values().plot(kind="bar", color="plum")
plt.title("Average births per weekday")
plt.tight_layout()
plt.savefig("births_weekday.png")
plt.close()
print("saved births_timeseries.png and births_weekday.png")
print(train.groupby("wday")["births"].mean().round(1))

print("----------------------------------------------")
print("4. Feature engineering")
print("----------------------------------------------")
holidays_md = [(1, 1), (7, 4), (12, 25), (12, 24), (12, 31), (11, 11)]

def create_features(df):
    df["dayofweek"] = df["date"].dt.dayofweek
    df["weekofyear"] = df["date"].dt.isocalendar().week.astype(int)
    df["quarter"] = df["date"].dt.quarter
    df["is_weekend"] = (df["date"].dt.dayofweek >= 5).astype(int)
    df["is_month_start"] = df["date"].dt.is_month_start.astype(int)
    df["is_month_end"] = df["date"].dt.is_month_end.astype(int)
    df["days_in_month"] = df["date"].dt.days_in_month
    df["is_holiday"] = 0
    for m, d in holidays_md:
        df.loc[(df["date"].dt.month == m) & (df["date"].dt.day == d), "is_holiday"] = 1
    df["time_index"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days
    return df

train = create_features(train)
print(train[["date", "dayofweek", "weekofyear", "quarter", "is_weekend", "is_holiday", "time_index"]].head(8))

le = LabelEncoder()
train["wday"] = le.fit_transform(train["wday"])
print("wday classes:", list(le.classes_))

feature_cols = ["wday", "year", "month", "day_of_year", "day_of_month", "day_of_week",
                "weekofyear", "quarter", "is_weekend", "is_month_start", "is_month_end",
                "days_in_month", "is_holiday", "time_index"]
X = train[feature_cols]
y = train["births"]

print("----------------------------------------------")
print("5. Train / validation split (no shuffle, it is a time series!)")
print("----------------------------------------------")
X_train, X_val, y_train, y_val = train_test_split(X, y, test_size=0.2, shuffle=False)
print("train until", train.loc[X_train.index[-1], "date"].date(), "| validation from", train.loc[X_val.index[0], "date"].date())

scaler = StandardScaler()
X_train_scaled = scaler.fit_transform(X_train)
X_val_scaled = scaler.transform(X_val)

print("----------------------------------------------")
print("6. Training the models")
print("----------------------------------------------")
models = {
    "Linear Regression": LinearRegression(),
    "Ridge": Ridge(alpha=3.0),
    "KNN": KNeighborsRegressor(n_neighbors=15),
    "Decision Tree": DecisionTreeRegressor(max_depth=10, random_state=0),
    "Random Forest": RandomForestRegressor(n_estimators=200, max_depth=14, random_state=0, n_jobs=-1),
    "Extra Trees": ExtraTreesRegressor(n_estimators=200, max_depth=14, random_state=0, n_jobs=-1),
    "Gradient Boosting": GradientBoostingRegressor(n_estimators=300, max_depth=4, learning_rate=0.05, random_state=0),
}
results = []
for name, model in models.items():
    model.fit(X_train_scaled, y_train)
    pred = model.predict(X_val_scaled)
    mae = mean_absolute_error(y_val, pred)
    rmse = np.sqrt(mean_squared_error(y_val, pred))
    r2 = r2_score(y_val, pred)
    results.append({"Model": name, "MAE": mae, "RMSE": rmse, "R2": r2})
    print(f"{name:<20} MAE: {mae:8.2f} | RMSE: {rmse:8.2f} | R2: {r2:.4f}")

results_df = pd.DataFrame(results).sort_values("MAE").reset_index(drop=True)
print("\n*** Model ranking by MAE ***")
print(results_df)

best_name = results_df.loc[0, "Model"]
best_model = models[best_name]
print(f"\nWinner: {best_name} with validation MAE = {results_df.loc[0, 'MAE']:.2f}")

val_pred = best_model.predict(X_val_scaled)
plt.figure(figsize=(14, 4))
plt.plot(train.loc[X_val.index, "date"], y_val.values, linewidth=0.5, label="actual")
plt.plot(train.loc[X_val.index, "date"], val_pred, linewidth=0.5, label="predicted")
plt.legend()
plt.title(f"Validation period - {best_name}")
plt.savefig("births_validation.png")
plt.close()

print("----------------------------------------------")
print("7. Prepare the test set")
print("----------------------------------------------")
test = create_features(test)
test["wday"] = le.transform(test["wday"])
X_test = test[feature_cols]

print("----------------------------------------------")
print("8. Refit on all data + submission")
print("----------------------------------------------")
best_model.fit(scaler.fit_transform(X), y)
test_pred = best_model.predict(scaler.transform(X_test))
submission = pd.DataFrame({"id": test["id"], "births": test_pred})
submission.to_csv("submission/submission.csv", index=False)
print(submission.head())
print("Submission ready!", submission.shape)
