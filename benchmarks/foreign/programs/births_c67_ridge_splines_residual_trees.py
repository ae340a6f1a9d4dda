"""Births: log-linear ridge (periodic splines, weekday x era, holidays, trend)
followed by an ExtraTrees fit on the ridge residuals. Saves a diagnostic plot
and the fitted models."""
from pathlib import Path

import joblib
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import ExtraTreesRegressor
from sklearn.linear_model import Ridge
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler

IN = Path("input")
OUT = Path("submission")
ART = Path("artifacts")
for p in (OUT, ART):
    p.mkdir(parents=True, exist_ok=True)


def holiday_flags(d: pd.Series) -> pd.DataFrame:
    m, day, dow = d.dt.month, d.dt.day, d.dt.day_of_week
    f = pd.DataFrame(index=d.index)
    f["h_newyear"] = ((m == 1) & (day == 1)).astype(int)
    f["h_newyear2"] = ((m == 1) & (day == 2)).astype(int)
    f["h_july4"] = ((m == 7) & (day == 4)).astype(int)
    f["h_xmas"] = ((m == 12) & (day == 25)).astype(int)
    f["h_xmas_win"] = ((m == 12) & day.isin([24, 26, 27, 31])).astype(int)
    f["h_thanks"] = ((m == 11) & (dow == 3) & day.between(22, 28)).astype(int)
    f["h_thanks_fri"] = ((m == 11) & (dow == 4) & day.between(23, 29)).astype(int)
    f["h_labor"] = ((m == 9) & (dow == 0) & (day <= 7)).astype(int)
    f["h_memorial"] = ((m == 5) & (dow == 0) & (day >= 25)).astype(int)
    f["h_13th"] = (day == 13).astype(int)
    return f


def prepare(df: pd.DataFrame) -> pd.DataFrame:
    d = pd.to_datetime(df["date"])
    X = pd.DataFrame({
        "wday": df["wday"],
        "era": np.where(df["year"] < 1977, "early", "late"),
        "doy": df["day_of_year"].astype(float),
        "t": (d - pd.Timestamp("1969-01-01")).dt.days / 365.25,
    }, index=df.index)
    X["wday_era"] = X["wday"] + "_" + X["era"]
    return pd.concat([X, holiday_flags(d)], axis=1)


def ridge_model(hol_cols):
    pre = ColumnTransformer([
        ("wd", OneHotEncoder(handle_unknown="ignore"), ["wday", "wday_era"]),
        ("season", SplineTransformer(n_knots=13, degree=3, extrapolation="periodic"), ["doy"]),
        ("trend", StandardScaler(), ["t"]),
        ("hol", "passthrough", hol_cols),
    ])
    return Pipeline([("pre", pre), ("ridge", Ridge(alpha=1.0))])


def fit_predict(tr: pd.DataFrame, te: pd.DataFrame, y_log: np.ndarray, recent_from: float):
    Xtr, Xte = prepare(tr), prepare(te)
    hol_cols = [c for c in Xtr.columns if c.startswith("h_")]
    # only the recent years for the linear part, so the trend reflects the current slope
    mask = (Xtr["t"] >= recent_from).to_numpy()
    ridge = ridge_model(hol_cols).fit(Xtr[mask], y_log[mask])
    resid = y_log - ridge.predict(Xtr)
    tree_cols = ["doy"] + hol_cols
    Xtr_t = pd.concat([Xtr[tree_cols], pd.get_dummies(Xtr["wday"], dtype=int)], axis=1)
    Xte_t = pd.concat([Xte[tree_cols], pd.get_dummies(Xte["wday"], dtype=int)], axis=1)
    et = ExtraTreesRegressor(n_estimators=200, min_samples_leaf=8, max_features=0.7,
                             n_jobs=1, random_state=1).fit(Xtr_t[mask], resid[mask])
    pred_ridge = ridge.predict(Xte)
    pred = pred_ridge + et.predict(Xte_t[Xtr_t.columns])
    return np.exp(pred), np.exp(pred_ridge), ridge, et


def main():
    train = pd.read_csv(IN / "train.csv")
    test = pd.read_csv(IN / "test.csv")
    y_log = np.log(train["births"].to_numpy(float))

    hold = (train["year"] >= 1983).to_numpy()
    p_all, p_ridge, _, _ = fit_predict(train[~hold], train[hold], y_log[~hold], recent_from=8.0)
    y_hold = train.loc[hold, "births"].to_numpy()
    mae_ridge = np.mean(np.abs(p_ridge - y_hold))
    mae = np.mean(np.abs(p_all - y_hold))
    print(f"holdout 1983-84  ridge-only MAE: {mae_ridge:.1f}")
    print(f"Validation MAE: {mae:.2f}")

    order = np.argsort(train.loc[hold, "date"].to_numpy())
    fig, ax = plt.subplots(figsize=(10, 3.5))
    ax.plot(y_hold[order], lw=0.6, label="actual")
    ax.plot(p_all[order], lw=0.6, label="predicted")
    ax.legend(); ax.set_title(f"holdout 1983-84, MAE {mae:.0f}")
    fig.tight_layout(); fig.savefig(ART / "holdout.png", dpi=90); plt.close(fig)

    pred, _, ridge, et = fit_predict(train, test, y_log, recent_from=10.0)
    joblib.dump({"ridge": ridge, "trees": et}, ART / "models.joblib")
    sub = pd.DataFrame({"id": test["id"], "births": pred})
    sub.to_csv(OUT / "submission.csv", index=False)
    print(sub.describe().loc[["mean", "min", "max"]].round(1))


if __name__ == "__main__":
    main()
