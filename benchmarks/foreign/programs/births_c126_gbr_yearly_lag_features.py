"""Daily births: gradient boosting on calendar + last-year lag/rolling features, last-years holdout."""
import argparse
import json
from dataclasses import dataclass, asdict
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.metrics import mean_absolute_error


@dataclass
class Settings:
    input_dir: str = "input"
    output_dir: str = "submission"
    holdout_years: int = 2
    lag_days: int = 364          # same weekday one year back
    roll_windows: tuple = (7, 28)
    n_estimators: int = 500
    max_depth: int = 4
    learning_rate: float = 0.05
    seed: int = 0


class CalendarBuilder:
    WDAYS = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}

    def transform(self, df):
        out = pd.DataFrame(index=df.index)
        out["wd"] = df["wday"].map(self.WDAYS)
        out["month"] = df["month"]
        out["dom"] = df["day_of_month"]
        out["doy"] = df["day_of_year"]
        out["year"] = df["year"]
        out["week_end"] = (out["wd"] >= 5).astype(int)
        out["month_end"] = (pd.to_datetime(df["date"]).dt.is_month_end).astype(int)
        return out


class LastYearBuilder:
    """Births around the same date one year earlier (only available where history exists)."""

    def __init__(self, lag, windows):
        self.lag, self.windows = lag, windows

    def transform(self, df):
        s = df.set_index("date")["births"].asfreq("D")
        out = pd.DataFrame(index=s.index)
        lagged = s.shift(self.lag)
        out["ly_births"] = lagged
        for w in self.windows:
            out[f"ly_roll{w}"] = lagged.rolling(w, center=True, min_periods=1).mean()
        out["ly_ratio"] = out["ly_births"] / out[f"ly_roll{self.windows[-1]}"]
        return out.reindex(df["date"]).set_index(df.index)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input-dir", default=Settings.input_dir)
    ap.add_argument("--output-dir", default=Settings.output_dir)
    ap.add_argument("--holdout-years", type=int, default=Settings.holdout_years)
    ap.add_argument("--n-estimators", type=int, default=Settings.n_estimators)
    args = ap.parse_args()
    st = Settings(input_dir=args.input_dir, output_dir=args.output_dir,
                  holdout_years=args.holdout_years, n_estimators=args.n_estimators)
    np.random.seed(st.seed)

    inp = Path(st.input_dir)
    train = pd.read_csv(inp / "train.csv", parse_dates=["date"]).sort_values("date").reset_index(drop=True)
    test = pd.read_csv(inp / "test.csv", parse_dates=["date"]).sort_values("date").reset_index(drop=True)
    y = train["births"].to_numpy(dtype=float)

    full = pd.concat([train, test], ignore_index=True)
    feats = pd.concat([CalendarBuilder().transform(full),
                       LastYearBuilder(st.lag_days, st.roll_windows).transform(full)], axis=1)
    ntr = len(train)
    X_train = feats.iloc[:ntr].dropna()
    # test years beyond the first have no observed last-year births: fall back to the seasonal profile
    X_test = feats.iloc[ntr:].copy()
    prof = X_train.groupby(["doy", "wd"])["ly_births"].mean()
    fill = pd.Series(prof.reindex(pd.MultiIndex.from_frame(X_test[["doy", "wd"]])).to_numpy(), index=X_test.index)
    for c in X_test.columns:
        if c.startswith("ly_") and c != "ly_ratio":
            X_test[c] = X_test[c].fillna(fill)
    X_test["ly_ratio"] = X_test["ly_ratio"].fillna(1.0)
    X_test = X_test.fillna(X_train.median())

    yrs = X_train["year"].to_numpy()
    val_from = yrs.max() - st.holdout_years + 1
    fit_m, val_m = yrs < val_from, yrs >= val_from

    gbr = GradientBoostingRegressor(loss="absolute_error", n_estimators=st.n_estimators,
                                    max_depth=st.max_depth, learning_rate=st.learning_rate,
                                    subsample=0.8, random_state=st.seed)
    gbr.fit(X_train[fit_m], y[fit_m])
    val_pred = gbr.predict(X_train[val_m])
    mae = mean_absolute_error(y[val_m], val_pred)
    print(f"Holdout MAE ({val_from}-{yrs.max()}): {mae:.2f}")

    gbr.fit(X_train, y)
    pred = gbr.predict(X_test)
    out = Path(st.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], "births": pred})
    sub.to_csv(out / "submission.csv", index=False)
    (out / "run.json").write_text(json.dumps({"holdout_mae": mae, "settings": asdict(st),
                                             "importances": dict(zip(X_train.columns, gbr.feature_importances_.round(4).tolist()))},
                                            indent=2, default=str))


if __name__ == "__main__":
    main()
