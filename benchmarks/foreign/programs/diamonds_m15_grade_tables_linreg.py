# Diamonds price - grade lookup tables + log-log linear regression
import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression
from sklearn.tree import DecisionTreeRegressor
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "| test", test.shape)
print(train.describe().round(2).T[["mean", "min", "max"]].to_string())

# grade lookup tables (rank 1 = worst), the same way I'd keep them on a separate sheet
cut_lkp = pd.DataFrame({"cut": ["Fair", "Good", "Very Good", "Premium", "Ideal"],
                        "cut_rank": [1, 2, 3, 4, 5]})
color_lkp = pd.DataFrame({"color": list("JIHGFED"), "color_rank": range(1, 8)})
clar_lkp = pd.DataFrame({"clarity": ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
                         "clarity_rank": range(1, 9)})


def enrich(df):
    d = df.copy()
    for c in ["cut", "color", "clarity"]:
        d[c] = d[c].str.strip()
    d = d.merge(cut_lkp, on="cut", how="left")
    d = d.merge(color_lkp, on="color", how="left")
    d = d.merge(clar_lkp, on="clarity", how="left")
    # a few stones have zero dimensions; use carat-based volume instead
    vol = d["x"] * d["y"] * d["z"]
    d["volume"] = np.where(vol > 0, vol, d["carat"] * 165)
    d["log_carat"] = np.log(d["carat"])
    d["log_volume"] = np.log(d["volume"])
    d["carat_band"] = pd.cut(d["carat"], bins=[0, 0.5, 1.0, 1.5, 2.0, 6.0],
                             labels=["<0.5", "0.5-1", "1-1.5", "1.5-2", "2+"])
    return d


tr = enrich(train)
te = enrich(test)
print("unmatched grades:", int(tr[["cut_rank", "color_rank", "clarity_rank"]].isna().sum().sum()),
      int(te[["cut_rank", "color_rank", "clarity_rank"]].isna().sum().sum()))

print("\nMedian price by cut x carat band:")
pv = tr.pivot_table(index="cut", columns="carat_band", values="price", aggfunc="median", observed=True)
pv = pv.reindex(cut_lkp["cut"])
print(pv.round(0).to_string())

print("\nPrice per carat by clarity:")
tr["ppc"] = tr["price"] / tr["carat"]
cl = (tr.groupby("clarity")
        .agg(stones=("price", "size"), avg_price=("price", "mean"), price_per_carat=("ppc", "median"))
        .reset_index()
        .merge(clar_lkp, on="clarity")
        .sort_values("clarity_rank"))
print(cl.round(0).to_string(index=False))

print("\nColor mix (% of stones):")
print((tr["color"].value_counts(normalize=True).sort_index() * 100).round(1).to_string())

features = ["log_carat", "log_volume", "cut_rank", "color_rank", "clarity_rank", "depth", "table"]
dummies_tr = pd.get_dummies(tr["carat_band"], prefix="cb", dtype=float)
dummies_te = pd.get_dummies(te["carat_band"], prefix="cb", dtype=float).reindex(columns=dummies_tr.columns,
                                                                                fill_value=0.0)
X = pd.concat([tr[features], dummies_tr], axis=1)
X_test = pd.concat([te[features], dummies_te], axis=1)
y = np.log1p(tr["price"])

X_a, X_b, y_a, y_b = train_test_split(X, y, test_size=0.2, random_state=11)


def rmsle(log_true, log_pred):
    return float(np.sqrt(np.mean((log_true - log_pred) ** 2)))


lin = LinearRegression().fit(X_a, y_a)
tree = DecisionTreeRegressor(max_depth=10, min_samples_leaf=10, random_state=11).fit(X_a, y_a)

results = pd.DataFrame({
    "model": ["linear (log-log)", "decision tree d10"],
    "rmsle": [rmsle(y_b, lin.predict(X_b)), rmsle(y_b, tree.predict(X_b))],
})
print("\nHoldout comparison:")
print(results.round(4).to_string(index=False))

print("\nLinear coefficients:")
print(pd.Series(lin.coef_, index=X.columns).round(4).to_string())

# blend of the two, weights picked by eye from the table above
blend_val = 0.5 * lin.predict(X_b) + 0.5 * tree.predict(X_b)
print(f"Validation RMSLE: {rmsle(y_b, blend_val):.4f}")

lin.fit(X, y)
tree.fit(X, y)
pred = np.expm1(0.5 * lin.predict(X_test) + 0.5 * tree.predict(X_test))

sub = pd.DataFrame({"id": te["id"], "price": pred.round(2)})
sub.to_csv("./submission/submission.csv", index=False)
print("wrote submission", sub.shape, "| price range", sub["price"].min(), "-", sub["price"].max())
