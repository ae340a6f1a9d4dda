import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score, classification_report

train = pd.read_csv("input/train.csv", parse_dates=["date"]).assign(part="train")
test = pd.read_csv("input/test.csv", parse_dates=["date"]).assign(part="test")
print("train", train.shape, "test", test.shape)


def seasonal(df):
    return df.assign(
        doy=lambda d: d.date.dt.day_of_year,
        doy_sin=lambda d: np.sin(2 * np.pi * d.doy / 365.25),
        doy_cos=lambda d: np.cos(2 * np.pi * d.doy / 365.25),
        month=lambda d: d.date.dt.month,
    )


def derived(df):
    return df.assign(
        temp_range=lambda d: d.temp_max - d.temp_min,
        temp_mean=lambda d: (d.temp_max + d.temp_min) / 2,
        wet=lambda d: (d.precipitation > 0).astype(int),
        log_precip=lambda d: np.log1p(d.precipitation),
    )


def neighbours(df, cols=("precipitation", "temp_range", "wind")):
    # previous/next day values; the frame is ordered by date over train and test together
    return df.sort_values("date").assign(
        **{f"{c}_prev": (lambda d, c=c: d[c].shift(1)) for c in cols},
        **{f"{c}_next": (lambda d, c=c: d[c].shift(-1)) for c in cols},
        precip_3d=lambda d: d.precipitation.rolling(3, center=True, min_periods=1).sum(),
    )


full = (
    pd.concat([train, test], ignore_index=True)
    .pipe(seasonal)
    .pipe(derived)
    .pipe(neighbours)
)

FEATS = [c for c in full.columns if c not in ("id", "date", "weather", "part")]
print(len(FEATS), "features")

labelled = full.query("part == 'train'").sort_values("date")
print(labelled.weather.value_counts(normalize=True).round(3).to_dict())

cut = labelled.date.quantile(0.8)
fit_rows, hold_rows = labelled.loc[lambda d: d.date < cut], labelled.loc[lambda d: d.date >= cut]

make_model = lambda: lgb.LGBMClassifier(n_estimators=250, learning_rate=0.05, num_leaves=15,
                                        min_child_samples=10, class_weight="balanced",
                                        colsample_bytree=0.8, verbose=-1, random_state=42)

hold_pred = make_model().fit(fit_rows[FEATS], fit_rows.weather).predict(hold_rows[FEATS])
print(classification_report(hold_rows.weather, hold_pred, zero_division=0))
print(f"holdout accuracy: {accuracy_score(hold_rows.weather, hold_pred):.4f}")

model = make_model().fit(labelled[FEATS], labelled.weather)

(
    full.query("part == 'test'")
    .assign(weather=lambda d: model.predict(d[FEATS]))
    .set_index("id")
    .loc[test.id, ["weather"]]
    .reset_index()
    .to_csv("submission/submission.csv", index=False)
)
print(pd.read_csv("submission/submission.csv").weather.value_counts())
