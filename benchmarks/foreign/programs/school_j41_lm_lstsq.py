# Math achievement -- ordinary least squares "by hand", like lm() in R
# MathAch ~ Minority + Sex + SES + MEANSES + SES:MEANSES + I(SES^2)
import numpy as np
import pandas as pd

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def summary(df):
    # poor man's version of R's summary()
    rows = []
    for col in df.columns:
        x = df[col]
        if x.dtype.kind in "if":
            q = np.nanpercentile(x.values, [0, 25, 50, 75, 100])
            rows.append([col, "Min.:%.3f" % q[0], "1st Qu.:%.3f" % q[1], "Median:%.3f" % q[2],
                         "Mean:%.3f" % np.nanmean(x.values), "3rd Qu.:%.3f" % q[3], "Max.:%.3f" % q[4]])
        else:
            tab = x.value_counts()
            cells = []
            for lev in tab.index:
                cells.append("%s:%d" % (lev, tab[lev]))
            rows.append([col] + cells + [""] * (6 - len(cells)))
    out = pd.DataFrame(rows, columns=["var", "1", "2", "3", "4", "5", "6"])
    print(out.to_string(index=False))


print("dim(train):", train.shape, " dim(test):", test.shape)
summary(train.drop(columns=["id"]))


def design_matrix(df):
    X = pd.DataFrame({"(Intercept)": np.ones(len(df))})
    X["MinorityYes"] = df["Minority"].apply(lambda v: 1.0 if v == "Yes" else 0.0).values
    X["SexMale"] = df["Sex"].apply(lambda v: 1.0 if v == "Male" else 0.0).values
    X["SES"] = df["SES"].values
    X["MEANSES"] = df["MEANSES"].values
    X["SES:MEANSES"] = df["SES"].values * df["MEANSES"].values
    X["I(SES^2)"] = df["SES"].values ** 2
    # pupil SES relative to own school
    X["SES_centered"] = df["SES"].values - df["MEANSES"].values
    return X


def lm_fit(X, y):
    beta, res, rank, sv = np.linalg.lstsq(X, y, rcond=None)
    return beta


# validation split by whole schools (test schools are new schools)
np.random.seed(2024)
schools = np.unique(train["School"].values)
val_schools = np.random.choice(schools, size=int(round(0.2 * len(schools))), replace=False)
is_val = np.isin(train["School"].values, val_schools)

Xall = design_matrix(train)
yall = train["MathAch"].values
Xtr, ytr = Xall.values[~is_val], yall[~is_val]
Xva, yva = Xall.values[is_val], yall[is_val]
print("train rows:", Xtr.shape[0], " validation rows:", Xva.shape[0], " val schools:", len(val_schools))

beta = lm_fit(Xtr, ytr)
print("\nCoefficients:")
for i in range(len(beta)):
    print("  %-14s %8.4f" % (Xall.columns[i], beta[i]))

pred_va = Xva @ beta
rmse = np.sqrt(np.mean((yva - pred_va) ** 2))
print("\nValidation RMSE: %.4f" % rmse)

# refit on everything, predict test
beta_full = lm_fit(Xall.values, yall)
Xte = design_matrix(test).values
pred_te = Xte @ beta_full

sub = pd.DataFrame({"id": test["id"].values, "MathAch": pred_te})
sub.to_csv("./submission/submission.csv", index=False)
print("wrote", sub.shape[0], "rows; mean prediction %.3f" % sub["MathAch"].mean())
