"""Credit risk: a readable scorecard-style model.

Log-scaled money columns, splines on age and seniority, one-hot categoricals, and a
plain L2 logistic regression. Everything lives in one pipeline with pandas output so
the coefficient table keeps readable names.
"""
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import (FunctionTransformer, OneHotEncoder,
                                   SplineTransformer, StandardScaler)

SEED = 7
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

y = train["Status"].to_numpy()
X = train.drop(columns=["id", "Status"])
X_test = test.drop(columns=["id"])

money_cols = ["Income", "Assets", "Debt", "Amount", "Price", "Expenses"]
curve_cols = ["Age", "Seniority"]
plain_cols = ["Time"]

print(f"train {X.shape}, test {X_test.shape}, bad rate {y.mean():.3f}")


def build_pipeline(C: float = 0.5):
    log_money = make_pipeline(
        FunctionTransformer(np.log1p, feature_names_out="one-to-one"),
        StandardScaler(),
    )
    categorical = make_pipeline(
        SimpleImputer(strategy="constant", fill_value="unknown"),
        OneHotEncoder(handle_unknown="ignore", sparse_output=False, min_frequency=10),
    )
    prep = ColumnTransformer(
        [
            ("money", log_money, money_cols),
            ("curves", SplineTransformer(n_knots=5, degree=3, extrapolation="linear"), curve_cols),
            ("plain", StandardScaler(), plain_cols),
            ("cats", categorical, make_column_selector(dtype_include=["object", "string"])),
        ],
        verbose_feature_names_out=False,
    )
    pipe = make_pipeline(prep, LogisticRegression(C=C, max_iter=2000))
    pipe.set_output(transform="pandas")
    return pipe


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
oof = np.zeros(len(X))
for fold, (tr, va) in enumerate(skf.split(X, y), start=1):
    pipe = build_pipeline()
    pipe.fit(X.iloc[tr], y[tr])
    oof[va] = pipe.predict_proba(X.iloc[va])[:, 1]
    print(f"fold {fold}: logloss {log_loss(y[va], oof[va]):.4f}  auc {roc_auc_score(y[va], oof[va]):.4f}")

print(f"OOF AUC: {roc_auc_score(y, oof):.4f}")

final = build_pipeline().fit(X, y)
coefs = pd.Series(final[-1].coef_.ravel(), index=final[-1].feature_names_in_)
print("strongest coefficients:")
print(coefs.reindex(coefs.abs().sort_values(ascending=False).index).head(8).round(3).to_string())

pd.DataFrame({"id": test["id"], "Status": final.predict_proba(X_test)[:, 1]}).to_csv(
    "./submission/submission.csv", index=False)
print(f"OOF logloss: {log_loss(y, oof):.4f}")
