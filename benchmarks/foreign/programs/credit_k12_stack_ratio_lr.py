import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.ensemble import HistGradientBoostingClassifier, StackingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

TARGET = "Status"
X = train.drop(columns=["id", TARGET])
y = train[TARGET]
X_test = test.drop(columns=["id"])

RAW_MONEY = ["Income", "Assets", "Debt"]


class CreditRatios(BaseEstimator, TransformerMixin):
    def __init__(self, eps=1.0):
        self.eps = eps

    def fit(self, X, y=None):
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        return self

    def transform(self, X):
        X = X.copy()
        X["loan_to_price"] = X["Amount"] / (X["Price"] + self.eps)
        X["monthly_payment"] = X["Amount"] / X["Time"].clip(lower=1)
        X["free_income"] = X["Income"] - X["Expenses"]
        X["payment_burden"] = X["monthly_payment"] / (X["Income"] + self.eps)
        X["net_worth"] = X["Assets"] - X["Debt"]
        return X

    def get_feature_names_out(self, input_features=None):
        extra = ["loan_to_price", "monthly_payment", "free_income", "payment_burden", "net_worth"]
        return np.concatenate([self.feature_names_in_, extra])


cat_sel = make_column_selector(dtype_include=object)

tree_prep = ColumnTransformer(
    [("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), cat_sel)],
    remainder="passthrough",
    verbose_feature_names_out=False,
).set_output(transform="pandas")

hgb = make_pipeline(
    CreditRatios(),
    tree_prep,
    HistGradientBoostingClassifier(
        learning_rate=0.05,
        max_iter=250,
        max_leaf_nodes=15,
        min_samples_leaf=40,
        l2_regularization=1.0,
        categorical_features=["Home", "Marital", "Records", "Job"],
        random_state=0,
    ),
)

engineered = ["loan_to_price", "monthly_payment", "free_income", "payment_burden", "net_worth"]
linear_prep = ColumnTransformer(
    [
        ("money", make_pipeline(SimpleImputer(strategy="median"), StandardScaler()), RAW_MONEY),
        ("eng", StandardScaler(), engineered),
        ("cat", OneHotEncoder(handle_unknown="ignore"), cat_sel),
    ],
    remainder=StandardScaler(),
)

logreg = make_pipeline(CreditRatios(), linear_prep, LogisticRegression(C=0.5, max_iter=3000))

stack = StackingClassifier(
    estimators=[("hgb", hgb), ("lr", logreg)],
    final_estimator=LogisticRegression(max_iter=1000),
    cv=StratifiedKFold(n_splits=4, shuffle=True, random_state=3),
)

cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=0)
scores = cross_validate(
    clone(stack),
    X,
    y,
    cv=cv,
    scoring=["neg_log_loss", "roc_auc"],
    return_train_score=True,
    error_score="raise",
)
print(f"CV AUC: {scores['test_roc_auc'].mean():.4f}")
print(f"CV logloss: {-scores['test_neg_log_loss'].mean():.4f}")

final = clone(stack).fit(X, y)
sub = pd.DataFrame({"id": test["id"], "Status": final.predict_proba(X_test)[:, 1]})
sub.to_csv("./submission/submission.csv", index=False)
