"""
MathAch ~ student covariates + school-level context (contextual-effects model).
Test schools never appear in train, so school random effects are useless for
prediction; instead use school composition computed from all students of the
school (train and test rows both, covariates only).  Grouped K-fold by School.
"""
import numpy as np
import pandas as pd
from scipy import stats

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train schools:", train["School"].nunique(), " test schools:", test["School"].nunique(),
      " overlap:", len(set(train["School"]) & set(test["School"])))

full = pd.concat([train.assign(is_train=1), test.assign(is_train=0)], ignore_index=True)
full["minority"] = (full["Minority"] == "Yes").astype(float)
full["male"] = (full["Sex"] == "Male").astype(float)

# school composition
sch = (full.groupby("School")[["SES", "minority", "male"]]
           .mean()
           .reset_index()
           .rename(columns={"minority": "pct_minority", "male": "pct_male"}))
sch["school_size"] = full.groupby("School").size().to_numpy()
sch["ses_sd"] = full.groupby("School")["SES"].std().to_numpy()
full = full.merge(sch, on="School", how="left")

full["ses_within"] = full["SES"] - full["MEANSES"]
full["ses_x_meanses"] = full["ses_within"] * full["MEANSES"]
full["min_x_ses"] = full["minority"] * full["SES"]

cols = ["ses_within", "MEANSES", "minority", "male", "ses_x_meanses", "min_x_ses",
        "pct_minority", "pct_male", "school_size", "ses_sd"]
X = full[cols].to_numpy(float)
X = np.column_stack([np.ones(len(X)), X])
is_tr = full["is_train"].to_numpy() == 1
y = full.loc[is_tr, "MathAch"].to_numpy(float)
g = full.loc[is_tr, "School"].to_numpy()
Xtr, Xte = X[is_tr], X[~is_tr]

# grouped folds: assign whole schools to folds
rng = np.random.default_rng(99)
schools = rng.permutation(np.unique(g))
fold_of = {s: i % 5 for i, s in enumerate(schools)}
fold = np.array([fold_of[s] for s in g])

oof = np.zeros_like(y)
print(f"{'fold':>4} {'schools':>7} {'n':>5} {'rmse':>7}")
for k in range(5):
    va = fold == k
    beta = np.linalg.lstsq(Xtr[~va], y[~va], rcond=None)[0]
    oof[va] = Xtr[va] @ beta
    print(f"{k:>4} {len(np.unique(g[va])):>7} {va.sum():>5} {np.sqrt(np.mean((oof[va] - y[va])**2)):>7.3f}")
print(f"Grouped CV RMSE: {np.sqrt(np.mean((oof - y) ** 2)):.4f}")

beta, *_ = np.linalg.lstsq(Xtr, y, rcond=None)
resid = y - Xtr @ beta
sigma2 = resid @ resid / (len(y) - Xtr.shape[1])
se = np.sqrt(np.diag(sigma2 * np.linalg.inv(Xtr.T @ Xtr)))
tval = beta / se
print(f"\n{'term':>14} {'coef':>8} {'se':>7} {'t':>7} {'p':>8}")
for name, b, s, t in zip(["(intercept)"] + cols, beta, se, tval):
    print(f"{name:>14} {b:>8.3f} {s:>7.3f} {t:>7.2f} {2 * stats.t.sf(abs(t), len(y) - len(beta)):>8.4f}")

sub = pd.DataFrame({"id": full.loc[~is_tr, "id"].to_numpy(), "MathAch": Xte @ beta})
sub.to_csv("submission/submission.csv", index=False)
