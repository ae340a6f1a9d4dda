# Seattle weather type - daily calendar table, crosstabs, decision tree vs forest
import numpy as np
import pandas as pd
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, train["date"].min(), "->", train["date"].max())
print("test ", test.shape, test["date"].min(), "->", test["date"].max())

print("\nLabel counts:")
vc = train["weather"].value_counts()
print(pd.DataFrame({"days": vc, "pct": (vc / vc.sum() * 100).round(1)}).to_string())

# one calendar table for both files, sorted by date, so running totals work across the boundary
train["part"] = "train"
test["part"] = "test"
cal = pd.concat([train, test], ignore_index=True)
cal["date"] = pd.to_datetime(cal["date"], format="%Y-%m-%d")
cal = cal.sort_values("date").reset_index(drop=True)

cal["month"] = cal["date"].dt.month
cal["year"] = cal["date"].dt.year
cal["doy"] = cal["date"].dt.dayofyear
cal["season"] = np.select(
    [cal["month"].isin([12, 1, 2]), cal["month"].isin([3, 4, 5]), cal["month"].isin([6, 7, 8])],
    ["winter", "spring", "summer"], default="autumn")
cal["temp_range"] = cal["temp_max"] - cal["temp_min"]
cal["temp_mean"] = (cal["temp_max"] + cal["temp_min"]) / 2
cal["wet_day"] = np.where(cal["precipitation"] > 0, 1, 0)
cal["precip_band"] = pd.cut(cal["precipitation"], bins=[-0.1, 0, 2, 10, 100],
                            labels=["dry", "light", "moderate", "heavy"])
cal["freezing"] = np.where(cal["temp_min"] <= 0, 1, 0)

# running figures: last 3 / 7 days precipitation, days since last wet day, monthly cumulative rain
cal["precip_3d"] = cal["precipitation"].rolling(3, min_periods=1).sum()
cal["precip_7d"] = cal["precipitation"].rolling(7, min_periods=1).sum()
cal["prev_precip"] = cal["precipitation"].shift(1).fillna(0)
cal["next_precip"] = cal["precipitation"].shift(-1).fillna(0)
cal["prev_range"] = cal["temp_range"].shift(1).bfill()
cal["month_cum_rain"] = cal.groupby(["year", "month"])["precipitation"].cumsum()
dry_streak_id = cal["wet_day"].cumsum()
cal["dry_streak"] = cal.groupby(dry_streak_id).cumcount()
cal["temp_rank_in_month"] = cal.groupby(["year", "month"])["temp_max"].rank(pct=True)

hist = cal[cal["part"] == "train"]
print("\nWeather by precipitation band (row %):")
print((pd.crosstab(hist["precip_band"], hist["weather"], normalize="index") * 100).round(1).to_string())

print("\nWeather by season (counts):")
print(pd.crosstab(hist["season"], hist["weather"], margins=True).to_string())

print("\nAverages by weather type:")
print(hist.groupby("weather").agg(temp_max=("temp_max", "mean"), temp_range=("temp_range", "mean"),
                                   wind=("wind", "mean"), precip=("precipitation", "mean"))
          .round(2).to_string())

features = ["precipitation", "temp_max", "temp_min", "wind", "month", "doy", "temp_range", "temp_mean",
            "wet_day", "freezing", "precip_3d", "precip_7d", "prev_precip", "next_precip", "prev_range",
            "month_cum_rain", "dry_streak", "temp_rank_in_month"]

# holdout = the latest 20% of training days (test is later in time)
hist = hist.sort_values("date")
n_val = int(len(hist) * 0.2)
fit_part, val_part = hist.iloc[:-n_val], hist.iloc[-n_val:]
print(f"\nfit days {len(fit_part)}, holdout days {len(val_part)} (from {val_part['date'].min().date()})")

tree = DecisionTreeClassifier(max_depth=4, min_samples_leaf=10, random_state=0)
tree.fit(fit_part[features], fit_part["weather"])
acc_tree = accuracy_score(val_part["weather"], tree.predict(val_part[features]))

forest = RandomForestClassifier(n_estimators=200, max_depth=6, min_samples_leaf=5, random_state=0, n_jobs=1)
forest.fit(fit_part[features], fit_part["weather"])
acc_forest = accuracy_score(val_part["weather"], forest.predict(val_part[features]))

print(pd.DataFrame({"model": ["tree depth 4", "forest depth 6"],
                    "accuracy": [acc_tree, acc_forest]}).round(4).to_string(index=False))

best = forest if acc_forest >= acc_tree else tree
print("picked:", type(best).__name__)
print(f"Validation accuracy: {max(acc_tree, acc_forest):.4f}")

best.fit(hist[features], hist["weather"])
fut = cal[cal["part"] == "test"].copy()
fut["pred"] = best.predict(fut[features])
print("\nPredicted label mix on test:")
print(fut["pred"].value_counts().to_string())

sub = pd.DataFrame({"id": fut["id"].astype(int), "weather": fut["pred"]})
sample = pd.read_csv("./input/sample_submission.csv")
sub = sample[["id"]].merge(sub, on="id", how="left")
sub.to_csv("./submission/submission.csv", index=False)
print("submission written:", sub.shape)
