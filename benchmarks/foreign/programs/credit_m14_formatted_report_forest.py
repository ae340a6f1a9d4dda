# Credit risk: applicant report + random forest probability of "bad"
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.metrics import log_loss, roc_auc_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("Applicants - train:", train.shape, "test:", test.shape)
print("Bad rate: {:.2%}".format(train["Status"].mean()))

print("\nMissing values:")
na = train.isna().sum()
print(na[na > 0].to_string())

cat_cols = ["Home", "Marital", "Records", "Job"]


def prepare(df, ref):
    d = df.copy()
    for c in cat_cols:
        d[c] = d[c].fillna(ref[c].mode()[0]).str.strip().str.lower()
    # missing income -> median income of same job type (like a lookup on a job summary)
    job_income = ref.groupby("Job")["Income"].median()
    d["Income"] = d["Income"].fillna(d["Job"].map(job_income)).fillna(ref["Income"].median())
    d["Assets"] = d["Assets"].fillna(0)
    d["Debt"] = d["Debt"].fillna(0)
    d["loan_to_price"] = (d["Amount"] / d["Price"]).round(4)
    d["monthly_payment"] = d["Amount"] / d["Time"]
    d["payment_to_income"] = d["monthly_payment"] / d["Income"].replace(0, np.nan)
    d["net_worth"] = d["Assets"] - d["Debt"]
    d["free_cash"] = d["Income"] - d["Expenses"] - d["monthly_payment"]
    d["age_band"] = pd.cut(d["Age"], bins=[17, 25, 35, 45, 55, 70],
                           labels=["18-25", "26-35", "36-45", "46-55", "56+"])
    d["job_tenure"] = np.select([d["Seniority"] == 0, d["Seniority"] < 3, d["Seniority"] < 10],
                                ["none", "short", "medium"], default="long")
    return d


train = prepare(train, train)
test = prepare(test, train)

print("\nBad rate by job and home ownership:")
pt = train.pivot_table(index="Job", columns="Home", values="Status", aggfunc="mean")
print(pt.round(3).to_string())

print("\nBad rate by age band:")
ab = train.groupby("age_band", observed=True).agg(
    applicants=("Status", "size"), bad=("Status", "sum"), bad_rate=("Status", "mean"),
    avg_amount=("Amount", "mean"))
print(ab.round(3).to_string())

print("\nRecords x Status:")
print(pd.crosstab(train["Records"], train["Status"], margins=True).to_string())

# Portfolio snapshot, money formatted with thousands separators for the deck
report = train
for col in ["Amount", "Price", "Assets", "Debt"]:
    report[col] = report[col].map("{:,.0f}".format)
print("\nSample of applicants:")
print(report[["Job", "Home", "Amount", "Price", "Assets", "Debt", "Status"]].head(10).to_string(index=False))

# ---- model
num_cols = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price",
            "loan_to_price", "monthly_payment", "payment_to_income", "net_worth", "free_cash"]
dummy_cols = cat_cols + ["age_band", "job_tenure"]

full = pd.concat([train, test], keys=["train", "test"])
full = pd.get_dummies(full[num_cols + dummy_cols], columns=dummy_cols, dtype=int)
full["payment_to_income"] = full["payment_to_income"].fillna(full["payment_to_income"].median())
X = full.loc["train"]
X_test = full.loc["test"]
y = train["Status"].values

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=1)
rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=5, max_features=0.4,
                            n_jobs=1, random_state=1)
rf.fit(X_tr, y_tr)
p_va = rf.predict_proba(X_va)[:, 1]
print(f"\nValidation AUC: {roc_auc_score(y_va, p_va):.4f}")
print(f"Validation log loss: {log_loss(y_va, p_va):.4f}")

imp = pd.Series(rf.feature_importances_, index=X.columns).sort_values(ascending=False)
print("\nTop 10 drivers:")
print(imp.head(10).round(4).to_string())

rf.fit(X, y)
sub = pd.DataFrame({"id": test["id"], "Status": rf.predict_proba(X_test)[:, 1]})
sub.to_csv("./submission/submission.csv", index=False)
print("Submission saved:", sub.shape)
