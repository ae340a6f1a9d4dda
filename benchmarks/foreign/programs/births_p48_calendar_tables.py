import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
train = train.sort_values("date").reset_index(drop=True)
print(f"train {train.shape} {train.date.min().date()}..{train.date.max().date()}")
print(f"test  {test.shape} {test.date.min().date()}..{test.date.max().date()}")


def add_calendar_features(df):
    df = df.copy()
    df["dow"] = df["date"].dt.day_of_week.astype("int8")
    df["md"] = (df["month"] * 100 + df["day_of_month"]).astype("int16")
    df["week"] = df["date"].dt.isocalendar().week.astype("int8")
    df["days_to_month_end"] = (df["date"].dt.days_in_month - df["day_of_month"]).astype("int8")
    # floating US holidays
    dom, mon, dow = df["day_of_month"], df["month"], df["dow"]
    df["thanksgiving"] = ((mon == 11) & (dow == 3) & dom.between(22, 28)).astype("int8")
    df["thanksgiving_fri"] = ((mon == 11) & (dow == 4) & dom.between(23, 29)).astype("int8")
    df["labor_day"] = ((mon == 9) & (dow == 0) & (dom <= 7)).astype("int8")
    df["memorial_day"] = ((mon == 5) & (dow == 0) & (dom >= 25)).astype("int8")
    return df


def fit_year_level(df):
    yearly = df.groupby("year")["births"].mean()
    recent = yearly.loc[yearly.index >= yearly.index.max() - 7]
    lr = LinearRegression().fit(recent.index.values.reshape(-1, 1), recent.values)
    return yearly, lr


def year_level(years, yearly, lr):
    known = years.map(yearly)
    return known.fillna(pd.Series(lr.predict(years.values.reshape(-1, 1)), index=years.index))


def build_lookup_tables(df):
    """ratio-to-year-level profiles by weekday and by calendar day."""
    r = df["births"] / df["year"].map(df.groupby("year")["births"].mean())
    t = df.assign(ratio=r)
    dow_tab = t.groupby("dow")["ratio"].mean().rename("dow_ratio")
    md_tab = t.groupby("md").agg(md_ratio=("ratio", "mean"), md_n=("ratio", "size"))
    # divide out the weekday effect from the calendar-day profile
    t["ratio_wo_dow"] = t["ratio"] / t["dow"].map(dow_tab)
    md_tab["md_ratio_adj"] = t.groupby("md")["ratio_wo_dow"].mean()
    return dow_tab, md_tab


def assemble(df, dow_tab, md_tab, yearly, lr):
    out = df.merge(md_tab, left_on="md", right_index=True, how="left")
    out["dow_ratio"] = out["dow"].map(dow_tab).astype("float32")
    out["year_level"] = year_level(out["year"], yearly, lr).astype("float32")
    assert len(out) == len(df)
    return out


FEATS = ["dow", "month", "day_of_month", "day_of_year", "week", "days_to_month_end", "thanksgiving",
         "thanksgiving_fri", "labor_day", "memorial_day", "dow_ratio", "md_ratio", "md_ratio_adj"]

train = add_calendar_features(train)
test = add_calendar_features(test)


def fit_predict(hist, future):
    yearly, lr = fit_year_level(hist)
    dow_tab, md_tab = build_lookup_tables(hist)
    h = assemble(hist, dow_tab, md_tab, yearly, lr)
    f = assemble(future, dow_tab, md_tab, yearly, lr)
    # target: deviation of the day from its year level
    m = lgb.LGBMRegressor(n_estimators=400, learning_rate=0.03, num_leaves=31, min_child_samples=10,
                          objective="l1", verbose=-1, random_state=0)
    m.fit(h[FEATS], h["births"] / h["year_level"])
    return m.predict(f[FEATS]) * f["year_level"].values


# holdout: last 4 years of train, mimicking the test horizon
cut_year = train["year"].max() - 3
hist, fut = train[train["year"] < cut_year], train[train["year"] >= cut_year]
val_pred = fit_predict(hist, fut)
print(f"holdout {cut_year}-{train.year.max()}  MAE = {mean_absolute_error(fut['births'], val_pred):.1f}")
for yr, g in fut.assign(p=val_pred).groupby("year"):
    print(f"   {yr}: MAE {mean_absolute_error(g['births'], g['p']):7.1f}  bias {(g['p'] - g['births']).mean():+7.1f}")

test_pred = fit_predict(train, test)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "births": test_pred}).to_csv("submission/submission.csv", index=False)
print("submission rows:", len(test_pred), " mean", round(float(np.mean(test_pred)), 1))
