import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.ensemble import HistGradientBoostingClassifier, StackingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler, TargetEncoder

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

X = train.drop(columns=["id", "Status"])
y = train["Status"]
X_test = test.drop(columns=["id"])


class FillCategorical(BaseEstimator, TransformerMixin):
    def __init__(self, token="missing"):
        self.token = token

    def fit(self, X, y=None):
        self.cols_ = list(X.select_dtypes(include=["object", "str"]).columns)
        return self

    def transform(self, X):
        X = X.copy()
        for c in self.cols_:
            X[c] = X[c].fillna(self.token).astype(str)
        X["loan_to_price"] = X["Amount"] / X["Price"]
        X["installment"] = X["Amount"] / X["Time"]
        X["savings_rate"] = (X["Income"] - X["Expenses"]) / X["Income"].clip(lower=1)
        return X


encode = ColumnTransformer(
    [
        ("te", TargetEncoder(target_type="binary", smooth="auto", cv=5, random_state=0), make_column_selector(dtype_include=["object", "str"])),
    ],
    remainder="passthrough",
    verbose_feature_names_out=False,
).set_output(transform="pandas")

hgb = make_pipeline(
    FillCategorical(),
    encode,
    HistGradientBoostingClassifier(
        learning_rate=0.05, max_iter=200, max_leaf_nodes=15, min_samples_leaf=40, l2_regularization=1.0, random_state=0
    ),
)
lin = make_pipeline(
    FillCategorical(),
    clone(encode),
    SimpleImputer(strategy="median"),
    StandardScaler(),
    LogisticRegression(C=0.3, max_iter=2000),
)
stack = StackingClassifier(
    [("hgb", hgb), ("lin", lin)],
    final_estimator=LogisticRegression(),
    cv=StratifiedKFold(n_splits=3, shuffle=True, random_state=1),
)

res = cross_validate(
    clone(stack),
    X,
    y,
    cv=StratifiedKFold(n_splits=4, shuffle=True, random_state=0),
    scoring={"ll": "neg_log_loss", "auc": "roc_auc"},
    return_train_score=True,
)
print(f"CV AUC {res['test_auc'].mean():.4f} | train logloss {-res['train_ll'].mean():.4f}")
print(f"CV logloss: {-res['test_ll'].mean():.4f}")

final = clone(stack).fit(X, y)
pd.DataFrame({"id": test["id"], "Status": final.predict_proba(X_test)[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
