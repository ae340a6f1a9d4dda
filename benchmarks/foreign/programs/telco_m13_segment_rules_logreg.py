# Telco churn - segment report + logistic regression scorecard
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import roc_auc_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train:", train.shape, " test:", test.shape)
print("overall churn rate: {:.1%}".format(train["churn"].mean()))

service_cols = ["multiple_lines", "online_security", "online_backup", "device_protection",
                "tech_support", "streaming_tv", "streaming_movies"]


def clean(df):
    d = df.copy()
    # blank total charges = brand new customers; business rule: monthly x tenure
    d["total_charges"] = d["total_charges"].fillna(d["monthly_charges"] * d["tenure"])
    for c in service_cols + ["contract", "payment_method", "internet_service"]:
        d[c] = d[c].str.strip()
    d["n_services"] = (d[service_cols] == "Yes").sum(axis=1)
    d["has_internet"] = np.where(d["internet_service"] == "No", 0, 1)
    d["fiber"] = np.where(d["internet_service"] == "Fiber optic", 1, 0)
    d["auto_pay"] = np.where(d["payment_method"].str.contains("automatic"), 1, 0)
    d["echeck"] = np.where(d["payment_method"] == "Electronic check", 1, 0)
    d["tenure_band"] = pd.cut(d["tenure"], bins=[-1, 6, 12, 24, 48, 100],
                              labels=["0-6m", "7-12m", "1-2y", "2-4y", "4y+"])
    d["avg_monthly_billed"] = np.where(d["tenure"] > 0, d["total_charges"] / d["tenure"].clip(lower=1),
                                       d["monthly_charges"])
    conditions = [
        (d["contract"] == "Month-to-month") & (d["tenure"] <= 12),
        (d["contract"] == "Month-to-month"),
        (d["contract"] == "One year"),
    ]
    d["risk_segment"] = np.select(conditions, ["high", "medium", "low"], default="very low")
    return d


tr = clean(train)
te = clean(test)

print("\nChurn rate by contract:")
print(pd.crosstab(tr["contract"], tr["churn"], normalize="index").round(3).to_string())

print("\nChurn rate by tenure band:")
tb = (tr.groupby("tenure_band", observed=True)
        .agg(customers=("id", "count"), churners=("churn", "sum"), churn_rate=("churn", "mean"),
             avg_monthly=("monthly_charges", "mean")))
print(tb.round(3).to_string())

print("\nRule-based segment check:")
seg = (tr.groupby("risk_segment")
         .agg(customers=("id", "count"), churn_rate=("churn", "mean"))
         .sort_values("churn_rate", ascending=False))
seg["pct_of_base"] = (seg["customers"] / seg["customers"].sum() * 100).round(1)
print(seg.round(3).to_string())

print("\nPayment method mix:")
print(tr["payment_method"].value_counts().to_string())

# ---- model
cat_cols = ["internet_service", "contract", "payment_method", "tenure_band", "risk_segment"] + service_cols
num_cols = ["female", "senior_citizen", "partner", "dependents", "tenure", "phone_service",
            "paperless_billing", "monthly_charges", "total_charges", "n_services",
            "has_internet", "fiber", "auto_pay", "echeck", "avg_monthly_billed"]

both = pd.concat([tr[cat_cols + num_cols], te[cat_cols + num_cols]], keys=["tr", "te"])
both = pd.get_dummies(both, columns=cat_cols, drop_first=True, dtype=float)
both["log_total"] = np.log1p(both["total_charges"])
X = both.loc["tr"].reset_index(drop=True)
X_test = both.loc["te"].reset_index(drop=True)
y = tr["churn"]
print("\nfeature count:", X.shape[1])

X_fit, X_val, y_fit, y_val = train_test_split(X, y, test_size=0.25, stratify=y, random_state=7)
scaler = StandardScaler().fit(X_fit)
clf = LogisticRegression(C=0.5, max_iter=2000)
clf.fit(scaler.transform(X_fit), y_fit)
val_p = clf.predict_proba(scaler.transform(X_val))[:, 1]
print(f"Validation AUC: {roc_auc_score(y_val, val_p):.4f}")

# biggest drivers, for the slide deck
coefs = pd.Series(clf.coef_[0], index=X.columns).sort_values()
print("\nTop churn drivers (+):")
print(coefs.tail(6).round(3).to_string())
print("Top retention drivers (-):")
print(coefs.head(6).round(3).to_string())

# decile lift table on the holdout
lift = pd.DataFrame({"p": val_p, "churn": y_val.values})
lift["decile"] = pd.qcut(lift["p"].rank(method="first"), 10, labels=False) + 1
lt = lift.groupby("decile").agg(n=("churn", "size"), churners=("churn", "sum"), avg_score=("p", "mean"))
lt = lt.sort_index(ascending=False)
lt["cum_capture"] = (lt["churners"].cumsum() / lt["churners"].sum()).round(3)
print("\nHoldout decile table:")
print(lt.round(3).to_string())

# refit on all rows
scaler = StandardScaler().fit(X)
clf.fit(scaler.transform(X), y)
test_p = clf.predict_proba(scaler.transform(X_test))[:, 1]

sub = pd.DataFrame({"id": test["id"], "churn": test_p})
sub.to_csv("./submission/submission.csv", index=False)
print("\nsubmission rows:", len(sub), " avg churn probability:", round(sub["churn"].mean(), 4))
