# diamonds: log(price) ~ log(carat) + cut + color + clarity + ...
# compare a log-log ridge, a boosted model and a plain OLS on the price scale

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import KFold
from sklearn.linear_model import Ridge, LinearRegression
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import mean_squared_log_error

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

print(train.shape, test.shape)
print(train.describe().round(3).to_string())
print()

# ordered factors -- R would have these as ordered(), keep the order explicit
cut_lv = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
col_lv = ["J", "I", "H", "G", "F", "E", "D"]
cla_lv = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]

for v, lv in [("cut", cut_lv), ("color", col_lv), ("clarity", cla_lv)]:
    tab = (
        train.groupby(v)["price"]
        .agg(["size", "median", "mean"])
        .reindex(lv)
        .round(0)
    )
    print(tab.to_string())
    print()

# zero dimensions are recording errors; impute from carat instead of dropping rows
def prep(d):
    return (
        d
        .assign(
            x=lambda t: t.x.where(t.x > 0),
            y=lambda t: t.y.where((t.y > 0) & (t.y < 20)),
            z=lambda t: t.z.where((t.z > 0) & (t.z < 15)),
        )
        .assign(
            x=lambda t: t.x.fillna(6.45 * t.carat ** (1 / 3)),
            y=lambda t: t.y.fillna(t.x),
            z=lambda t: t.z.fillna(0.618 * t.x),
            log_carat=lambda t: np.log(t.carat),
            log_vol=lambda t: np.log(t.x * t.y * t.z),
            cut_n=lambda t: t.cut.map({k: i for i, k in enumerate(cut_lv)}),
            color_n=lambda t: t.color.map({k: i for i, k in enumerate(col_lv)}),
            clarity_n=lambda t: t.clarity.map({k: i for i, k in enumerate(cla_lv)}),
        )
    )

tr = prep(train)
te = prep(test)

dummies = lambda d: pd.get_dummies(d[["cut", "color", "clarity"]], drop_first=True, dtype=float)

lin_cols = ["log_carat", "log_vol", "depth", "table"]
X_lin = pd.concat([tr[lin_cols], dummies(tr)], axis=1)
X_lin_te = pd.concat([te[lin_cols], dummies(te)], axis=1).reindex(columns=X_lin.columns, fill_value=0.0)

tree_cols = ["carat", "depth", "table", "x", "y", "z", "cut_n", "color_n", "clarity_n"]
X_tree = tr[tree_cols]
X_tree_te = te[tree_cols]

y = tr["price"].values
log_y = np.log(y)

def fit_loglog(Xa, ya, Xb):
    sc = StandardScaler().fit(Xa)
    m = Ridge(alpha=1.0).fit(sc.transform(Xa), np.log(ya))
    return np.exp(m.predict(sc.transform(Xb)))

def fit_hgb(Xa, ya, Xb):
    m = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.08,
                                      max_leaf_nodes=31, random_state=7)
    m.fit(Xa, np.log(ya))
    return np.exp(m.predict(Xb))

def fit_ols_raw(Xa, ya, Xb):
    m = LinearRegression().fit(Xa, ya)
    return m.predict(Xb)

specs = [
    ("log-log ridge", fit_loglog, X_lin),
    ("hgb on log price", fit_hgb, X_tree),
    ("OLS on price", fit_ols_raw, X_lin),
]

kf = KFold(n_splits=5, shuffle=True, random_state=13)
results = []
for name, fitter, X in specs:
    print(f"--- {name}")
    scores = []
    for k, (a, b) in enumerate(kf.split(X), start=1):
        pred = fitter(X.iloc[a], y[a], X.iloc[b])
        s = np.sqrt(mean_squared_log_error(y[b], pred))
        scores.append(s)
        print(f"  fold {k}: rmsle = {s:.4f}")
    results.append({"model": name, "rmsle": np.mean(scores), "sd": np.std(scores, ddof=1)})
    print(f"  mean rmsle = {np.mean(scores):.4f}")

res = pd.DataFrame(results).sort_values("rmsle")
print()
print(res.to_string(index=False, float_format="%.4f"))

best = res.iloc[0]["model"]
print(f"\nCV RMSLE of {best}: {res.iloc[0]['rmsle']:.4f}")

fitters = {n: (f, X) for n, f, X in specs}
f_best, X_best = fitters[best]
X_best_te = X_lin_te if X_best is X_lin else X_tree_te
pred_te = f_best(X_best, y, X_best_te)

# residuals vs fitted on log scale for the log-log model (full-data fit)
fit_all = fit_loglog(X_lin, y, X_lin)
fig, ax = plt.subplots(figsize=(6, 4))
ax.scatter(np.log(fit_all), log_y - np.log(fit_all), s=3, alpha=0.3)
ax.axhline(0, color="red", lw=1)
ax.set_xlabel("fitted log(price)")
ax.set_ylabel("residual")
fig.tight_layout()
fig.savefig("diamonds_resid.png", dpi=90)
plt.close(fig)

sub = pd.DataFrame({"id": test["id"], "price": pred_te})
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().round(1).to_string())
