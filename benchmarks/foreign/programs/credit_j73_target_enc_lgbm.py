"""Credit risk: TargetEncoder (cross-fitted) feeding a small LightGBM, pandas output
end to end, multi-metric CV and a permutation-importance check on a holdout."""
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.impute import SimpleImputer
from sklearn.inspection import permutation_importance
from sklearn.model_selection import StratifiedKFold, cross_validate, train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import TargetEncoder

RNG = 2024
df = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

y = df.pop("Status")
ids_test = test.pop("id")
df = df.drop(columns="id")

# missing labels in the text columns become their own level before encoding
for frame in (df, test):
    for col in frame.select_dtypes(include="str").columns:
        frame[col] = frame[col].fillna("missing")

inner_cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=RNG + 1)
encode = ColumnTransformer(
    [
        ("te", TargetEncoder(target_type="binary", smooth="auto", cv=inner_cv),
         make_column_selector(dtype_include="str")),
        ("num", SimpleImputer(strategy="median", add_indicator=True),
         make_column_selector(dtype_include="number")),
    ],
    verbose_feature_names_out=False,
)

gbm = LGBMClassifier(
    n_estimators=350,
    learning_rate=0.03,
    num_leaves=12,
    min_child_samples=40,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.8,
    reg_lambda=2.0,
    random_state=RNG,
    n_jobs=1,
    verbose=-1,
)
model = Pipeline([("encode", encode), ("gbm", gbm)]).set_output(transform="pandas")

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=RNG)
res = cross_validate(model, df, y, cv=cv,
                     scoring=["neg_log_loss", "roc_auc", "average_precision"], n_jobs=1)
summary = pd.DataFrame({k.removeprefix("test_"): v for k, v in res.items() if k.startswith("test_")})
summary["neg_log_loss"] *= -1
print(summary.agg(["mean", "std"]).round(4).to_string())

# which raw columns matter: permute on a holdout
X_tr, X_ho, y_tr, y_ho = train_test_split(df, y, test_size=0.25, stratify=y, random_state=RNG)
model.fit(X_tr, y_tr)
imp = permutation_importance(model, X_ho, y_ho, scoring="neg_log_loss",
                             n_repeats=5, random_state=RNG, n_jobs=1)
ranking = pd.Series(imp.importances_mean, index=X_ho.columns).sort_values(ascending=False)
print("permutation importance (logloss increase):")
print(ranking.head(6).round(4).to_string())

model.fit(df, y)
proba = model.predict_proba(test)[:, 1]
pd.DataFrame({"id": ids_test, "Status": proba}).to_csv("./submission/submission.csv", index=False)
print(f"CV logloss = {summary['neg_log_loss'].mean():.4f}")
