import os
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.model_selection import train_test_split

np.random.seed(123)

diam = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(diam.shape, test.shape)
print(diam.describe().T[["mean", "std", "min", "max"]].round(2))

# ordered factors, worst -> best, as in ggplot2::diamonds
cut_lv = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
col_lv = ["J", "I", "H", "G", "F", "E", "D"]
cla_lv = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]

print("\nmedian price and carat by cut")
print(diam.assign(cut=pd.Categorical(diam["cut"], categories=cut_lv, ordered=True))
          .groupby("cut", observed=True)
          .agg(n=("price", "size"), med_price=("price", "median"), med_carat=("carat", "median")))


def build_X(df):
    d = df.assign(
        cut=pd.Categorical(df["cut"], categories=cut_lv),
        color=pd.Categorical(df["color"], categories=col_lv),
        clarity=pd.Categorical(df["clarity"], categories=cla_lv),
        lcarat=np.log(df["carat"]),
        lvol=np.log(df["x"] * df["y"] * df["z"]),
        depth_c=df["depth"] - 61.8,
        table_c=df["table"] - 57,
    )
    X = pd.get_dummies(d[["cut", "color", "clarity"]], drop_first=True, dtype=float)
    X["lcarat"] = d["lcarat"]
    X["lcarat2"] = d["lcarat"] ** 2
    X["lvol"] = d["lvol"]
    X["depth_c"] = d["depth_c"]
    X["table_c"] = d["table_c"]
    return X


X = build_X(diam)
y = np.log(diam["price"])
X_test = build_X(test)
print("\nX:", X.shape, "X_test:", X_test.shape)

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=1)

print("\nalpha   rmse(log)")
best = (None, np.inf)
for a in [0.01, 0.1, 1, 10]:
    fit = Ridge(alpha=a).fit(X_tr, y_tr)
    r = np.sqrt(np.mean((fit.predict(X_va) - y_va) ** 2))
    print(f"{a:<7} {r:.5f}")
    if r < best[1]:
        best = (a, r)
print("best alpha:", best[0], " validation RMSLE ~", round(best[1], 5))

final = Ridge(alpha=best[0]).fit(X, y)
res = y - final.predict(X)
print("\nresiduals on log scale")
print(pd.Series(res).describe().round(4))
print("residual mean by cut:")
print(res.groupby(diam["cut"]).mean().round(4))

coef = pd.Series(final.coef_, index=X.columns)
print("\ncoefficients (log price)")
print(coef.round(4).to_string())

pred = np.exp(final.predict(X_test))
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "price": pred}).to_csv("submission/submission.csv", index=False)
print("done, predicted price range", pred.min().round(1), pred.max().round(1))
