import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

np.random.seed(2023)

churn = pd.read_csv("input/train.csv")
new = pd.read_csv("input/test.csv")
print("train", churn.shape, "test", new.shape)
print("NAs per column:")
print(churn.isna().sum().loc[lambda s: s > 0])
print("tenure of rows with NA total_charges:", churn.loc[churn["total_charges"].isna(), "tenure"].unique())

print("\nchurn rate by contract x internet service")
print(churn.pivot_table(index="contract", columns="internet_service", values="churn",
                        aggfunc="mean").round(3))

services = ["online_security", "online_backup", "device_protection", "tech_support",
            "streaming_tv", "streaming_movies"]


def make_X(df):
    d = df.assign(total_charges=lambda x: x["total_charges"].fillna(x["monthly_charges"] * x["tenure"]))
    X = d[["female", "senior_citizen", "partner", "dependents", "phone_service", "paperless_billing"]].copy()
    X["tenure"] = d["tenure"] / 12
    X["log_tenure"] = np.log1p(d["tenure"])
    X["monthly"] = d["monthly_charges"] / 10
    X["log_total"] = np.log1p(d["total_charges"])
    # services: only the "Yes" indicator; "No internet service" is absorbed by internet_service dummies
    for s in services:
        X[s] = (d[s] == "Yes").astype(int)
    X["multiple_lines"] = (d["multiple_lines"] == "Yes").astype(int)
    f = pd.DataFrame({
        "internet": pd.Categorical(d["internet_service"], categories=["DSL", "Fiber optic", "No"]),
        "contract": pd.Categorical(d["contract"], categories=["Month-to-month", "One year", "Two year"]),
        "pay": pd.Categorical(d["payment_method"], categories=["Mailed check", "Electronic check",
                                                                "Bank transfer (automatic)",
                                                                "Credit card (automatic)"]),
    })
    X = X.join(pd.get_dummies(f, drop_first=True, dtype=int))
    X["fiber_x_tenure"] = X["internet_Fiber optic"] * X["log_tenure"]
    X["m2m_x_paperless"] = (d["contract"] == "Month-to-month").astype(int) * X["paperless_billing"]
    return X


X = make_X(churn)
Xn = make_X(new)
y = churn["churn"].values
sc_cols = ["tenure", "log_tenure", "monthly", "log_total", "fiber_x_tenure"]
mu, sd = X[sc_cols].mean(), X[sc_cols].std()
X[sc_cols] = (X[sc_cols] - mu) / sd
Xn[sc_cols] = (Xn[sc_cols] - mu) / sd
print("\nmodel matrix", X.shape)

Cs = [0.01, 0.03, 0.1, 0.3, 1, 3]
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=5)
out = []
for C in Cs:
    auc = []
    nz = []
    for tr, va in skf.split(X, y):
        fit = LogisticRegression(penalty="l1", solver="liblinear", C=C, max_iter=1000)
        fit.fit(X.iloc[tr], y[tr])
        auc.append(roc_auc_score(y[va], fit.predict_proba(X.iloc[va])[:, 1]))
        nz.append((fit.coef_ != 0).sum())
    out.append([C, np.mean(auc), np.std(auc, ddof=1), np.mean(nz)])
path = pd.DataFrame(out, columns=["C", "auc", "auc_sd", "n_nonzero"])
print("\nlasso path (5-fold CV)")
print(path.round(4).to_string(index=False))

# one-SE rule, like cv.glmnet's lambda.1se
best = path["auc"].idxmax()
thresh = path.loc[best, "auc"] - path.loc[best, "auc_sd"] / np.sqrt(5)
C_1se = path.query("auc >= @thresh")["C"].min()
print(f"C.min = {path.loc[best, 'C']}, C.1se = {C_1se}")
print(f"CV AUC at C.1se: {path.set_index('C').loc[C_1se, 'auc']:.4f}")

fit = LogisticRegression(penalty="l1", solver="liblinear", C=C_1se, max_iter=1000).fit(X, y)
coefs = pd.Series(np.r_[fit.intercept_, fit.coef_.ravel()], index=["(Intercept)"] + list(X.columns))
print("\nnon-zero coefficients:")
print(coefs[coefs != 0].round(3).to_string())

phat = fit.predict_proba(Xn)[:, 1]
print("\nmean predicted churn on test: %.3f (train rate %.3f)" % (phat.mean(), y.mean()))
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": new["id"], "churn": phat}).to_csv("submission/submission.csv", index=False)
