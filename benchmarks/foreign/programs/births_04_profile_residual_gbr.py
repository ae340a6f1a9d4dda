import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date").reset_index(drop=True)
test = pd.read_csv("./input/test.csv", parse_dates=["date"])


def seasonal_profile(df):
    """Typical births for each weekday within each month, over the given years."""
    return df.groupby(["month", "day_of_week"], as_index=False)["births"].median().rename(columns={"births": "profile"})


def features(df):
    out = df[["year", "month", "day_of_month", "day_of_week", "day_of_year"]].copy()
    out["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days
    return out


cut = train["date"] >= "1985-01-01"
fit, hold = train[~cut], train[cut]
prof = seasonal_profile(fit)
fit = fit.merge(prof, on=["month", "day_of_week"])
hold = hold.merge(prof, on=["month", "day_of_week"], how="left")
gbr = GradientBoostingRegressor(loss="absolute_error", n_estimators=300, max_depth=3, learning_rate=0.05, random_state=0)
gbr.fit(features(fit), fit["births"] - fit["profile"])
pred = hold["profile"] + gbr.predict(features(hold))
print(f"holdout MAE: {np.mean(np.abs(pred - hold['births'])):.2f}  (profile only: {np.mean(np.abs(hold['profile'] - hold['births'])):.2f})")

prof = seasonal_profile(train)
full = train.merge(prof, on=["month", "day_of_week"])
gbr.fit(features(full), full["births"] - full["profile"])
test = test.merge(prof, on=["month", "day_of_week"], how="left")
pd.DataFrame({"id": test["id"], "births": test["profile"] + gbr.predict(features(test))}).to_csv(
    "./submission/submission.csv", index=False
)
