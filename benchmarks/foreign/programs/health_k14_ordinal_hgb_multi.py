import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer, OrdinalEncoder

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

TARGETS = ["health", "limit", "insurance"]
CAT_COLS = ["gender", "married", "region", "ethnicity", "education"]
EDU_ORDER = ["none", "ged", "highschool", "other", "bachelor", "master", "phd"]

X = train.drop(columns=["id"] + TARGETS)
X_test = test.drop(columns=["id"])


def family_features(df):
    df = df.copy()
    df["age_sq"] = df["age"] ** 2 / 100.0
    df["big_family"] = (df["family"] >= 5).astype(int)
    return df


prep = ColumnTransformer(
    [("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), CAT_COLS)],
    remainder="passthrough",
    verbose_feature_names_out=False,
)

base = Pipeline(
    [
        ("feats", FunctionTransformer(family_features)),
        ("prep", prep),
        (
            "hgb",
            HistGradientBoostingClassifier(
                categorical_features=CAT_COLS,
                learning_rate=0.05,
                max_iter=200,
                max_leaf_nodes=12,
                min_samples_leaf=50,
                l2_regularization=2.0,
                early_stopping=False,
                random_state=0,
            ),
        ),
    ]
).set_output(transform="pandas")

cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=0)
fitted = {}
aucs = []
for target in TARGETS:
    y = train[target]
    res = cross_validate(
        clone(base), X, y, cv=cv, scoring=["roc_auc", "neg_log_loss"], return_train_score=True
    )
    aucs.append(res["test_roc_auc"].mean())
    print(f"{target}: AUC {aucs[-1]:.4f} (train {res['train_roc_auc'].mean():.4f})")
    fitted[target] = clone(base).fit(X, y)

print(f"CV mean AUC: {np.mean(aucs):.4f}")

sub = pd.DataFrame({"id": test["id"]})
for target, model in fitted.items():
    sub[target] = model.predict_proba(X_test)[:, 1]
sub.to_csv("./submission/submission.csv", index=False)
