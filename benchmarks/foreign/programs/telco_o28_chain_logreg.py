import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

TARGET = "churn"

SERVICES = ["online_security", "online_backup", "device_protection", "tech_support",
            "streaming_tv", "streaming_movies"]


def tidy_names(df):
    return df.rename(columns=lambda c: c.strip().lower().replace(" ", "_"))


def service_counts(df):
    return df.assign(
        n_services=lambda d: d[SERVICES].eq("Yes").sum(axis=1),
        no_internet=lambda d: d.internet_service.eq("No").astype(int),
    )


def charge_features(df):
    return df.assign(
        total_charges=lambda d: d.total_charges.fillna(d.monthly_charges * d.tenure),
        avg_charge=lambda d: d.total_charges / d.tenure.clip(lower=1),
        charge_gap=lambda d: d.monthly_charges - d.avg_charge,
        log_tenure=lambda d: np.log1p(d.tenure),
        new_customer=lambda d: d.tenure.le(6).astype(int),
    )


def prepare(df):
    return df.pipe(tidy_names).pipe(service_counts).pipe(charge_features)


train = pd.read_csv("input/train.csv").pipe(prepare)
test = pd.read_csv("input/test.csv").pipe(prepare)

# churn rate by contract and internet type
(
    train.groupby(["contract", "internet_service"])
    .agg(customers=(TARGET, "size"), churn_rate=(TARGET, "mean"), tenure=("tenure", "median"))
    .query("customers >= 50")
    .sort_values("churn_rate", ascending=False)
    .round(3)
    .pipe(print)
)

categorical = train.select_dtypes(include=["object", "string"]).columns.tolist()
numeric = train.drop(columns=["id", TARGET]).select_dtypes("number").columns.tolist()
print(f"{len(categorical)} categorical, {len(numeric)} numeric columns")

model = make_pipeline(
    make_column_transformer(
        (OneHotEncoder(handle_unknown="ignore", drop="if_binary"), categorical),
        (StandardScaler(), numeric),
    ),
    LogisticRegression(C=0.5, max_iter=2000),
)

X, y = train[categorical + numeric], train[TARGET]
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=11)
auc = cross_val_score(model, X, y, cv=cv, scoring="roc_auc")
print("fold AUCs:", np.round(auc, 4))
print(f"CV AUC = {auc.mean():.4f} +/- {auc.std():.4f}")

fitted = model.fit(X, y)
print("train AUC:", round(roc_auc_score(y, fitted.predict_proba(X)[:, 1]), 4))

(
    test.assign(churn=lambda d: fitted.predict_proba(d[categorical + numeric])[:, 1])
    .loc[:, ["id", TARGET]]
    .to_csv("submission/submission.csv", index=False)
)
