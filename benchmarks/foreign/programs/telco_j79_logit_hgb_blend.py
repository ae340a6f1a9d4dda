"""Telco churn: rank-average blend of a spline/one-hot logistic model and a native
categorical HistGradientBoosting model, both evaluated on the same stratified folds."""
import numpy as np
import pandas as pd
from scipy.stats import rankdata
from sklearn.compose import make_column_selector, make_column_transformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
y = train["churn"].to_numpy()


def tidy(frame: pd.DataFrame) -> pd.DataFrame:
    out = frame.drop(columns=["id", "churn"], errors="ignore").copy()
    # brand-new customers have no bill yet
    out["total_charges"] = out["total_charges"].fillna(0.0)
    out["avg_bill"] = out["total_charges"] / out["tenure"].clip(lower=1)
    out["bill_drift"] = out["monthly_charges"] - out["avg_bill"]
    out["n_addons"] = (out[["online_security", "online_backup", "device_protection",
                            "tech_support", "streaming_tv", "streaming_movies"]] == "Yes").sum(axis=1)
    for col in out.select_dtypes(include="str").columns:
        out[col] = out[col].astype("category")
    return out


X = tidy(train)
X_test = tidy(test)
print("categoricals:", len(X.select_dtypes("category").columns), "numerics:", len(X.select_dtypes("number").columns))

linear = make_pipeline(
    make_column_transformer(
        (SplineTransformer(n_knots=6, degree=3), ["tenure", "monthly_charges"]),
        (make_pipeline(SimpleImputer(strategy="median"), StandardScaler()),
         make_column_selector(dtype_include="number")),
        (OneHotEncoder(handle_unknown="ignore", drop="if_binary", sparse_output=False),
         make_column_selector(dtype_include="category")),
    ),
    LogisticRegression(C=0.2, max_iter=3000),
).set_output(transform="pandas")

boosted = HistGradientBoostingClassifier(
    categorical_features="from_dtype", learning_rate=0.04, max_iter=250,
    max_leaf_nodes=8, min_samples_leaf=40, l2_regularization=2.0,
    early_stopping=False, random_state=17,
)

models = {"logit": linear, "hgb": boosted}
oof = {name: np.zeros(len(X)) for name in models}
test_pred = {name: np.zeros(len(X_test)) for name in models}
folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=17)
for tr_idx, va_idx in folds.split(X, y):
    for name, est in models.items():
        est.fit(X.iloc[tr_idx], y[tr_idx])
        oof[name][va_idx] = est.predict_proba(X.iloc[va_idx])[:, 1]
        test_pred[name] += est.predict_proba(X_test)[:, 1] / folds.n_splits

print("single models (OOF):", {name: round(roc_auc_score(y, oof[name]), 4) for name in models})

blend_oof = 0.5 * rankdata(oof["logit"]) / len(X) + 0.5 * rankdata(oof["hgb"]) / len(X)
blend_test = 0.5 * rankdata(test_pred["logit"]) / len(X_test) + 0.5 * rankdata(test_pred["hgb"]) / len(X_test)

pd.DataFrame({"id": test["id"], "churn": blend_test}).to_csv("./submission/submission.csv", index=False)
print(f"Validation AUC: {roc_auc_score(y, blend_oof):.4f}")
