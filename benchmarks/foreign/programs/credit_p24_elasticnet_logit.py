import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score

np.random.seed(1)

cr = pd.read_csv("input/train.csv")
te = pd.read_csv("input/test.csv")
print("dims:", cr.shape, te.shape)

# missingness table
miss = pd.DataFrame({"n_miss": cr.isna().sum(), "pct": (100 * cr.isna().mean()).round(2)})
print(miss.query("n_miss > 0"))

print("\nbad rate by Job and Records")
print(cr.groupby(["Job", "Records"]).agg(n=("Status", "size"), bad=("Status", "mean")).round(3))

# group-wise median income by job, computed on training data only
inc_by_job = cr.groupby("Job")["Income"].median()
inc_all = cr["Income"].median()


def prep(df):
    d = df.copy()
    for v in ["Home", "Marital", "Job"]:
        d[v] = d[v].fillna("unknown")
    d["income_missing"] = d["Income"].isna().astype(int)
    d["Income"] = d["Income"].fillna(d["Job"].map(inc_by_job)).fillna(inc_all)
    d["Assets"] = d["Assets"].fillna(0)
    d["Debt"] = d["Debt"].fillna(0)
    X = pd.DataFrame(index=d.index)
    X["seniority"] = np.log1p(d["Seniority"])
    X["time"] = d["Time"] / 12
    X["age"] = d["Age"]
    X["records"] = (d["Records"] == "yes").astype(int)
    X["expenses"] = d["Expenses"]
    X["log_income"] = np.log(d["Income"])
    X["log_assets"] = np.log1p(d["Assets"])
    X["log_debt"] = np.log1p(d["Debt"])
    X["log_amount"] = np.log(d["Amount"])
    X["loan_to_price"] = d["Amount"] / d["Price"]
    X["income_missing"] = d["income_missing"]
    home = pd.Categorical(d["Home"], categories=["owner", "rent", "parents", "priv", "other", "ignore", "unknown"])
    job = pd.Categorical(d["Job"], categories=["fixed", "freelance", "partime", "others", "unknown"])
    mar = pd.Categorical(d["Marital"], categories=["married", "single", "separated", "divorced", "widow", "unknown"])
    dummies = pd.get_dummies(pd.DataFrame({"home": home, "job": job, "marital": mar}, index=d.index),
                             drop_first=True, dtype=float)
    return X.join(dummies)


X = prep(cr)
Xt = prep(te)
y = cr["Status"].values
num_cols = ["seniority", "time", "age", "expenses", "log_income", "log_assets", "log_debt",
            "log_amount", "loan_to_price"]
m_, s_ = X[num_cols].mean(), X[num_cols].std()
X[num_cols] = (X[num_cols] - m_) / s_
Xt[num_cols] = (Xt[num_cols] - m_) / s_
print("\nX:", X.shape, " any NA left:", X.isna().any().any(), Xt.isna().any().any())

skf = StratifiedKFold(5, shuffle=True, random_state=11)
grid = [0.03, 0.1, 0.3, 1.0]
cv = []
for C in grid:
    ll, auc = [], []
    for tr, va in skf.split(X, y):
        m = LogisticRegression(penalty="elasticnet", l1_ratio=0.5, C=C, solver="saga", max_iter=3000)
        m.fit(X.iloc[tr], y[tr])
        p = m.predict_proba(X.iloc[va])[:, 1]
        ll.append(log_loss(y[va], p))
        auc.append(roc_auc_score(y[va], p))
    cv.append({"C": C, "logloss": np.mean(ll), "sd": np.std(ll, ddof=1), "auc": np.mean(auc)})
cv = pd.DataFrame(cv)
print("\nelastic net (alpha=0.5) CV results")
print(cv.round(4).to_string(index=False))
best_C = cv.loc[cv["logloss"].idxmin(), "C"]
print(f"best C = {best_C}, CV logloss = {cv['logloss'].min():.4f}")

fit = LogisticRegression(penalty="elasticnet", l1_ratio=0.5, C=best_C, solver="saga", max_iter=3000).fit(X, y)
tab = pd.DataFrame({"coef": fit.coef_.ravel(), "OR": np.exp(fit.coef_.ravel())}, index=X.columns)
tab = tab.reindex(tab["coef"].abs().sort_values(ascending=False).index)
print("\ncoefficients, sorted by |beta|")
print(tab.round(3))
print("zeroed out:", int((tab["coef"] == 0).sum()))

# calibration check: mean predicted vs observed by decile
ph = fit.predict_proba(X)[:, 1]
cal = (pd.DataFrame({"p": ph, "y": y})
       .assign(decile=lambda d: pd.qcut(d["p"], 10, labels=False) + 1)
       .groupby("decile").agg(mean_p=("p", "mean"), obs=("y", "mean")))
print(cal.round(3))

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "Status": fit.predict_proba(Xt)[:, 1]}).to_csv("submission/submission.csv", index=False)
print("submission written")
