# school-math: pupil level + school level covariates, ridge regression
# (in R I would do aggregate() per school and merge() it back)
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")

# School is an identifier -> treat it as a factor, not as a number
tr["School"] = tr["School"].astype(str)

print("str(tr):")
for c in tr.columns:
    print("  $ %-9s: %-8s %s ..." % (c, tr[c].dtype, list(tr[c].values[:4])))
print("number of schools in train:", tr["School"].nunique(), " in test:", te["School"].nunique())

# per school table, like aggregate(cbind(...) ~ School, data, FUN)
def school_table(d):
    rows = []
    for s in np.unique(d["School"].values):
        sub = d[d["School"] == s]
        rows.append({
            "School": s,
            "n_pupils": len(sub),
            "pct_minority": np.mean(sub["Minority"].values == "Yes"),
            "pct_male": np.mean(sub["Sex"].values == "Male"),
            "sd_ses": np.std(sub["SES"].values),
        })
    tab = pd.DataFrame(rows)
    tab["School"] = tab["School"].astype(str)   # keep it a factor, same as in train
    return tab


def add_school_level(d):
    tab = school_table(d)
    return d.merge(tab, on="School", how="left")


def make_X(d):
    X = np.column_stack([
        d["Minority"].apply(lambda v: 1 if v == "Yes" else 0).values,
        d["Sex"].apply(lambda v: 1 if v == "Male" else 0).values,
        d["SES"].values,
        d["MEANSES"].values,
        d["SES"].values - d["MEANSES"].values,
        d["n_pupils"].values,
        d["pct_minority"].values,
        d["pct_male"].values,
        d["sd_ses"].values,
    ]).astype(float)
    return X


tr = add_school_level(tr)
print(tr.head())

# hold out 25 whole schools for validation
np.random.seed(7)
sch = tr["School"].unique()
val_sch = sch[np.random.permutation(len(sch))[:25]]
mask = tr["School"].isin(val_sch).values

X = make_X(tr)
y = tr["MathAch"].values
mu = X[~mask].mean(axis=0)
sdv = X[~mask].std(axis=0)

fit = Ridge(alpha=10.0)
fit.fit((X[~mask] - mu) / sdv, y[~mask])
p = fit.predict((X[mask] - mu) / sdv)
print("Validation RMSE: %.4f" % np.sqrt(np.mean((y[mask] - p) ** 2)))

# final model on all training rows
mu = X.mean(axis=0)
sdv = X.std(axis=0)
fit = Ridge(alpha=10.0).fit((X - mu) / sdv, y)

te = add_school_level(te)
Xte = make_X(te)
pred = fit.predict((Xte - mu) / sdv)
pd.DataFrame({"id": te["id"].values, "MathAch": pred}).to_csv("./submission/submission.csv", index=False)
print("done")
