"""Seattle weather: multinomial logistic regression with a periodic spline basis on
the day of the year and yesterday's / tomorrow's weather as context features."""
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import TimeSeriesSplit, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import SplineTransformer, StandardScaler

DATE_FMT = "%Y-%d-%m"
MEASURES = ["precipitation", "temp_max", "temp_min", "wind"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(f"{len(train)} train days, {len(test)} test days")
print(train["weather"].value_counts().to_string())


def add_context(frame: pd.DataFrame) -> pd.DataFrame:
    """Neighbouring days as features. Train and test are stacked so the first test
    day can see the last train day; rows are put in calendar order first."""
    out = frame.copy()
    out["day"] = pd.to_datetime(out["date"], format=DATE_FMT)
    out = out.sort_values("day")
    out["doy"] = out["day"].dt.day_of_year
    for col in MEASURES:
        out[f"{col}_prev"] = out[col].shift(1)
        out[f"{col}_next"] = out[col].shift(-1)
    out["precip_3d"] = out["precipitation"].rolling(3, center=True, min_periods=1).sum()
    ctx = [c for c in out.columns if c.endswith(("_prev", "_next"))]
    out[ctx] = out[ctx].bfill().ffill()
    return out.sort_index()


full = add_context(pd.concat([train.assign(part="train"), test.assign(part="test")], ignore_index=True))
tr = full[full["part"] == "train"].sort_values("day")
te = full[full["part"] == "test"]

numeric = MEASURES + [c for c in full.columns if c.endswith(("_prev", "_next"))] + ["precip_3d"]
prep = ColumnTransformer(
    [
        ("season", SplineTransformer(n_knots=7, degree=3, extrapolation="periodic"), ["doy"]),
        ("num", StandardScaler(), numeric),
    ]
)
model = make_pipeline(prep, LogisticRegression(C=0.3, max_iter=3000)).set_output(transform="pandas")

X, y = tr[["doy", *numeric]], tr["weather"]
scores = cross_validate(model, X, y, cv=TimeSeriesSplit(n_splits=4, test_size=150),
                        scoring=["accuracy", "neg_log_loss"])
print("fold accuracy:", np.round(scores["test_accuracy"], 3))

model.fit(X, y)
pd.DataFrame({"id": te["id"], "weather": model.predict(te[["doy", *numeric]])}).to_csv(
    "./submission/submission.csv", index=False)
print(f"accuracy = {scores['test_accuracy'].mean():.4f}")
