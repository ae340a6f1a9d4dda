"""Telco churn: one-hot + scaled logistic regression, multi-metric CV, and a
permutation-importance report so the retention team can see what drives churn."""
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.impute import SimpleImputer
from sklearn.inspection import permutation_importance
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate, train_test_split
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import FunctionTransformer, OneHotEncoder, StandardScaler

SEED = 31
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

X = train.drop(columns=["id", "churn"])
y = train["churn"]
X_test = test.drop(columns=["id"])

skewed = ["total_charges"]
numeric = make_column_selector(dtype_include="number")
text = make_column_selector(dtype_include="str")

prep = ColumnTransformer(
    [
        ("log_total", make_pipeline(SimpleImputer(strategy="constant", fill_value=0.0),
                                    FunctionTransformer(np.log1p, feature_names_out="one-to-one"),
                                    StandardScaler()), skewed),
        ("num", StandardScaler(), lambda df: [c for c in numeric(df) if c not in skewed]),
        ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), text),
    ]
)
model = Pipeline([("prep", prep), ("clf", LogisticRegression(C=0.5, max_iter=2000))])
model.set_output(transform="pandas")

cv = cross_validate(
    model, X, y,
    cv=StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED),
    scoring={"auc": "roc_auc", "logloss": "neg_log_loss", "ap": "average_precision"},
)
print(f"CV AUC: {cv['test_auc'].mean():.4f} (+/- {cv['test_auc'].std():.4f})")
print(f"CV logloss: {-cv['test_logloss'].mean():.4f} | CV AP: {cv['test_ap'].mean():.4f}")


def importance_report(fitted, X_val, y_val, top=10):
    result = permutation_importance(fitted, X_val, y_val, scoring="roc_auc",
                                    n_repeats=5, random_state=SEED)
    names = fitted.named_steps["prep"].get_feature_names_out()
    table = pd.DataFrame(
        {"mean": result.importances_mean, "std": result.importances_std},
        index=names,
    ).sort_values("mean", ascending=False)
    return table.head(top)


X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.2, stratify=y, random_state=SEED)
model.fit(X_tr, y_tr)
print("AUC drop when a feature is shuffled:")
print(importance_report(model, X_val, y_val).round(4).to_string())

model.fit(X, y)
pd.DataFrame({"id": test["id"], "churn": model.predict_proba(X_test)[:, 1]}).to_csv(
    "./submission/submission.csv", index=False)
print(f"Validation AUC: {cv['test_auc'].mean():.4f}")
