"""Daily births: periodic splines + weekday/holiday interactions, Ridge tuned by GridSearchCV on time splits."""
import argparse
import json
from dataclasses import dataclass, asdict
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error, mean_squared_error
from sklearn.model_selection import GridSearchCV, TimeSeriesSplit
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler


@dataclass
class Config:
    input_dir: str = "input"
    output_dir: str = "submission"
    n_splits: int = 4
    holdout_year: int = 1984
    n_knots_grid: tuple = (8, 12, 16)
    alpha_grid: tuple = (0.1, 1.0, 10.0)


class DateFeatures:
    def transform(self, df):
        d = pd.to_datetime(df["date"])
        out = pd.DataFrame(index=df.index)
        out["t"] = (d - pd.Timestamp("1969-01-01")).dt.days / 365.25
        out["doy"] = d.dt.day_of_year
        out["wday"] = df["wday"]
        out["month"] = df["month"].astype(str)
        md = d.dt.strftime("%m-%d")
        out["fixed_hol"] = md.isin(["01-01", "07-04", "12-25", "12-24", "12-31"]).astype(int)
        out["thanksgiving"] = ((d.dt.month == 11) & (d.dt.day_of_week == 3) & (d.dt.day.between(22, 28))).astype(int)
        out["labor"] = ((d.dt.month == 9) & (d.dt.day_of_week == 0) & (d.dt.day <= 7)).astype(int)
        out["memorial"] = ((d.dt.month == 5) & (d.dt.day_of_week == 0) & (d.dt.day >= 25)).astype(int)
        out["d13"] = (d.dt.day == 13).astype(int)
        return out


def make_pipeline():
    pre = ColumnTransformer([
        ("season", SplineTransformer(n_knots=12, degree=3, extrapolation="periodic"), ["doy"]),
        ("cats", OneHotEncoder(handle_unknown="ignore"), ["wday", "month"]),
        ("trend", StandardScaler(), ["t"]),
        ("flags", "passthrough", ["fixed_hol", "thanksgiving", "labor", "memorial", "d13"]),
    ])
    return Pipeline([("pre", pre), ("ridge", Ridge(alpha=1.0))])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input-dir", default=Config.input_dir)
    ap.add_argument("--output-dir", default=Config.output_dir)
    ap.add_argument("--holdout-year", type=int, default=Config.holdout_year)
    a = ap.parse_args()
    cfg = Config(input_dir=a.input_dir, output_dir=a.output_dir, holdout_year=a.holdout_year)

    root = Path(cfg.input_dir)
    train = pd.read_csv(root / "train.csv").sort_values("date").reset_index(drop=True)
    test = pd.read_csv(root / "test.csv")
    fb = DateFeatures()
    X, Xte = fb.transform(train), fb.transform(test)
    y = train["births"].to_numpy(float)

    grid = {"pre__season__n_knots": list(cfg.n_knots_grid), "ridge__alpha": list(cfg.alpha_grid)}
    gs = GridSearchCV(make_pipeline(), grid, cv=TimeSeriesSplit(n_splits=cfg.n_splits),
                      scoring="neg_mean_absolute_error", n_jobs=1, refit=False)
    fit_m = (train["year"] < cfg.holdout_year).to_numpy()
    gs.fit(X[fit_m], y[fit_m])
    print(f"best params {gs.best_params_}  CV MAE {-gs.best_score_:.1f}")
    res = pd.DataFrame(gs.cv_results_)[["params", "mean_test_score", "std_test_score"]]
    print(res.sort_values("mean_test_score", ascending=False).head(5).to_string(index=False))

    model = make_pipeline().set_params(**gs.best_params_)
    model.fit(X[fit_m], y[fit_m])
    hp = model.predict(X[~fit_m])
    mae = mean_absolute_error(y[~fit_m], hp)
    rmse = mean_squared_error(y[~fit_m], hp, squared=False)
    print(f"Holdout {cfg.holdout_year}: MAE {mae:.1f}  RMSE {rmse:.1f}")

    model.fit(X, y)
    pred = model.predict(Xte)
    out = Path(cfg.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], "births": pred}).to_csv(out / "submission.csv", index=False)
    json.dump({"best_params": gs.best_params_, "cv_mae": -gs.best_score_, "holdout_mae": mae,
               "holdout_rmse": rmse, "config": asdict(cfg)}, open(out / "results.json", "w"), indent=2)


if __name__ == "__main__":
    main()
