"""Seattle weather: shallow gradient boosting on the measurements plus a cyclic
season encoding, validated forward in time (test days all come after train days)."""
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.inspection import permutation_importance
from sklearn.metrics import accuracy_score
from sklearn.model_selection import TimeSeriesSplit, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date", ignore_index=True)
test = pd.read_csv("./input/test.csv", parse_dates=["date"])

print(train["weather"].value_counts(normalize=True).round(3).to_dict())


def season_cycle(frame: pd.DataFrame) -> pd.DataFrame:
    doy = frame["date"].dt.day_of_year.to_numpy()
    angle = 2 * np.pi * doy / 365.25
    return pd.DataFrame({"season_sin": np.sin(angle), "season_cos": np.cos(angle)}, index=frame.index)


def weather_derived(frame: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "temp_range": frame["temp_max"] - frame["temp_min"],
            "temp_mean": (frame["temp_max"] + frame["temp_min"]) / 2,
            "wet": (frame["precipitation"] > 0).astype(float),
            "log_precip": np.log1p(frame["precipitation"]),
        },
        index=frame.index,
    )


features = ColumnTransformer(
    [
        ("season", FunctionTransformer(season_cycle, feature_names_out=lambda t, c: ["season_sin", "season_cos"]),
         ["date"]),
        ("derived", FunctionTransformer(weather_derived,
                                        feature_names_out=lambda t, c: ["temp_range", "temp_mean", "wet", "log_precip"]),
         ["precipitation", "temp_max", "temp_min"]),
        ("raw", "passthrough", ["precipitation", "temp_max", "temp_min", "wind"]),
    ],
    verbose_feature_names_out=False,
)

clf = make_pipeline(
    features,
    HistGradientBoostingClassifier(
        learning_rate=0.05, max_iter=150, max_depth=3, min_samples_leaf=25,
        l2_regularization=1.0, early_stopping=False, random_state=1,
    ),
).set_output(transform="pandas")

X = train.drop(columns=["id", "weather"])
y = train["weather"]

splitter = TimeSeriesSplit(n_splits=4, test_size=180)
cv = cross_validate(clf, X, y, cv=splitter,
                    scoring={"acc": "accuracy", "bal_acc": "balanced_accuracy", "f1": "f1_macro"})
for name in ("acc", "bal_acc", "f1"):
    print(f"{name:8s} per fold: {np.round(cv['test_' + name], 3)}")

# fit on all but the latest 180 days to look at importances on an honest slice
cut = len(X) - 180
clf.fit(X.iloc[:cut], y.iloc[:cut])
holdout_acc = accuracy_score(y.iloc[cut:], clf.predict(X.iloc[cut:]))
pi = permutation_importance(clf, X.iloc[cut:], y.iloc[cut:], n_repeats=8, random_state=1)
print("permutation importance:", pd.Series(pi.importances_mean, index=X.columns).round(3).to_dict())
print(f"latest-180-days accuracy: {holdout_acc:.4f}")

clf.fit(X, y)
pred = clf.predict(test.drop(columns=["id"]))
pd.DataFrame({"id": test["id"], "weather": pred}).to_csv("./submission/submission.csv", index=False)
print(f"Validation accuracy: {cv['test_acc'].mean():.4f}")
