import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix

np.random.seed(99)

wx = pd.read_csv("input/train.csv", parse_dates=["date"])
wx_new = pd.read_csv("input/test.csv", parse_dates=["date"])
wx = wx.sort_values("date").reset_index(drop=True)
print("train:", wx["date"].min().date(), "to", wx["date"].max().date(), "n =", len(wx))
print("test: ", wx_new["date"].min().date(), "to", wx_new["date"].max().date(), "n =", len(wx_new))

print("\nclass frequencies")
print(wx["weather"].value_counts(normalize=True).round(3).to_string())

print("\nmeans by weather type")
print(wx.groupby("weather")[["precipitation", "temp_max", "temp_min", "wind"]].mean().round(2))

# does the labelling change over time? share of each class per year
print("\nclass share by year")
print(pd.crosstab(wx["date"].dt.year, wx["weather"], normalize="index").round(2))


def feats(df):
    doy = df["date"].dt.dayofyear
    X = pd.DataFrame({
        "log_precip": np.log1p(df["precipitation"]),
        "any_precip": (df["precipitation"] > 0).astype(int),
        "temp_max": df["temp_max"],
        "temp_range": df["temp_max"] - df["temp_min"],
        "wind": df["wind"],
        "sin_doy": np.sin(2 * np.pi * doy / 365.25),
        "cos_doy": np.cos(2 * np.pi * doy / 365.25),
        "year": df["date"].dt.year - 2012,
    })
    X["freezing_x_precip"] = (df["temp_min"] <= 0).astype(int) * X["log_precip"]
    return X


X = feats(wx)
y = wx["weather"]
X_new = feats(wx_new)
mu, sd = X.mean(), X.std()
Xs = (X - mu) / sd
Xs_new = (X_new - mu) / sd

# time-ordered holdout: last 20% of training days
cut = int(len(wx) * 0.8)
print(f"\nholdout from {wx.loc[cut, 'date'].date()} ({len(wx) - cut} days)")

res = []
for C in [0.1, 1.0, 10.0]:
    m = LogisticRegression(multi_class="multinomial", C=C, max_iter=2000)
    m.fit(Xs.iloc[:cut], y.iloc[:cut])
    acc = accuracy_score(y.iloc[cut:], m.predict(Xs.iloc[cut:]))
    res.append((C, acc))
    print(f"C = {C:<5}  holdout accuracy = {acc:.4f}")

best_C = max(res, key=lambda r: r[1])[0]
m = LogisticRegression(multi_class="multinomial", C=best_C, max_iter=2000).fit(Xs.iloc[:cut], y.iloc[:cut])
cm = pd.DataFrame(confusion_matrix(y.iloc[cut:], m.predict(Xs.iloc[cut:]), labels=m.classes_),
                  index=m.classes_, columns=m.classes_)
print("\nconfusion matrix (rows = observed)")
print(cm)

final = LogisticRegression(multi_class="multinomial", C=best_C, max_iter=2000).fit(Xs, y)
coef = pd.DataFrame(final.coef_, index=final.classes_, columns=X.columns)
print("\ncoefficients (standardised predictors)")
print(coef.round(2).T)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": wx_new["id"], "weather": final.predict(Xs_new)}).to_csv("submission/submission.csv", index=False)
print("predicted class mix:", pd.Series(final.predict(Xs_new)).value_counts().to_dict())
