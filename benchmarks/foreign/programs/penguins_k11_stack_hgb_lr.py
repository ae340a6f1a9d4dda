import numpy as np
import pandas as pd
from sklearn import set_config
from sklearn.base import clone
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.ensemble import HistGradientBoostingClassifier, StackingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, OneHotEncoder, StandardScaler

set_config(transform_output="pandas")

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

TARGET = "species"
X = train.drop(columns=["id", TARGET])
y = train[TARGET]
X_test = test.drop(columns=["id"])


def add_bill_shape(df):
    out = df.copy()
    out["bill_ratio"] = out["bill_length_mm"] / out["bill_depth_mm"]
    out["mass_per_flipper"] = out["body_mass_g"] / out["flipper_length_mm"]
    return out


def as_category(df):
    out = df.copy()
    for c in out.select_dtypes(include="object").columns:
        out[c] = out[c].astype("category")
    return out


hgb = make_pipeline(
    FunctionTransformer(add_bill_shape),
    FunctionTransformer(as_category),
    HistGradientBoostingClassifier(
        categorical_features="from_dtype",
        learning_rate=0.08,
        max_iter=150,
        max_leaf_nodes=8,
        min_samples_leaf=10,
        l2_regularization=1.0,
        random_state=0,
    ),
)

linear_prep = ColumnTransformer(
    [
        (
            "num",
            make_pipeline(SimpleImputer(strategy="median"), StandardScaler()),
            make_column_selector(dtype_include=np.number),
        ),
        (
            "cat",
            make_pipeline(
                SimpleImputer(strategy="most_frequent"),
                OneHotEncoder(handle_unknown="ignore", sparse_output=False),
            ),
            make_column_selector(dtype_include=object),
        ),
    ],
    verbose_feature_names_out=False,
)
logreg = make_pipeline(
    FunctionTransformer(add_bill_shape),
    linear_prep,
    LogisticRegression(C=2.0, max_iter=2000),
)

stack = StackingClassifier(
    estimators=[("hgb", hgb), ("lr", logreg)],
    final_estimator=LogisticRegression(C=1.0, max_iter=1000),
    stack_method="predict_proba",
    cv=StratifiedKFold(n_splits=5, shuffle=True, random_state=1),
)

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
res = cross_validate(
    clone(stack),
    X,
    y,
    cv=cv,
    scoring={"logloss": "neg_log_loss", "acc": "accuracy"},
    return_train_score=True,
)
print(f"train logloss: {-res['train_logloss'].mean():.4f}")
print(f"CV accuracy: {res['test_acc'].mean():.4f}")
print(f"CV logloss: {-res['test_logloss'].mean():.4f}")

final = clone(stack).fit(X, y)
proba = final.predict_proba(X_test)
sub = pd.DataFrame(proba, columns=final.classes_)
sub.insert(0, "id", test["id"].values)
sample = pd.read_csv("./input/sample_submission.csv")
sub = sub[sample.columns]
sub.to_csv("./submission/submission.csv", index=False)
