import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error
from sklearn.model_selection import TimeSeriesSplit
from sklearn.preprocessing import OneHotEncoder


def fourier_terms(dates, period=365.25, order=4):
    t = dates.dt.dayofyear.to_numpy()
    cols = {}
    for k in range(1, order + 1):
        cols[f"sin{k}"] = np.sin(2 * np.pi * k * t / period)
        cols[f"cos{k}"] = np.cos(2 * np.pi * k * t / period)
    return pd.DataFrame(cols, index=dates.index)


def design(df, enc):
    dates = pd.to_datetime(df["date"])
    trend = ((dates - pd.Timestamp("1969-01-01")).dt.days / 3650.0).to_frame("trend")
    dummies = pd.DataFrame(enc.transform(df[["wday"]]), index=df.index)
    return np.hstack([trend, trend**2, fourier_terms(dates), dummies])


train = pd.read_csv("./input/train.csv").sort_values("date").reset_index(drop=True)
test = pd.read_csv("./input/test.csv")
enc = OneHotEncoder(sparse_output=False).fit(train[["wday"]])
X, X_test = design(train, enc), design(test, enc)
y = train["births"].to_numpy()

maes = []
for tr, va in TimeSeriesSplit(n_splits=5, test_size=365).split(X):
    ridge = Ridge(alpha=0.1).fit(X[tr], y[tr])
    maes.append(mean_absolute_error(y[va], ridge.predict(X[va])))
print("TimeSeriesSplit MAE per split:", [round(m, 1) for m in maes])
print(f"mean MAE: {np.mean(maes):.2f}")
ridge = Ridge(alpha=0.1).fit(X, y)
pd.DataFrame({"id": test["id"], "births": ridge.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
